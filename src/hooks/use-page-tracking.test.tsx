import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Link, Outlet, type RouteObject } from "react-router";
import type { PageVisitPayload } from "../lib/tracker";
import { ATTRIBUTION_KEY } from "../lib/tracker/attribution";
import { SESSION_KEY } from "../lib/tracker/session";
import { useAuth } from "../stores/auth";
import { stubFetch } from "../test/fetch";
import { ava } from "../test/fixtures";
import { renderApp, renderRoutes } from "../test/render-route";
import { usePageTracking } from "./use-page-tracking";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const T0 = Date.UTC(2026, 10, 21, 12);

function Layout() {
  usePageTracking();
  return (
    <>
      <nav>
        <Link to="/content/c1">Watch</Link>
        <Link to="/creator/u1">Creator</Link>
      </nav>
      <Outlet />
    </>
  );
}

const routes: RouteObject[] = [
  {
    path: "/",
    Component: Layout,
    children: [
      { index: true, element: <p>Home</p> },
      { path: "content/:id", element: <p>Content</p> },
      { path: "creator/:id", element: <p>Creator</p> },
    ],
  },
];

/** Stubs the API; returns the visits posted so far (parsed). */
function stubTracker(track: Parameters<typeof stubFetch>[0][string] = { status: 204 }) {
  const fetchMock = stubFetch({
    "GET /api/analytics/config": { body: { ga4_id: "", facebook_pixel_id: "" } },
    "POST /api/analytics/track": track,
  });
  const visits = () =>
    fetchMock.mock.calls
      .filter(([url]) => url === "/api/analytics/track")
      .map(([, init]) => JSON.parse(String(init?.body)) as PageVisitPayload);
  return { fetchMock, visits };
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
  vi.spyOn(navigator, "userAgent", "get").mockReturnValue(IPHONE);
  useAuth.setState({ user: null, pending: false });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("page tracking", () => {
  it("posts one visit on the first load (StrictMode runs effects twice) with the spec's payload", async () => {
    const { fetchMock, visits } = stubTracker();
    renderRoutes(routes, "/");
    await waitFor(() => expect(visits()).toHaveLength(1));
    const session = JSON.parse(sessionStorage.getItem(SESSION_KEY)!) as { id: string };
    expect(visits()[0]).toEqual({
      session_id: session.id,
      user_id: null,
      page_path: "/",
      referrer: null,
      visit_duration: 0,
      page_views: 1,
      device_type: "mobile",
      browser: "safari",
      user_agent: IPHONE,
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      utm_term: null,
      utm_content: null,
    });
    const [, init] = fetchMock.mock.calls.find(([url]) => url === "/api/analytics/track")!;
    expect(init).toMatchObject({ method: "POST", keepalive: true, headers: { "Content-Type": "application/json" } });
  });

  it("posts a visit per route change: same session, page views counting up, seconds since the start", async () => {
    const { visits } = stubTracker();
    useAuth.setState({ user: ava, pending: false });
    renderRoutes(routes, "/");
    await waitFor(() => expect(visits()).toHaveLength(1));

    vi.setSystemTime(T0 + 42_600);
    fireEvent.click(screen.getByRole("link", { name: "Watch" }));
    await screen.findByText("Content");
    vi.setSystemTime(T0 + 95_000);
    fireEvent.click(screen.getByRole("link", { name: "Creator" }));
    await screen.findByText("Creator", { selector: "p" });
    await waitFor(() => expect(visits()).toHaveLength(3));

    expect(visits().map((v) => [v.page_path, v.page_views, v.visit_duration])).toEqual([
      ["/", 1, 0],
      ["/content/c1", 2, 42],
      ["/creator/u1", 3, 95],
    ]);
    expect(new Set(visits().map((v) => v.session_id)).size).toBe(1);
    expect(visits().every((v) => v.user_id === ava.id)).toBe(true);
  });

  it("credits later pages of a campaign visit to it, and sends the path without the query", async () => {
    const { visits } = stubTracker();
    const { router } = renderRoutes(routes, "/?utm_source=newsletter&utm_campaign=launch");
    await waitFor(() => expect(visits()).toHaveLength(1));
    await router.navigate("/content/c1");
    await waitFor(() => expect(visits()).toHaveLength(2));

    for (const visit of visits())
      expect(visit).toMatchObject({ utm_source: "newsletter", utm_campaign: "launch", utm_medium: null });
    expect(visits()[0]?.page_path).toBe("/");
    expect(JSON.parse(localStorage.getItem(ATTRIBUTION_KEY)!)).toMatchObject({
      utm_source: "newsletter",
      landing_page: "/",
      timestamp: T0,
    });
  });

  it("saves no attribution without utm parameters", async () => {
    const { visits } = stubTracker();
    renderRoutes(routes, "/?ref=friend");
    await waitFor(() => expect(visits()).toHaveLength(1));
    expect(localStorage.getItem(ATTRIBUTION_KEY)).toBeNull();
    expect(visits()[0]?.utm_source).toBeNull();
  });

  it("drops a campaign older than 720 hours", async () => {
    localStorage.setItem(
      ATTRIBUTION_KEY,
      JSON.stringify({ utm_source: "old", timestamp: T0 - 721 * 3600 * 1000, landing_page: "/" }),
    );
    const { visits } = stubTracker();
    renderRoutes(routes, "/");
    await waitFor(() => expect(visits()).toHaveLength(1));
    expect(visits()[0]?.utm_source).toBeNull();
    expect(localStorage.getItem(ATTRIBUTION_KEY)).toBeNull();
  });

  it.each([
    [
      "a refusal",
      { status: 429, body: { error: "slow down", requestId: "r" } },
      "Failed to record page visit: API responded with HTTP status 429",
    ],
    [
      "a network failure",
      () => {
        throw new TypeError("Failed to fetch");
      },
      "Failed to record page visit: Failed to fetch",
    ],
  ] as const)("only logs %s; the page still works", async (_case, track, message) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    stubTracker(track);
    renderRoutes(routes, "/");
    await waitFor(() => expect(warn).toHaveBeenCalledWith(message));
    fireEvent.click(screen.getByRole("link", { name: "Watch" }));
    expect(await screen.findByText("Content")).toBeVisible();
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
  });

  it("is wired into the app's root layout", async () => {
    const { visits } = stubTracker();
    renderApp("/no-such-page");
    await screen.findByRole("heading", { name: "Page not found" });
    await waitFor(() => expect(visits().map((v) => v.page_path)).toEqual(["/no-such-page"]));
  });
});
