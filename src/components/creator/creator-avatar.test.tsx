import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CreatorAvatar } from "./creator-avatar";

describe("CreatorAvatar (docs/decisions/091)", () => {
  it("loads a card's avatar lazily, at low priority, with its size reserved", () => {
    const { container } = render(<CreatorAvatar creatorId="u1" name="ava" url="/api/users/u1/avatar?v=1" size="sm" />);
    const img = container.querySelector("img")!;
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("fetchpriority")).toBe("low");
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["24", "24"]);
    expect(img.getAttribute("alt")).toBe("");
  });

  it("shows the initial (of an emoji name too) when there is no image, or when it fails to load", () => {
    const { container, rerender } = render(<CreatorAvatar creatorId="u1" name="ava" url="/broken" size="md" />);
    fireEvent.error(container.querySelector("img")!);
    expect(screen.getByTestId("avatar-fallback").textContent).toBe("A");
    rerender(<CreatorAvatar creatorId="u1" name="🎬studio" url={null} size="md" />);
    expect(screen.getByTestId("avatar-fallback").textContent).toBe("🎬");
  });
});
