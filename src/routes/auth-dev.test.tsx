import { fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useAuth } from "../stores/auth";
import { renderApp } from "../test/render-route";

beforeEach(() => {
  useAuth.setState({ user: null, pending: false });
});

describe("local sign-in page", () => {
  it("returns a demo account to the callback with the dev code and the state", async () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    renderApp("/auth/dev?state=a%2Fb");
    await screen.findByRole("heading", { name: "Local sign-in" });
    for (const email of ["admin@example.com", "ava@example.com", "ben@example.com", "viewer@example.com"]) {
      expect(screen.getByRole("button", { name: email })).toBeVisible();
    }
    fireEvent.click(screen.getByRole("button", { name: "ben@example.com" }));
    expect(assign).toHaveBeenCalledWith("/auth/callback?code=dev%3Aben%40example.com&state=a%2Fb");
  });

  it("accepts any other email", async () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    renderApp("/auth/dev?state=s1");
    fireEvent.change(await screen.findByLabelText("Email"), { target: { value: " new@example.com " } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(assign).toHaveBeenCalledWith("/auth/callback?code=dev%3Anew%40example.com&state=s1");
  });
});
