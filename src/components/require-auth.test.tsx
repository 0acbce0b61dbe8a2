import { act, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { useAuth } from "../stores/auth";
import { noAdEvents } from "../test/admin-fixtures";
import { backgroundEarningsRoutes } from "../test/earnings-fixtures";
import { stubFetch } from "../test/fetch";
import { admin, ava } from "../test/fixtures";
import { renderApp } from "../test/render-route";

beforeEach(() => {
  useAuth.setState({ user: null, pending: false });
  // The screens behind the guards load data; these tests are about where the guards send people.
  stubFetch({ ...backgroundEarningsRoutes, "GET /api/content": { body: { items: [], nextCursor: null } } });
});

describe("route guards", () => {
  it("sends a visitor from /wallet to the home page", async () => {
    const { router } = renderApp("/wallet");
    expect(await screen.findByRole("heading", { name: "Welcome to Reelpay" })).toBeVisible();
    expect(router.state.location.pathname).toBe("/");
  });

  it.each(["/profile", "/upload", "/upload/bulk", "/admin"])("sends a visitor from %s home", async (path) => {
    const { router } = renderApp(path);
    await screen.findByRole("heading", { name: "Welcome to Reelpay" });
    expect(router.state.location.pathname).toBe("/");
  });

  it("lets a signed-in user into /wallet", async () => {
    useAuth.setState({ user: ava });
    const { router } = renderApp("/wallet");
    expect(await screen.findByRole("heading", { name: "Wallet" })).toBeVisible();
    expect(router.state.location.pathname).toBe("/wallet");
  });

  it("sends a signed-in non-admin from /admin to the home page", async () => {
    useAuth.setState({ user: ava });
    const { router } = renderApp("/admin");
    await screen.findByRole("tab", { name: "Recommended for You" });
    expect(router.state.location.pathname).toBe("/");
    expect(screen.queryByRole("tablist", { name: "Admin sections" })).toBeNull();
  });

  it("lets an admin stay on /admin", async () => {
    useAuth.setState({ user: admin });
    // The dashboard loads its summary and first tab at once.
    stubFetch({
      "GET /api/admin/users": { body: [] },
      "GET /api/admin/payments": { body: [] },
      "GET /api/admin/analytics": { body: { topContent: [], topUsers: [], topEarners: [], discoveryStats: [] } },
      "GET /api/admin/analytics/ads": { body: noAdEvents },
    });
    const { router } = renderApp("/admin");
    expect(await screen.findByRole("tablist", { name: "Admin sections" })).toBeVisible();
    expect(router.state.location.pathname).toBe("/admin");
  });

  it("waits for the sign-in check before deciding", async () => {
    useAuth.setState({ user: null, pending: true });
    const { router } = renderApp("/wallet");
    // A spinner (the first load's, then the guard's own while the check is pending) and no redirect.
    await waitFor(() => expect(screen.getByRole("status")).toBeVisible());
    expect(router.state.location.pathname).toBe("/wallet");
    act(() => useAuth.setState({ user: ava, pending: false }));
    expect(await screen.findByRole("heading", { name: "Wallet" })).toBeVisible();
    expect(router.state.location.pathname).toBe("/wallet");
  });
});
