import { fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { useAuth } from "../stores/auth";
import { ava } from "../test/fixtures";
import { renderApp } from "../test/render-route";

beforeEach(() => {
  useAuth.setState({ user: null, pending: false });
});

describe("content page", () => {
  it("asks visitors to sign in and opens the sign-in modal", async () => {
    renderApp("/content/abc");
    expect(await screen.findByRole("heading", { name: "Sign In Required" })).toBeTruthy();
    expect(screen.getByText("You must be signed in to watch or stream content")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Sign In to Watch" }));
    expect(screen.getAllByRole("dialog", { name: "Welcome to Reelpay" })).toHaveLength(1);
  });

  it("tells signed-in users the player is coming", async () => {
    useAuth.setState({ user: ava });
    renderApp("/content/abc");
    expect(await screen.findByText("Coming soon: the player.")).toBeTruthy();
    expect(screen.queryByText("Sign In Required")).toBeNull();
  });
});
