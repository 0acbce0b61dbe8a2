import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ComponentProps } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TrafficDashboard } from "../../../common/schemas/traffic";
import { expectConsoleError } from "../../test/console";
import { deferred, stubFetch } from "../../test/fetch";
import { TrafficDashboard as DashboardScreen } from "./traffic-dashboard";
import { CHART_COLORS } from "./traffic-format";
import { dashboard, emptyDashboard } from "../../test/traffic-fixtures";
import { renderWithQueries } from "../../test/query-client";

// happy-dom has no canvas to draw on, so the charts render as figures carrying what chart.js was given.
vi.mock("react-chartjs-2", () => {
  const chart = (type: string) =>
    function FakeChart(props: {
      data: {
        labels?: unknown[];
        datasets: {
          label?: string;
          data: unknown[];
          fill?: unknown;
          backgroundColor?: unknown;
          borderWidth?: unknown;
        }[];
      };
      options?: { scales?: { y?: { stacked?: boolean } } };
      "aria-label"?: string;
    }) {
      return (
        <figure
          role="img"
          aria-label={props["aria-label"]}
          data-type={type}
          data-labels={JSON.stringify(props.data.labels)}
          data-datasets={JSON.stringify(
            props.data.datasets.map(({ label, data, fill, backgroundColor, borderWidth }) => ({
              label,
              data,
              fill,
              backgroundColor,
              borderWidth,
            })),
          )}
          data-stacked={String(props.options?.scales?.y?.stacked ?? false)}
        />
      );
    };
  return { Line: chart("line"), Pie: chart("pie"), Bar: chart("bar") };
});

const NOW = Date.UTC(2026, 10, 21, 15);

const chart = async (name: string) => {
  const figure = await screen.findByRole("img", { name });
  return {
    type: figure.dataset.type,
    labels: JSON.parse(figure.dataset.labels!) as string[],
    datasets: JSON.parse(figure.dataset.datasets!) as {
      label: string;
      data: number[];
      fill?: unknown;
      backgroundColor?: unknown;
      borderWidth?: number;
    }[],
    stacked: figure.dataset.stacked === "true",
  };
};

function stubDashboard(
  reply: TrafficDashboard | ((range: string) => TrafficDashboard),
  path = "/api/admin/analytics/dashboard",
) {
  return stubFetch({
    [`GET ${path}`]: (_init, url) => ({
      body: typeof reply === "function" ? reply(url.searchParams.get("range")!) : reply,
    }),
  });
}

// The dashboard lives inside a router on the admin and profile screens.
const renderDashboard = (props: ComponentProps<typeof DashboardScreen> = { mode: "admin" }) =>
  renderWithQueries(
    <MemoryRouter>
      <DashboardScreen {...props} />
    </MemoryRouter>,
  );
