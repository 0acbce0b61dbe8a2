import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ContentStatsJson } from "../lib/studio-api";
import { useAuth } from "../stores/auth";
import type { ContentJson } from "../../common/schemas/content";
import { makeContent } from "../test/content-fixtures";
import { earningRules } from "../test/earnings-fixtures";
import { queryKeys } from "../lib/query-keys";
import { deferred, stubFetch } from "../test/fetch";
import { flushQueryNotifications, settleQueries } from "../test/query-client";
import { ava } from "../test/fixtures";
import { renderApp } from "../test/render-route";

// happy-dom has no canvas to draw on, so a chart renders as a figure carrying what chart.js was given.
vi.mock("react-chartjs-2", () => ({
  Line(props: { data: { labels?: string[]; datasets: { label: string; data: unknown[] }[] }; "aria-label"?: string }) {
    return (
      <figure
        role="img"
        aria-label={props["aria-label"]}
        data-labels={JSON.stringify(props.data.labels ?? null)}
        data-datasets={JSON.stringify(props.data.datasets.map(({ label, data }) => ({ label, data })))}
      />
    );
  },
}));

// Four views: one stopped at once, one at 50 %, two watched to the end.
const retention = Array.from({ length: 101 }, (_, x) => (x === 0 ? 1 : x <= 50 ? 0.75 : 0.5));
const stats = (range: "7d" | "30d" | "90d", views: number): ContentStatsJson => ({
  content_id: "c1",
  title: "City walk",
  comment_count: 0,
  range,
  views,
  qualified_views: 2,
  earnings_usd: 0.006,
  avg_watched_percent: 62.5,
  sources: [
    { method: "ai_recommended", views: 1 },
    { method: "search", views: 3 },
    { method: "browse", views: 0 },
    { method: "follow", views: 0 },
    { method: "shared_link", views: 0 },
  ],
  days: [
    { day: "2026-11-25", views: 1, qualified_views: 0, earnings_usd: 0 },
    { day: "2026-11-26", views: views - 1, qualified_views: 2, earnings_usd: 0.006 },
  ],
  retention,
  retention_views: 4,
});

/** The item as its creator reads it (the studio's "won't earn" badge, docs/decisions/063), and the earning rules. */
const itemRoutes = (overrides: Partial<ContentJson> = {}) => ({
  "GET /api/content/c1": {
    body: {
      ...makeContent({ id: "c1", title: "City walk", ...overrides }),
      resume_at_seconds: null,
      resume_skips_preroll: false,
      captions: [],
    },
  },
  "GET /api/earning-rules": { body: earningRules },
});

const datasets = (chart: HTMLElement) => JSON.parse(chart.dataset.datasets!) as { label: string; data: unknown[] }[];

beforeEach(() => {
  useAuth.setState({ user: ava, pending: false });
});

