import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useAuth } from "../stores/auth";
import { expectConsoleError } from "../test/console";
import { backgroundEarningsRoutes } from "../test/earnings-fixtures";
import { stubFetch } from "../test/fetch";
import { ava } from "../test/fixtures";
import { renderApp } from "../test/render-route";

const callbackUrl = "/auth/callback?code=dev%3Aava%40example.com&state=s1";

beforeEach(() => {
  useAuth.setState({ user: null, pending: false });
  // The store reads the code from the browser's address, as it would after the provider's redirect.
  window.history.replaceState(null, "", callbackUrl);
});

describe("auth callback", () => {
  it("signs in, then replaces itself with the home page", async () => {
    const fetchMock = stubFetch({
      "POST /api/sessions": { body: { user: ava } },
      "GET /api/session": { body: { user: ava } },
      // Home, where the callback lands, loads the gallery and (signed in) runs the earnings job.
      "GET /api/content": { body: { items: [], nextCursor: null } },
      ...backgroundEarningsRoutes,
    });
    const { router } = renderApp(callbackUrl);
    expect(await screen.findByText("Completing sign in...")).toBeVisible();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(router.state.historyAction).toBe("REPLACE");
    expect(useAuth.getState().user).toEqual(ava);
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === "/api/sessions")).toHaveLength(1);
  });

  it("logs a refused code and still goes home, signed out", async () => {
    const consoleError = expectConsoleError();
    stubFetch({
      "POST /api/sessions": { status: 401 },
      "GET /api/content": { body: { items: [], nextCursor: null } },
    });
    const { router } = renderApp(callbackUrl);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect((consoleError.mock.calls[0][0] as Error).message).toBe(
      "Failed to exchange code for session token: API responded with HTTP status 401",
    );
    expect(useAuth.getState().user).toBeNull();
    expect(await screen.findByRole("heading", { name: "Welcome to Reelpay" })).toBeVisible();
  });
});