const openTab = (name: string) => fireEvent.click(screen.getByRole("tab", { name }));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("traffic dashboard: states", () => {
  it("says it is loading until the answer comes", async () => {
    const answer = deferred<{ body: TrafficDashboard }>();
    stubFetch({ "GET /api/admin/analytics/dashboard": () => answer.promise });
    renderDashboard();
    expect(screen.getByRole("status").textContent).toBe("Loading analytics...");
    answer.resolve({ body: dashboard });
    expect(await screen.findByRole("tab", { name: "Overview" })).toBeVisible();
    expect(screen.queryByText("Loading analytics...")).toBeNull();
  });

  it("shows a failure in a red box and logs it", async () => {
    const logged = expectConsoleError();
    stubFetch({ "GET /api/admin/analytics/dashboard": { status: 500, body: { error: "boom", requestId: "r" } } });
    renderDashboard();
    const box = await screen.findByRole("alert");
    expect(within(box).getByRole("heading").textContent).toBe("Failed to load analytics");
    expect(box.textContent).toContain("Failed to fetch analytics data");
    expect(box.className).toContain("red");
    expect(String(logged.mock.calls[0]?.[0])).toBe(
      "Error: Failed to fetch analytics data: API responded with HTTP status 500",
    );
  });

  it("says when there are no visitors yet", async () => {
    stubDashboard(emptyDashboard);
    renderDashboard();
    expect(await screen.findByText("No Analytics Data")).toBeVisible();
    expect(screen.getByText("Analytics data will appear once you have visitor traffic")).toBeVisible();
    expect(screen.queryByRole("tablist")).toBeNull();
  });

  it("asks the admin endpoint for the whole site and the creator endpoint for one's own pages, last 7 days by default", async () => {
    const admin = stubDashboard(emptyDashboard);
    const view = renderDashboard({ mode: "admin" });
    await screen.findByText("No Analytics Data");
    expect(admin.mock.calls.map(([url]) => url)).toEqual(["/api/admin/analytics/dashboard?range=7d"]);
    view.unmount();

    const creator = stubDashboard(emptyDashboard, "/api/analytics/dashboard");
    renderDashboard({ mode: "creator" });
    await screen.findByText("No Analytics Data");
    expect(creator.mock.calls.map(([url]) => url)).toEqual(["/api/analytics/dashboard?range=7d"]);
    expect(screen.getByText("Visitors to your creator page and your content.")).toBeVisible();
  });

  it("offers the four ranges and refetches when the range changes, keeping the open tab", async () => {
    const next = deferred<{ body: TrafficDashboard }>();
    const fetchMock = stubFetch({
      "GET /api/admin/analytics/dashboard": (_init, url) =>
        url.searchParams.get("range") === "30d" ? next.promise : { body: dashboard },
    });
    renderDashboard();
    const range = screen.getByLabelText("Date range");
    expect([...range.querySelectorAll("option")].map((o) => [o.value, o.textContent])).toEqual([
      ["1d", "Last 24 hours"],
      ["7d", "Last 7 days"],
      ["30d", "Last 30 days"],
      ["90d", "Last 90 days"],
    ]);
    expect(range).toHaveProperty("value", "7d");
    await screen.findByRole("tab", { name: "Campaigns" });
    // Ranges are whole UTC days: the server says where this one starts (docs/decisions/054).
    expect(screen.getByText("Since Nov 15, 00:00 UTC")).toBeVisible();
    expect(range.getAttribute("aria-describedby")).toBe(screen.getByText("Since Nov 15, 00:00 UTC").id);
    openTab("Devices");

    fireEvent.change(range, { target: { value: "30d" } });
    expect(screen.getByRole("status").textContent).toBe("Loading analytics...");
    expect(screen.getByText("Device Breakdown")).toBeVisible(); // the last answer stays meanwhile
    next.resolve({
      body: {
        ...dashboard,
        since: "2026-10-22T00:00:00.000Z",
        devices: [{ type: "tablet", visitors: 1234, percentage: 1 }],
      },
    });
    await waitFor(() => expect(screen.queryByRole("status")).toBeNull());
    expect(screen.getByText("Since Oct 22, 00:00 UTC")).toBeVisible();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      "/api/admin/analytics/dashboard?range=7d",
      "/api/admin/analytics/dashboard?range=30d",
    ]);
    expect(screen.getByRole("tab", { name: "Devices" }).getAttribute("aria-selected")).toBe("true");
    expect(
      within(screen.getByRole("list", { name: "Device Breakdown" })).getAllByRole("listitem")[2]?.textContent,
    ).toContain("1,234 visitors · 100.0%");
  });
});