describe("the studio", () => {
  it("shows the range's views, qualified views, earnings, average watched, views by day, where viewers stop and sources", async () => {
    stubFetch({
      ...itemRoutes(),
      "GET /api/content/c1/stats": (_init, url) => ({ body: stats(url.searchParams.get("range") as "30d", 4) }),
    });
    renderApp("/studio/c1");
    expect(await screen.findByRole("heading", { name: "Stats" })).toBeVisible();
    expect(screen.getByRole("link", { name: "City walk" }).getAttribute("href")).toBe("/content/c1");
    const figure = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(figure("Views")).toBe("4");
    expect(figure("Qualified views")).toBe("2");
    expect(figure("Earnings")).toBe("$0.006");
    expect(figure("Average watched")).toBe("62.5 %");
    expect(screen.getByRole("button", { name: "30 days" }).getAttribute("aria-pressed")).toBe("true");

    const views = await screen.findByRole("img", { name: "Views by day" });
    expect(JSON.parse(views.dataset.labels!)).toEqual(["Nov 25", "Nov 26"]);
    expect(datasets(views)).toEqual([
      { label: "Views", data: [1, 3] },
      { label: "Qualified views", data: [0, 2] },
    ]);

    const curve = await screen.findByRole("img", { name: "Viewers still watching at each point of the item" });
    const [still, paidLine] = datasets(curve);
    expect(still.data).toHaveLength(101);
    expect(still.data[0]).toEqual({ x: 0, y: 100 });
    expect(still.data[80]).toEqual({ x: 80, y: 50 });
    expect(paidLine).toEqual({
      label: "80 %: paid from here",
      data: [
        { x: 80, y: 0 },
        { x: 80, y: 100 },
      ],
    });
    expect(screen.getByText(/From all 4 views so far\. 50 % of viewers reached 80 %/)).toBeVisible();

    const sources = within(screen.getByRole("list", { name: "Sources" }));
    expect(sources.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "AI recommended1 · 25 %",
      "Search3 · 75 %",
      "Browse0 · 0 %",
      "Following0 · 0 %",
      "Shared link or direct0 · 0 %",
    ]);
  });

  it("says where a view is paid, and draws its line, only once the server has stated the share", async () => {
    const rules = deferred<{ body: typeof earningRules }>();
    stubFetch({
      ...itemRoutes(),
      "GET /api/earning-rules": () => rules.promise,
      "GET /api/content/c1/stats": { body: stats("30d", 4) },
    });
    renderApp("/studio/c1");
    const section = within(await screen.findByRole("region", { name: "Where viewers stop" }));
    // The views chart (lazy, like the curve) has come: the curve waits for the rules alone.
    await screen.findByRole("img", { name: "Views by day" });
    expect(section.getByText("From all 4 views so far.")).toBeVisible();
    expect(section.queryByText(/reached/)).toBeNull();
    expect(section.queryByRole("img")).toBeNull();
    expect(section.getByLabelText("Loading the chart")).toBeVisible();

    // Not the default 80 %: the sentence and the dashed line follow the server.
    rules.resolve({ body: { ...earningRules, qualify_percent: 40 } });
    const curve = await section.findByRole("img", { name: "Viewers still watching at each point of the item" });
    expect(datasets(curve)[1]).toEqual({
      label: "40 %: paid from here",
      data: [
        { x: 40, y: 0 },
        { x: 40, y: 100 },
      ],
    });
    expect(
      section.getByText(/From all 4 views so far\. 75 % of viewers reached 40 %, where a view is paid/),
    ).toBeVisible();
  });

  it("asks again for another range", async () => {
    const fetchMock = stubFetch({
      ...itemRoutes(),
      "GET /api/content/c1/stats": (_init, url) => {
        const range = url.searchParams.get("range") as "7d";
        return { body: stats(range, range === "7d" ? 2 : 4) };
      },
    });
    renderApp("/studio/c1");
    await screen.findByRole("heading", { name: "Stats" });
    fireEvent.click(screen.getByRole("button", { name: "7 days" }));
    await waitFor(() => expect(screen.getByText("Views").nextElementSibling?.textContent).toBe("2"));
    expect(screen.getByRole("button", { name: "7 days" }).getAttribute("aria-pressed")).toBe("true");
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain("/api/content/c1/stats?range=7d");
  });

  it("says when nothing was watched yet, without a curve", async () => {
    stubFetch({
      ...itemRoutes(),
      "GET /api/content/c1/stats": {
        body: {
          ...stats("30d", 0),
          days: [],
          qualified_views: 0,
          retention: new Array(101).fill(0),
          retention_views: 0,
        },
      },
    });
    renderApp("/studio/c1");
    expect(await screen.findByText("No views yet: the curve appears after the first one.")).toBeVisible();
    expect(screen.queryByRole("img", { name: "Viewers still watching at each point of the item" })).toBeNull();
  });

  it("says the stats are not available for someone else's item (the API answers 404)", async () => {
    // The page asks for the rules beside the stats, so the curve need not wait for them after.
    stubFetch({ "GET /api/earning-rules": { body: earningRules } });
    renderApp("/studio/c9");
    expect(await screen.findByRole("heading", { name: "Stats not available" })).toBeVisible();
    expect(screen.getByText("Only the item's creator can see its stats.")).toBeVisible();
  });

  it("says under the title why the item won't earn; nothing when it earns (docs/decisions/063)", async () => {
    stubFetch({
      ...itemRoutes({ earn_block: "low_frame_rate" }),
      "GET /api/content/c1/stats": { body: stats("30d", 4) },
    });
    renderApp("/studio/c1");
    expect(await screen.findByText("Won't earn: fewer than 5 frames per second")).toBeVisible();
  });

  it("shows no badge for an item that earns", async () => {
    stubFetch({ ...itemRoutes(), "GET /api/content/c1/stats": { body: stats("30d", 4) } });
    const { queryClient } = renderApp("/studio/c1");
    await screen.findByRole("heading", { name: "Stats" });
    // Both the item and the rules have answered: the badge had all it needs.
    await settleQueries(queryClient);
    expect(queryClient.getQueryData(queryKeys.earningRules())).toEqual(earningRules);
    expect(screen.queryByText(/Won't earn/)).toBeNull();
  });

  it("shows no badge until the earning rules arrive, then names the server's minimum length", async () => {
    const rules = deferred<{ body: typeof earningRules }>();
    const fetchMock = stubFetch({
      ...itemRoutes({ duration: 95, earn_block: "low_frame_rate" }),
      "GET /api/earning-rules": () => rules.promise,
      "GET /api/content/c1/stats": { body: stats("30d", 4) },
    });
    const { queryClient } = renderApp("/studio/c1");
    await screen.findByRole("heading", { name: "Stats" });
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain("/api/content/c1"));
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.content("c1"))).toBeDefined());
    await flushQueryNotifications();
    // The media floor is known, but a longer minimum would come first: no badge rather than a guess.
    expect(screen.queryByText(/Won't earn/)).toBeNull();

    // 95 s is under the server's 120 s minimum.
    rules.resolve({ body: { ...earningRules, min_earning_seconds: 120 } });
    expect(await screen.findByText("Won't earn: shorter than 120 s")).toBeVisible();
    expect(screen.queryByText(/frames per second/)).toBeNull();
  });
});

