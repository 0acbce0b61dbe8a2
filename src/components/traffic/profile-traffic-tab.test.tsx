import { fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { useAuth } from "../../stores/auth";
import { stubFetch } from "../../test/fetch";
import { ava } from "../../test/fixtures";
import { renderApp } from "../../test/render-route";
import { dashboard } from "../../test/traffic-fixtures";

beforeEach(() => {
  useAuth.setState({ user: ava, pending: false });
});

describe("profile: Analytics tab", () => {
  it("is the last tab and shows the creator's own traffic", async () => {
    const fetchMock = stubFetch({
      "GET /api/analytics/dashboard": { body: dashboard },
      "GET /api/analytics/config": { body: { ga4_id: "", facebook_pixel_id: "" } },
      "POST /api/analytics/track": { status: 204 },
    });
    renderApp("/profile");
    const tabs = await screen.findAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual([
      "Profile Settings",
      "My Content",
      "Liked Content",
      "History",
      "Playlists",
      "Analytics",
      "Following",
    ]);
    const dashboardCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes("/dashboard"));
    expect(dashboardCalls()).toEqual([]); // nothing is asked before the tab opens

    fireEvent.click(screen.getByRole("tab", { name: "Analytics" }));
    expect(await screen.findByText("Visitors to your creator page and your content.")).toBeVisible();
    expect((await screen.findByText("Total Visitors")).nextElementSibling?.textContent).toBe("1,234");
    // StrictMode runs the effect twice (the first request is aborted); only the creator endpoint is asked.
    expect(new Set(dashboardCalls().map(([url]) => url))).toEqual(new Set(["/api/analytics/dashboard?range=7d"]));
  });
});
