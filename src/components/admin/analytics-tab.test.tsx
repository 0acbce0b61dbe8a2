import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { expectConsoleError } from "../../test/console";
import { stubFetch } from "../../test/fetch";
import type { AdminAnalyticsResponse } from "../../../common/schemas/admin-analytics";
import { noAdEvents } from "../../test/admin-fixtures";
import { AnalyticsTab } from "./analytics-tab";
import { renderWithQueries } from "../../test/query-client";

const analytics: AdminAnalyticsResponse = {
  topContent: [{ id: "c1", title: "Sunset Drive", type: "video", view_count: 1234, total_watch_time: 90 }],
  topUsers: [
    { user_id: "u1", email: "viewer@example.com", last_activity: "2026-11-20T18:00:00.000Z", total_watch_time: 3600 },
  ],
  topEarners: [{ user_id: "u2", email: "ava@example.com", content_count: 12, total_earnings: 0.015 }],
  discoveryStats: [
    { discovery_method: "ai_recommended", count: 6, percentage: 50 },
    { discovery_method: "search", count: 4, percentage: 33.3 },
    { discovery_method: "browse", count: 2, percentage: 16.7 },
  ],
};

const rowsOf = (name: string) =>
  within(screen.getByRole("table", { name }))
    .getAllByRole("row")
    .slice(1)
    .map((row) => [...row.children].map((c) => c.textContent));

describe("analytics tab", () => {
  it("lists content, creators, discovery and viewers", async () => {
    stubFetch({
      "GET /api/admin/analytics/ads": { body: noAdEvents },
      "GET /api/admin/analytics": { body: analytics },
    });
    renderWithQueries(<AnalyticsTab />);
    await screen.findByRole("table", { name: "Most Popular Content" });
    expect(rowsOf("Most Popular Content")).toEqual([["Sunset Drive", "Video", "1,234", "1.5"]]);
    expect(rowsOf("Top Earning Creators")).toEqual([["ava@example.com", "12", "$0.015"]]);
    expect(rowsOf("Content Discovery")).toEqual([
      ["AI Recommended", "6", "50.0%"],
      ["Search", "4", "33.3%"],
      ["Browse", "2", "16.7%"],
    ]);
    expect(rowsOf("Most Active Viewers")).toEqual([["viewer@example.com", "Nov 20, 2026", "60.0"]]);
  });

  it("gives each list its own empty message", async () => {
    stubFetch({
      "GET /api/admin/analytics/ads": { body: noAdEvents },
      "GET /api/admin/analytics": { body: { topContent: [], topUsers: [], topEarners: [], discoveryStats: [] } },
    });
    renderWithQueries(<AnalyticsTab />);
    expect(await screen.findByText("No content has been viewed yet")).toBeVisible();
    expect(screen.getByText("No creator earnings yet")).toBeVisible();
    expect(screen.getByText("No discovery data yet")).toBeVisible();
    expect(screen.getByText("No viewer activity yet")).toBeVisible();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("logs a failed load and shows the empty lists", async () => {
    stubFetch({
      "GET /api/admin/analytics/ads": { body: noAdEvents },
      "GET /api/admin/analytics": { status: 500, body: { error: "boom", requestId: "r" } },
    });
    const consoleError = expectConsoleError();
    renderWithQueries(<AnalyticsTab />);
    expect(await screen.findByText("No content has been viewed yet")).toBeVisible();
    expect(String(consoleError.mock.calls[0][0])).toBe(
      "Error: Failed to load analytics: API responded with HTTP status 500",
    );
  });
});