describe("the studio's seek previews (docs/decisions/102)", () => {
  const board = {
    url: "/api/content/c1/storyboard?v=1",
    interval_ms: 2000,
    columns: 10,
    rows: 1,
    frame_width: 160,
    frame_height: 90,
    count: 5,
  };
  const withItem = (item: object) => ({
    ...itemRoutes(),
    "GET /api/content/c1": { body: item },
    "GET /api/content/c1/stats": { body: stats("30d", 4) },
  });

  it("a video without them offers to make them", async () => {
    stubFetch({ ...withItem({ ...itemRoutes()["GET /api/content/c1"].body, storyboard: null }) });
    renderApp("/studio/c1");
    const card = within(await screen.findByRole("region", { name: "Seek previews" }));
    expect(card.getByText("No seek previews yet: viewers see only the time above the seek bar.")).toBeVisible();
    expect((card.getByRole("button", { name: "Generate seek previews" }) as HTMLButtonElement).disabled).toBe(false);
    expect(card.queryByRole("button", { name: "Remove" })).toBeNull();
  });

  it("a video with them offers Regenerate and Remove; Remove deletes them", async () => {
    const item = { ...itemRoutes()["GET /api/content/c1"].body, storyboard: board };
    const fetchMock = stubFetch({
      ...withItem(item),
      "DELETE /api/content/c1/storyboard": { body: { ok: true } },
    });
    renderApp("/studio/c1");
    const card = within(await screen.findByRole("region", { name: "Seek previews" }));
    expect(card.getByText(/\(5 frames\)/)).toBeVisible();
    expect((card.getByRole("button", { name: "Regenerate" }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(card.getByRole("button", { name: "Remove" }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === "DELETE")).toBe(
        true,
      ),
    );
  });

  it("audio says it has none", async () => {
    stubFetch({ ...withItem({ ...itemRoutes({ type: "audio" })["GET /api/content/c1"].body, storyboard: null }) });
    renderApp("/studio/c1");
    const card = within(await screen.findByRole("region", { name: "Seek previews" }));
    expect(card.getByText("Audio has no seek previews: the player shows the time alone.")).toBeVisible();
    expect(card.queryByRole("button")).toBeNull();
  });
});
