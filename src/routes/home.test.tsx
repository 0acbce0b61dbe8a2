import { fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { useAuth } from "../stores/auth";
import { admin, ava } from "../test/fixtures";
import { renderApp } from "../test/render-route";

beforeEach(() => {
  useAuth.setState({ user: null, pending: false });
});

describe("home page", () => {
  it("welcomes visitors; Sign Up opens the sign-in modal", async () => {
    renderApp("/");
    await screen.findByRole("heading", { name: "Welcome to Reelpay", level: 1 });
    expect(screen.queryByRole("heading", { name: "Recommended for You" })).toBeNull();
    expect(screen.getByRole("heading", { name: "Discover Content" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(screen.getByRole("dialog", { name: "Welcome to Reelpay" })).toBeTruthy();
  });

  it("shows signed-in users their sections as coming soon, without admin shortcuts", async () => {
    useAuth.setState({ user: ava });
    renderApp("/");
    const recommended = await screen.findByRole("region", { name: "Recommended for You" });
    expect(recommended.textContent).toContain("Coming soon");
    expect(screen.getByRole("region", { name: "Sign-On Challenge" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Welcome to Reelpay" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Bulk Upload" })).toBeNull();
  });

  it("gives admins Bulk Upload and Admin buttons", async () => {
    useAuth.setState({ user: admin });
    renderApp("/");
    expect(await screen.findByRole("link", { name: "Bulk Upload" })).toHaveProperty("pathname", "/upload/bulk");
    // One Admin link in the header, one on the page.
    expect(screen.getAllByRole("link", { name: "Admin" })).toHaveLength(2);
  });

  it("shows Page not found with a way home for unknown addresses", async () => {
    renderApp("/no/such/page");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go home" })).toHaveProperty("pathname", "/");
  });
});
