import { fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthState } from "../stores/auth";
import { useAuth } from "../stores/auth";
import { useSearchDraft } from "../stores/search-draft";
import { stubFetch } from "../test/fetch";
import { admin, ava } from "../test/fixtures";
import { renderRoutes } from "../test/render-route";
import { Header } from "./header";

function renderHeader(auth: Pick<AuthState, "user" | "pending">, path = "/") {
  useAuth.setState(auth);
  return renderRoutes([{ path: "*", Component: Header }], path);
}

beforeEach(() => {
  useSearchDraft.setState({ draft: "", committed: null, committedOn: null });
});

const accountNav = () => screen.getByRole("navigation", { name: "Account" });

describe("Header", () => {
  it("shows no account controls while sign-in is still being checked", () => {
    renderHeader({ user: null, pending: true });
    expect(screen.getByRole("link", { name: "Reelpay" })).toHaveProperty("pathname", "/");
    expect(screen.queryByRole("button", { name: "Sign In" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Profile" })).toBeNull();
  });

  it("offers Sign In to visitors, which goes straight to the provider", async () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    stubFetch({ "GET /api/oauth/google/redirect_url": { body: { redirectUrl: "/auth/dev?state=s" } } });
    renderHeader({ user: null, pending: false });
    expect(screen.queryByRole("link", { name: "Wallet" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("/auth/dev?state=s"));
  });

  it("shows a signed-in user's links and username, without Admin", () => {
    renderHeader({ user: ava, pending: false });
    const nav = within(accountNav());
    for (const [name, href] of [
      ["Profile", "/profile"],
      ["Following", "/following"],
      ["Wallet", "/wallet"],
      ["Upload", "/upload"],
    ]) {
      expect(nav.getByRole("link", { name })).toHaveProperty("pathname", href);
    }
    expect(nav.queryByRole("link", { name: "Admin" })).toBeNull();
    expect(nav.getByText("ava")).toBeVisible();
    expect(nav.getByRole("button", { name: "Sign Out" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Sign In" })).toBeNull();
  });

  it("shows Admin to admins and falls back to the email without a username", () => {
    renderHeader({ user: admin, pending: false });
    const nav = within(accountNav());
    expect(nav.getByRole("link", { name: "Admin" })).toHaveProperty("pathname", "/admin");
    expect(nav.getByText("admin@example.com")).toBeVisible();
  });

  it("signs out locally at once and returns home", () => {
    stubFetch({ "GET /api/logout": { body: { ok: true } } });
    const { router } = renderHeader({ user: ava, pending: false }, "/wallet");
    fireEvent.click(screen.getByRole("button", { name: "Sign Out" }));
    expect(useAuth.getState().user).toBeNull();
    expect(router.state.location.pathname).toBe("/");
    expect(screen.getByRole("button", { name: "Sign In" })).toBeVisible();
  });

  it("folds the account links behind a Menu button that Escape, a click outside or a chosen link closes", async () => {
    const { router } = renderHeader({ user: ava, pending: false }, "/wallet");
    const menu = screen.getByRole("button", { name: "Menu" });
    const panel = document.getElementById(menu.getAttribute("aria-controls") ?? "");
    expect(panel?.contains(screen.getByRole("link", { name: "Profile" }))).toBe(true);
    expect(menu.getAttribute("aria-expanded")).toBe("false");
    expect(panel?.className).toMatch(/(^| )hidden( |$)/);

    fireEvent.click(menu);
    expect(menu.getAttribute("aria-expanded")).toBe("true");
    expect(panel?.className).not.toMatch(/(^| )hidden( |$)/);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(menu.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(menu);

    fireEvent.click(menu);
    fireEvent.pointerDown(document.body);
    expect(menu.getAttribute("aria-expanded")).toBe("false");

    fireEvent.click(menu);
    fireEvent.click(screen.getByRole("link", { name: "Profile" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/profile"));
    expect(screen.getByRole("button", { name: "Menu" }).getAttribute("aria-expanded")).toBe("false");
  });

  it("keeps the spec's placeholder where it fits and a short one on a phone, with the full name for both", () => {
    const phone = vi.spyOn(window, "matchMedia").mockImplementation(
      (query) =>
        ({
          matches: false,
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    renderHeader({ user: ava, pending: false });
    const search = screen.getByRole("searchbox", { name: "Search content or creators" });
    expect(search.getAttribute("placeholder")).toBe("Search...");
    phone.mockRestore();
  });

  it("has search and type filters on the home page only, kept in the address", async () => {
    const { router } = renderHeader({ user: null, pending: false });
    const search = screen.getByPlaceholderText("Search content or creators...");
    fireEvent.change(search, { target: { value: "jazz" } });
    fireEvent.click(screen.getByRole("button", { name: "Audio" }));
    await vi.waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        q: "jazz",
        type: "audio",
      }),
    );
    expect(screen.getByRole("button", { name: "Audio" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: "All" }).getAttribute("aria-pressed")).toBe("false");
    void router.navigate("/wallet");
    return vi.waitFor(() => expect(screen.queryByRole("searchbox")).toBeNull());
  });

  it("keeps a search typed before the box first read the address, and searches it", async () => {
    // A busy page: the keys land in the box before its first effects ran (the first load's fallback shell). Reading
    // the address then must not wipe what was typed.
    useSearchDraft.getState().setDraft("sunset");
    const { router } = renderHeader({ user: null, pending: false });
    expect(screen.getByRole("searchbox")).toHaveProperty("value", "sunset");
    await vi.waitFor(() => expect(router.state.location.search).toBe("?q=sunset"));
  });
});
