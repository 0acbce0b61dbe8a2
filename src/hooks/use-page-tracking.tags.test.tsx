import { waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { Outlet, type RouteObject } from "react-router";
import { stubFetch } from "../test/fetch";
import { renderRoutes } from "../test/render-route";
import { usePageTracking } from "./use-page-tracking";

// Its own file: the app's marketing tags read the config once per page load (one module instance).

type HappyDomWindow = Window & { happyDOM?: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } };
beforeAll(() => {
  const happyDOM = (window as HappyDomWindow).happyDOM;
  if (happyDOM) happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;
});

function Layout() {
  usePageTracking();
  return <Outlet />;
}
const routes: RouteObject[] = [
  {
    path: "/",
    Component: Layout,
    children: [
      { index: true, element: <p>Home</p> },
      { path: "content/:id", element: <p>Content</p> },
    ],
  },
];

const pageViews = () =>
  (window.dataLayer ?? [])
    .map((entry) => Array.from(entry as ArrayLike<unknown>))
    .filter(([kind, name]) => kind === "event" && name === "page_view");

describe("marketing tags on route changes", () => {
  it("loads the configured tags once and sends a tag-manager and pixel page view per route change", async () => {
    const fetchMock = stubFetch({
      "GET /api/analytics/config": { body: { ga4_id: "G-TEST1234", facebook_pixel_id: "123456789" } },
      "POST /api/analytics/track": { status: 204 },
    });
    const { router } = renderRoutes(routes, "/");
    await waitFor(() => expect(pageViews()).toHaveLength(1));
    await router.navigate("/content/c1");
    await waitFor(() => expect(pageViews()).toHaveLength(2));

    expect(pageViews()[1]?.[2]).toMatchObject({ page_location: expect.stringMatching(/\/content\/c1$/) as unknown });
    expect((window.fbq?.queue as unknown[][]).filter(([, name]) => name === "PageView")).toHaveLength(2);
    expect([...document.scripts].map((s) => s.src).sort()).toEqual([
      "https://connect.facebook.net/en_US/fbevents.js",
      "https://www.googletagmanager.com/gtag/js?id=G-TEST1234",
    ]);
    expect(fetchMock.mock.calls.filter(([url]) => url === "/api/analytics/config")).toHaveLength(1);
  });
});
