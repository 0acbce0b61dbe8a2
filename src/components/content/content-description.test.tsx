import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ContentDescription } from "./content-description";

// The player page's description (docs/decisions/098): four lines, and Show more / Show less only when longer.
// happy-dom lays nothing out: the heights the browser would measure are given here, per test.

function layOut({ content, box }: { content: number; box: number }) {
  Object.defineProperty(HTMLElement.prototype, "scrollHeight", { configurable: true, get: () => content });
  Object.defineProperty(HTMLElement.prototype, "clientHeight", { configurable: true, get: () => box });
}

afterEach(() => {
  // The prototype's own getters (Element's) take over again.
  Reflect.deleteProperty(HTMLElement.prototype, "scrollHeight");
  Reflect.deleteProperty(HTMLElement.prototype, "clientHeight");
});

describe("ContentDescription", () => {
  it("cuts a long description to four lines, and the button shows it all and cuts it again", () => {
    layOut({ content: 2400, box: 96 });
    const long = "A very long description. ".repeat(200);
    render(<ContentDescription text={long} />);
    const text = screen.getByText(long.trim(), { exact: false });
    expect(text.className).toContain("line-clamp-4");

    const more = screen.getByRole("button", { name: "Show more" });
    expect(more.getAttribute("aria-expanded")).toBe("false");
    expect(more.getAttribute("aria-controls")).toBe(text.id);
    fireEvent.click(more);
    expect(text.className).not.toContain("line-clamp-4");
    const less = screen.getByRole("button", { name: "Show less" });
    expect(less.getAttribute("aria-expanded")).toBe("true");

    fireEvent.click(less);
    expect(text.className).toContain("line-clamp-4");
    expect(screen.getByRole("button", { name: "Show more" })).toBeTruthy();
  });

  it("shows a short description whole, with no button", () => {
    layOut({ content: 48, box: 48 });
    render(<ContentDescription text="Synths after dark." />);
    expect(screen.getByText("Synths after dark.")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });
});