describe("traffic dashboard: overview", () => {
  it("shows the four cards: Avg. Session in minutes and seconds, bounce rate with one decimal", async () => {
    stubDashboard(dashboard);
    renderDashboard();
    const cards = await screen.findByLabelText("Traffic summary");
    const values = Object.fromEntries(
      [...cards.querySelectorAll("dt")].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(values).toEqual({
      "Total Visitors": "1,234",
      "Page Views": "4,321",
      "Avg. Session": "1m 35s",
      "Bounce Rate": "42.5%",
    });
  });

  it.each([
    [0, "0m 0s"],
    [59, "0m 59s"],
    [60, "1m 0s"],
    [3725, "62m 5s"],
  ])("words an average session of %i seconds as %s", async (seconds, text) => {
    stubDashboard({ ...dashboard, overview: { ...dashboard.overview, avgSessionDuration: seconds } });
    renderDashboard();
    const card = await screen.findByText("Avg. Session");
    expect(card.nextElementSibling?.textContent).toBe(text);
  });

  it("layers visitors over page views by date, each at its own height, days without visits as zeros", async () => {
    stubDashboard(dashboard);
    renderDashboard();
    const area = await chart("Visitors and page views by date");
    expect(area.type).toBe("line");
    // Not summed: stacked, a day of 7 page views and 4 visitors peaked at 11, above the card's Page Views.
    // Every visitor makes a page view, so the visitors' area lies within the page views' as a layer of its own.
    expect(area.stacked).toBe(false);
    // 7 days back from Nov 21 15:00 UTC: Nov 14 … Nov 21.
    expect(area.labels).toEqual(["Nov 14", "Nov 15", "Nov 16", "Nov 17", "Nov 18", "Nov 19", "Nov 20", "Nov 21"]);
    expect(area.datasets.map(({ label, data, fill }) => ({ label, data, fill }))).toEqual([
      { label: "Visitors", data: [0, 0, 0, 0, 0, 400, 0, 834], fill: "origin" },
      { label: "Page Views", data: [0, 0, 0, 0, 0, 1400, 0, 2921], fill: "origin" },
    ]);
  });

  it("shows a stored off-site path as plain text, not a link", async () => {
    stubDashboard({
      ...dashboard,
      overview: { ...dashboard.overview, topPages: [{ page: "//evil.example/x", views: 3 }] },
    });
    renderDashboard();
    const pages = await screen.findByRole("list", { name: "Top Pages" });
    expect(within(pages).getByText("//evil.example/x").closest("a")).toBeNull();
    expect(within(pages).queryAllByRole("link")).toEqual([]);
  });

  it("lists top pages with views, and sources with visitors and percentage ('Direct' when missing)", async () => {
    stubDashboard(dashboard);
    renderDashboard();
    const pages = await screen.findByRole("list", { name: "Top Pages" });
    expect(
      within(pages)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["/2,100 views", "/content/c11,500 views"]);
    // Paths come from a public endpoint, so they are text, never links (docs/decisions/017: `//evil.example/x` led off-site).
    expect(within(pages).queryAllByRole("link")).toEqual([]);
    const sources = screen.getByRole("list", { name: "Traffic Sources" });
    expect(
      within(sources)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Direct555 visitors · 45.0%", "newsletter432 visitors · 35.0%", "google.com247 visitors · 20.0%"]);
  });
});

describe("traffic dashboard: other tabs", () => {
  it("Traffic Sources: a pie and a bar chart of visitors per source", async () => {
    stubDashboard(dashboard);
    renderDashboard();
    await screen.findByRole("tab", { name: "Traffic Sources" });
    openTab("Traffic Sources");
    const pie = await chart("Share of visitors per traffic source");
    const bar = await chart("Visitors per traffic source");
    expect([pie.type, bar.type]).toEqual(["pie", "bar"]);
    for (const c of [pie, bar]) {
      expect(c.labels).toEqual(["Direct", "newsletter", "google.com"]);
      expect(c.datasets[0]?.data).toEqual([555, 432, 247]);
    }
  });

  it("Devices: a pie of the device types seen and every type with visitors and percentage, tablets too", async () => {
    stubDashboard(dashboard);
    renderDashboard();
    await screen.findByRole("tab", { name: "Devices" });
    openTab("Devices");
    const pie = await chart("Share of visitors per device type");
    // The pie leaves out empty slices (they would draw a stray border); the breakdown lists every type.
    expect(pie.labels).toEqual(["Mobile", "Desktop"]);
    expect(pie.datasets[0]?.data).toEqual([740, 494]);
    const rows = within(screen.getByRole("list", { name: "Device Breakdown" })).getAllByRole("listitem");
    expect(rows.map((li) => li.textContent)).toEqual([
      "Mobile740 visitors · 60.0%",
      "Desktop494 visitors · 40.0%",
      "Tablet0 visitors · 0.0%",
    ]);
  });

  it("Devices: a slice keeps the colour of its row when other types have no visitors", async () => {
    stubDashboard({ ...dashboard, devices: [{ type: "desktop", visitors: 1234, percentage: 1 }] });
    renderDashboard();
    await screen.findByRole("tab", { name: "Devices" });
    openTab("Devices");
    const pie = await chart("Share of visitors per device type");
    expect(pie.labels).toEqual(["Desktop"]);
    expect(pie.datasets[0]).toMatchObject({ backgroundColor: [CHART_COLORS[1]], borderWidth: 0 });
    // The list colours its rows by position, and Desktop is its second row.
    const rows = within(screen.getByRole("list", { name: "Device Breakdown" })).getAllByRole("listitem");
    expect(rows[1]?.textContent).toContain("Desktop");
  });

  it("Campaigns: visitors, conversions and rate; 'Unknown' without a name, 0% without visitors", async () => {
    stubDashboard(dashboard);
    renderDashboard();
    await screen.findByRole("tab", { name: "Campaigns" });
    openTab("Campaigns");
    const table = screen.getByRole("table", { name: "Campaigns" });
    const rows = within(table)
      .getAllByRole("row")
      .map((tr) => [...tr.querySelectorAll("th, td")].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ["Campaign", "Visitors", "Conversions", "Conversion Rate"],
      ["launch", "8", "1", "12.5%"],
      ["Unknown", "3", "0", "0.0%"],
      ["dormant", "0", "0", "0%"],
    ]);
  });

  it("Campaigns: says where campaign data comes from when there is none", async () => {
    stubDashboard({ ...dashboard, campaigns: [] });
    renderDashboard();
    await screen.findByRole("tab", { name: "Campaigns" });
    openTab("Campaigns");
    expect(screen.getByText("Campaign tracking data will appear when you have UTM-tagged traffic")).toBeVisible();
    expect(screen.queryByRole("table")).toBeNull();
  });
});
