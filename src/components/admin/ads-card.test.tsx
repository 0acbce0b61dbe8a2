import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { AdAnalyticsResponse, AdFiguresJson } from "../../../common/schemas/admin-analytics";
import { expectConsoleError } from "../../test/console";
import { stubFetch } from "../../test/fetch";
import { noAdEvents } from "../../test/admin-fixtures";
import { AdsCard } from "./ads-card";
import { renderWithQueries } from "../../test/query-client";

// happy-dom has no canvas to draw on, so the chart renders as a figure carrying what chart.js was given.
vi.mock("react-chartjs-2", () => ({
  Line(props: { data: { labels: string[]; datasets: { label: string; data: number[] }[] }; "aria-label"?: string }) {
    return (
      <figure
        role="img"
        aria-label={props["aria-label"]}
        data-labels={JSON.stringify(props.data.labels)}
        data-datasets={JSON.stringify(props.data.datasets.map(({ label, data }) => ({ label, data })))}
      />
    );
  },
}));

const counts = (impressions: number, completes: number, skips: number, clicks: number, errors = 0) => ({
  impressions,
  starts: impressions,
  first_quartiles: 0,
  midpoints: 0,
  third_quartiles: 0,
  completes,
  skips,
  clicks,
  errors,
});
const figures = (c: ReturnType<typeof counts>): AdFiguresJson => ({
  ...c,
  completion_rate: c.impressions ? c.completes / c.impressions : 0,
  skip_rate: c.impressions ? c.skips / c.impressions : 0,
  click_through_rate: c.impressions ? c.clicks / c.impressions : 0,
});

const ads: AdAnalyticsResponse = {
  startDate: "2026-11-23",
  endDate: "2026-11-25",
  totals: figures(counts(1600, 1000, 400, 24, 3)),
  byPosition: [
    { position: "pre", ...figures(counts(1200, 800, 300, 18)) },
    { position: "post", ...figures(counts(400, 200, 100, 6)) },
    { position: "unknown", ...figures(counts(0, 0, 0, 0, 3)) },
  ],
  days: [
    { date: "2026-11-23", ...counts(600, 400, 150, 10) },
    { date: "2026-11-24", ...counts(0, 0, 0, 0) },
    { date: "2026-11-25", ...counts(1000, 600, 250, 14, 3) },
  ],
};

const statOf = (name: string) => within(screen.getByLabelText("Ad totals")).getByText(name).nextElementSibling!;

describe("Ads card", () => {
  it("shows impressions, completion rate, skips and clicks, per break and per day", async () => {
    stubFetch({ "GET /api/admin/analytics/ads": { body: ads } });
    renderWithQueries(<AdsCard />);
    const card = await screen.findByRole("region", { name: "Ads" });
    // The card (its heading) shows at once; the figures when the answer arrives.
    expect(await within(card).findByText("Nov 23, 2026 – Nov 25, 2026")).toBeVisible();
    expect(statOf("Impressions").textContent).toBe("1,600");
    expect(statOf("Completion Rate").textContent).toBe("62.5%");
    expect(statOf("Completion Rate").getAttribute("title")).toBe("1,000 completes of 1,600 impressions");
    expect(statOf("Skips").textContent).toBe("400");
    expect(statOf("Skips").getAttribute("title")).toBe("25.0% of impressions");
    expect(statOf("Clicks").textContent).toBe("24");
    expect(statOf("Clicks").getAttribute("title")).toBe("1.5% click-through rate");

    const rows = within(screen.getByRole("table", { name: "Ads by break" }))
      .getAllByRole("row")
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ["Break", "Impressions", "Completes", "Completion", "Skips", "Clicks", "Click-through", "Errors"],
      ["Pre-roll", "1,200", "800", "66.7%", "300", "18", "1.5%", "0"],
      ["Post-roll", "400", "200", "50.0%", "100", "6", "1.5%", "0"],
      ["Not reported", "0", "0", "0.0%", "0", "0", "0.0%", "3"],
      ["Total", "1,600", "1,000", "62.5%", "400", "24", "1.5%", "3"],
    ]);

    const chart = await screen.findByRole("img", { name: "Ad events by date" });
    expect(JSON.parse(chart.dataset.labels!)).toEqual(["Nov 23", "Nov 24", "Nov 25"]);
    expect(JSON.parse(chart.dataset.datasets!)).toEqual([
      { label: "Impressions", data: [600, 0, 1000] },
      { label: "Completes", data: [400, 0, 600] },
      { label: "Skips", data: [150, 0, 250] },
      { label: "Clicks", data: [10, 0, 14] },
    ]);
  });

  it("says so when no ad has been shown yet", async () => {
    stubFetch({ "GET /api/admin/analytics/ads": { body: noAdEvents } });
    renderWithQueries(<AdsCard />);
    expect(await screen.findByText("No ad events yet")).toBeVisible();
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("logs a failed load and shows the empty state", async () => {
    stubFetch({ "GET /api/admin/analytics/ads": { status: 500, body: { error: "boom", requestId: "r" } } });
    const consoleError = expectConsoleError();
    renderWithQueries(<AdsCard />);
    expect(await screen.findByText("No ad events yet")).toBeVisible();
    expect(String(consoleError.mock.calls[0]![0])).toBe(
      "Error: Failed to load ad figures: API responded with HTTP status 500",
    );
  });
});
