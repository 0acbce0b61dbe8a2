import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EarningsReport } from "../../../common/schemas/earnings-report";
import type { MyViewJson, MyViewsResponse } from "../../../common/schemas/my-views";
import { useAuth } from "../../stores/auth";
import { expectConsoleError } from "../../test/console";
import { earningRules, emptyReport, makeWallet, noPayoutRequests } from "../../test/earnings-fixtures";
import { deferred, stubFetch } from "../../test/fetch";
import { ava } from "../../test/fixtures";
import { renderApp } from "../../test/render-route";
import { flushQueryNotifications } from "../../test/query-client";
import { queryKeys } from "../../lib/query-keys";

const report: EarningsReport = {
  earnings: [
    { date: "2026-11-16", view_count: 2, viewer_earnings: 0.003, creator_earnings: 0.003, total_earnings: 0.006 },
  ],
  summary: { totalEarnings: 0.006, totalViews: 2, uniqueUsers: 1, avgDaily: 0.0002 },
};

type Reply = { status?: number; body?: unknown };

/**
 * Answers the report with `answer(query)`, a day's views with `views(query)` and the earning rules with `rules()`;
 * returns the query of each report request.
 */
function stubReport(
  answer: (q: URLSearchParams) => Reply = () => ({ body: report }),
  views?: (q: URLSearchParams) => Reply,
  rules: () => Reply | Promise<Reply> = () => ({ body: earningRules }),
) {
  const queries: URLSearchParams[] = [];
  stubFetch({
    "GET /api/me/wallet": { body: makeWallet() },
    "GET /api/me/payments": { body: { payments: [] } },
    "GET /api/me/payout-requests": { body: noPayoutRequests },
    "GET /api/earning-rules": rules,
    "GET /api/me/earnings/calendar": (_init, url) => (queries.push(url.searchParams), answer(url.searchParams)),
    ...(views ? { "GET /api/me/views": (_init: RequestInit | undefined, url: URL) => views(url.searchParams) } : {}),
  });
  return queries;
}

async function openCalendar() {
  const { queryClient } = renderApp("/wallet");
  fireEvent.click(await screen.findByRole("tab", { name: "Earnings Calendar" }));
  return queryClient;
}

const last = (queries: URLSearchParams[]) => Object.fromEntries(queries.at(-1) ?? []);
/** Types a day into a picker as a person would ('MMM d, yyyy'); it counts on leaving the field. */
const setDate = (label: string, text: string) => {
  const field = screen.getByLabelText(label);
  fireEvent.change(field, { target: { value: text } });
  fireEvent.blur(field);
};

beforeEach(() => {
  useAuth.setState({ user: ava, pending: false });
  // Only the clock is fake: "today" is Nov 21, 2026 (UTC); timers stay real.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-21T12:00:00Z"));
});

afterEach(() => {
  vi.useRealTimers();
});

describe("earnings calendar", () => {
  it("asks for the last 30 days, daily; shows the summary and a breakdown, every amount exact", async () => {
    const queries = stubReport();
    await openCalendar();
    const table = await screen.findByRole("table", { name: "Earnings by day" });
    expect(last(queries)).toEqual({ startDate: "2026-10-23", endDate: "2026-11-21", groupBy: "daily" });
    expect(screen.getByLabelText("Start date")).toHaveProperty("value", "Oct 23, 2026");
    expect(screen.getByLabelText("End date")).toHaveProperty("value", "Nov 21, 2026");
    expect(screen.getByRole("button", { name: "Daily", pressed: true })).toBeVisible();

    const summary = (term: string) => screen.getByText(term).nextElementSibling!;
    expect(summary("Total Earnings").textContent).toBe("$0.006");
    expect(summary("Total Views").textContent).toBe("2");
    expect(summary("Unique Users").textContent).toBe("1");
    expect(summary("Avg. Daily").textContent).toBe("< $0.01");

    const [head, row] = within(table).getAllByRole("row");
    expect(
      within(head)
        .getAllByRole("columnheader")
        .map((c) => c.textContent),
    ).toEqual(["Date", "Views", "Viewer Earnings", "Creator Earnings", "Total"]);
    expect(within(row).getByRole("rowheader").textContent).toBe("Nov 16, 2026");
    const cells = within(row).getAllByRole("cell");
    // A view pays $0.003: every column shows it exactly, never "$0.00" (docs/decisions/032).
    expect(cells.map((c) => c.textContent)).toEqual(["2", "$0.003", "$0.003", "$0.006"]);
  });

  it("refetches when the view mode changes and on Update", async () => {
    const queries = stubReport();
    await openCalendar();
    await screen.findByRole("table", { name: "Earnings by day" });
    fireEvent.click(screen.getByRole("button", { name: "Weekly" }));
    const weeks = await screen.findByRole("table", { name: "Earnings by week" });
    expect(last(queries).groupBy).toBe("weekly");
    expect(within(weeks).getByRole("rowheader").textContent).toBe("Week of Nov 16, 2026");

    const count = queries.length;
    fireEvent.click(screen.getByRole("button", { name: "Update" }));
    await vi.waitFor(() => expect(queries).toHaveLength(count + 1));
    expect(last(queries)).toEqual({ startDate: "2026-10-23", endDate: "2026-11-21", groupBy: "weekly" });
  });

  it("refetches when a date changes, and refuses dates against the rules without asking", async () => {
    const queries = stubReport();
    await openCalendar();
    await screen.findByRole("table");
    const start = screen.getByLabelText("Start date");

    setDate("Start date", "Nov 1, 2026");
    await vi.waitFor(() => expect(last(queries).startDate).toBe("2026-11-01"));
    expect(start).toHaveProperty("value", "Nov 1, 2026");

    const count = queries.length;
    setDate("Start date", "Nov 22, 2026");
    expect(screen.getByText("Start date cannot be after today")).toBeVisible();
    expect(start.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("button", { name: "Update" })).toHaveProperty("disabled", true);
    setDate("End date", "Nov 9, 2026");
    setDate("Start date", "Nov 10, 2026");
    expect(screen.getByText("End date cannot be before the start date")).toBeVisible();
    setDate("End date", "Nov 22, 2026");
    expect(screen.getByText("End date cannot be after today")).toBeVisible();
    expect(screen.queryByRole("table")).toBeNull();
    expect(queries).toHaveLength(count);

    // Put right, the range is asked for: the one request since the valid Nov 1 is for it, so none of
    // the refused ranges was ever sent.
    setDate("End date", "Nov 20, 2026");
    await vi.waitFor(() => expect(queries).toHaveLength(count + 1));
    expect(last(queries)).toEqual({ startDate: "2026-11-10", endDate: "2026-11-20", groupBy: "daily" });
  });

  it("shows and takes days as 'MMM d, yyyy' (a pasted 2026-11-05 too), and says how to write one it cannot read", async () => {
    const queries = stubReport();
    await openCalendar();
    await screen.findByRole("table");
    const start = screen.getByLabelText("Start date");
    expect(start.getAttribute("type")).toBe("text");

    setDate("Start date", "  november 3 2026 ");
    await vi.waitFor(() => expect(last(queries).startDate).toBe("2026-11-03"));
    expect(start).toHaveProperty("value", "Nov 3, 2026");
    setDate("Start date", "2026-11-05");
    await vi.waitFor(() => expect(last(queries).startDate).toBe("2026-11-05"));
    expect(start).toHaveProperty("value", "Nov 5, 2026");

    const count = queries.length;
    for (const text of ["10/25/2026", "Feb 30, 2026", "soon"]) {
      setDate("Start date", text);
      expect(start).toHaveProperty("value", text);
      expect(start.getAttribute("aria-invalid")).toBe("true");
      expect(document.getElementById(start.getAttribute("aria-describedby")!)?.textContent).toBe(
        "Enter a date like Nov 21, 2026",
      );
      expect(screen.getByRole("button", { name: "Update" })).toHaveProperty("disabled", true);
    }
    // Enter counts too.
    fireEvent.change(start, { target: { value: "Oct 30, 2026" } });
    fireEvent.keyDown(start, { key: "Enter" });
    await vi.waitFor(() => expect(last(queries).startDate).toBe("2026-10-30"));
    expect(start.getAttribute("aria-invalid")).toBeNull();
    expect(queries.length).toBe(count + 1);
  });

  it("offers a calendar, by button or Alt+Down, that starts on the chosen day and offers no day after today", async () => {
    const queries = stubReport();
    await openCalendar();
    await screen.findByRole("table");
    fireEvent.click(screen.getByRole("button", { name: "Choose end date from a calendar" }));
    const dialog = within(screen.getByRole("dialog", { name: "Choose end date" }));
    // The calendar's code loads when it first opens.
    const grid = await dialog.findByRole("grid", {}, { timeout: 5000 });
    expect(grid.getAttribute("aria-label")).toBe("November 2026");
    // Focus lands on the chosen day (Nov 21), so arrow keys move from there; the calendar moves it after it
    // renders, which on a busy machine is a moment after the grid appears.
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe("21"));
    expect(dialog.getByRole("button", { name: /November 22nd, 2026/ })).toHaveProperty("disabled", true);
    fireEvent.click(dialog.getByRole("button", { name: /November 18th, 2026/ }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByLabelText("End date")).toHaveProperty("value", "Nov 18, 2026");
    await vi.waitFor(() => expect(last(queries).endDate).toBe("2026-11-18"));

    // The start calendar offers nothing before… and nothing after today; Escape closes it.
    fireEvent.keyDown(screen.getByLabelText("Start date"), { key: "ArrowDown", altKey: true });
    const startDialog = within(screen.getByRole("dialog", { name: "Choose start date" }));
    expect((await startDialog.findByRole("grid")).getAttribute("aria-label")).toBe("October 2026");
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe("23"));
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByLabelText("Start date")).toHaveProperty("value", "Oct 23, 2026");
  });

  it("says No earnings data found for an empty report", async () => {
    stubReport(() => ({ body: emptyReport }));
    await openCalendar();
    expect(await screen.findByText("No earnings data found")).toBeVisible();
    expect(screen.getByText("Try adjusting the date range or check back later")).toBeVisible();
  });

  it("logs a failed report and says No earnings data found", async () => {
    const consoleError = expectConsoleError();
    stubReport(() => ({ status: 400, body: { error: "startDate: cannot be after today", requestId: "r" } }));
    await openCalendar();
    expect(await screen.findByText("No earnings data found")).toBeVisible();
    expect(String(consoleError.mock.calls[0][0])).toBe(
      "Error: Failed to load earnings report: API responded with HTTP status 400",
    );
  });

  it("keeps the chosen range and view mode when switching tabs", async () => {
    const queries = stubReport();
    await openCalendar();
    fireEvent.click(await screen.findByRole("button", { name: "Monthly" }));
    setDate("Start date", "Jan 1, 2026");
    fireEvent.click(screen.getByRole("tab", { name: "Overview" }));
    fireEvent.click(screen.getByRole("tab", { name: "Earnings Calendar" }));
    expect(screen.getByRole("button", { name: "Monthly", pressed: true })).toBeVisible();
    expect(screen.getByLabelText("Start date")).toHaveProperty("value", "Jan 1, 2026");
    await vi.waitFor(() =>
      expect(last(queries)).toEqual({ startDate: "2026-01-01", endDate: "2026-11-21", groupBy: "monthly" }),
    );
  });
});

const makeView = (overrides: Partial<MyViewJson>): MyViewJson => ({
  id: `v-${overrides.content_id}-${overrides.started_at}`,
  content_id: "c1",
  content_title: "Sunset timelapse",
  content_type: "video",
  content_deleted: false,
  started_at: "2026-11-16T14:05:00.000Z",
  watched_percent: 100,
  outcome: "earned",
  reason: null,
  amount_usd: 0.003,
  available_at: null,
  ...overrides,
});

/** Day 2026-11-16 as a viewer: one view of each kind; as a creator: one view of the member's track. */
const viewerViews: MyViewJson[] = [
  makeView({ content_id: "c1", started_at: "2026-11-16T21:40:00.000Z" }),
  makeView({
    content_id: "c2",
    content_title: "Ocean",
    started_at: "2026-11-16T18:00:00.000Z",
    watched_percent: 90,
    outcome: "pending",
    available_at: "2026-11-23T18:00:00.000Z",
  }),
  makeView({
    content_id: "c3",
    content_title: "Forest",
    started_at: "2026-11-16T15:30:00.000Z",
    watched_percent: 95,
    outcome: "pending",
    reason: "under_review",
  }),
  makeView({
    content_id: "c4",
    content_title: "Desert",
    started_at: "2026-11-16T09:15:00.000Z",
    outcome: "reversed",
    reason: "reversed",
  }),
  makeView({
    content_id: "c5",
    content_title: "Rain",
    started_at: "2026-11-16T08:02:00.000Z",
    watched_percent: 62,
    outcome: "not_earned",
    reason: "under_80",
    amount_usd: 0,
  }),
  makeView({
    content_id: "c6",
    content_title: "Snow",
    started_at: "2026-11-16T00:07:00.000Z",
    watched_percent: 100,
    outcome: "not_earned",
    reason: "item_daily_cap",
    amount_usd: 0,
  }),
];
const creatorViews: MyViewJson[] = [
  makeView({
    content_id: "c9",
    content_title: "My song",
    content_type: "audio",
    started_at: "2026-11-16T12:00:00.000Z",
    watched_percent: 85,
  }),
];

const dayViews = (q: URLSearchParams): Reply => {
  const as = q.get("as") === "creator" ? "creator" : "viewer";
  const body: MyViewsResponse = {
    date: q.get("date") ?? "",
    as,
    views: as === "creator" ? creatorViews : viewerViews,
    truncated: false,
    archived: null,
  };
  return { body };
};

/** Each view as its lines: title, time and watched share, outcome. */
const itemsOf = (list: HTMLElement) =>
  within(list)
    .getAllByRole("listitem")
    .map((item) => [...item.children].map((line) => line.textContent));

describe("a day's views", () => {
  it("opens from a daily row: each view with its time (UTC), share watched, and outcome and reason in words", async () => {
    const viewQueries: Record<string, string>[] = [];
    stubReport(undefined, (q) => (viewQueries.push(Object.fromEntries(q)), dayViews(q)));
    await openCalendar();
    const table = await screen.findByRole("table", { name: "Earnings by day" });
    fireEvent.click(within(table).getByRole("button", { name: "Views on Nov 16, 2026" }));

    const dialog = within(screen.getByRole("dialog", { name: "Views on Nov 16, 2026" }));
    expect(dialog.getByRole("button", { name: "As viewer", pressed: true })).toBeVisible();
    expect(dialog.getByRole("button", { name: "As creator", pressed: false })).toBeVisible();
    const list = await dialog.findByRole("list", { name: "Views as viewer" });
    expect(viewQueries).toContainEqual({ date: "2026-11-16" });
    expect(itemsOf(list)).toEqual([
      ["Sunset timelapse", "21:40 · watched 100 %", "Earned $0.003"],
      ["Ocean", "18:00 · watched 90 %", "Pending until Nov 23, 2026"],
      ["Forest", "15:30 · watched 95 %", "Pending — under review"],
      ["Desert", "09:15 · watched 100 %", "Reversed after a fraud review"],
      ["Rain", "08:02 · watched 62 %", "Watched 62 % — a view earns at 80 %"],
      ["Snow", "00:07 · watched 100 %", "Already earned 3 times from this item today"],
    ]);
    expect(within(list).getByRole("link", { name: "Ocean" }).getAttribute("href")).toBe("/content/c2");
    expect(dialog.queryByText(/Only the first/)).toBeNull();
  });

  it("waits for the earning rules before giving reasons that name them, then names the server's", async () => {
    const rules = deferred<Reply>();
    const viewQueries: Record<string, string>[] = [];
    stubReport(
      undefined,
      (q) => (viewQueries.push(Object.fromEntries(q)), dayViews(q)),
      () => rules.promise,
    );
    const queryClient = await openCalendar();
    const table = await screen.findByRole("table", { name: "Earnings by day" });
    fireEvent.click(within(table).getByRole("button", { name: "Views on Nov 16, 2026" }));
    const dialog = within(screen.getByRole("dialog", { name: "Views on Nov 16, 2026" }));
    // The views have answered and reached the screen; the rules they name have not.
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(queryKeys.dayViews(ava.id, "2026-11-16", "viewer"))).toBeDefined(),
    );
    await flushQueryNotifications();
    expect(viewQueries).toContainEqual({ date: "2026-11-16" });
    expect(dialog.getByRole("status").textContent).toBe("Loading views…");
    expect(dialog.queryByRole("list", { name: "Views as viewer" })).toBeNull();

    rules.resolve({ body: { ...earningRules, qualify_percent: 70, views_per_item_per_day: 2 } });
    const list = await dialog.findByRole("list", { name: "Views as viewer" });
    expect(itemsOf(list).map(([title, , outcome]) => [title, outcome])).toContainEqual([
      "Rain",
      "Watched 62 % — a view earns at 70 %",
    ]);
    expect(itemsOf(list).map(([title, , outcome]) => [title, outcome])).toContainEqual([
      "Snow",
      "Already earned 2 times from this item today",
    ]);
  });

  it("switches to the creator's side, where the viewer is only 'a viewer'", async () => {
    const viewQueries: Record<string, string>[] = [];
    stubReport(undefined, (q) => (viewQueries.push(Object.fromEntries(q)), dayViews(q)));
    await openCalendar();
    fireEvent.click(await screen.findByRole("button", { name: "Views on Nov 16, 2026" }));
    const dialog = within(screen.getByRole("dialog", { name: "Views on Nov 16, 2026" }));
    await dialog.findByRole("list", { name: "Views as viewer" });

    fireEvent.click(dialog.getByRole("button", { name: "As creator" }));
    expect(dialog.getByRole("button", { name: "As creator", pressed: true })).toBeVisible();
    const list = await dialog.findByRole("list", { name: "Views as creator" });
    expect(viewQueries.at(-1)).toEqual({ date: "2026-11-16", as: "creator" });
    expect(itemsOf(list)).toEqual([["My song", "12:00 · a viewer watched 85 %", "Earned $0.003"]]);
    expect(within(list).getByRole("link", { name: "My song" }).getAttribute("href")).toBe("/content/c9");
    expect(dialog.queryByText("Sunset timelapse")).toBeNull();

    fireEvent.click(dialog.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("has no views button on weekly or monthly rows", async () => {
    stubReport(undefined, dayViews);
    await openCalendar();
    await screen.findByRole("button", { name: "Views on Nov 16, 2026" });
    fireEvent.click(screen.getByRole("button", { name: "Weekly" }));
    const weeks = await screen.findByRole("table", { name: "Earnings by week" });
    expect(within(weeks).getByRole("rowheader").textContent).toBe("Week of Nov 16, 2026");
    expect(within(weeks).queryByRole("button")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Monthly" }));
    const months = await screen.findByRole("table", { name: "Earnings by month" });
    expect(within(months).queryByRole("button")).toBeNull();
  });

  it("says when a day has no views, and when only the first 500 are shown", async () => {
    stubReport(undefined, (q) => {
      const as = q.get("as") === "creator" ? "creator" : "viewer";
      return {
        body: {
          date: "2026-11-16",
          as,
          views: as === "creator" ? [] : viewerViews.slice(0, 1),
          truncated: as === "viewer",
          archived: null,
        },
      };
    });
    await openCalendar();
    fireEvent.click(await screen.findByRole("button", { name: "Views on Nov 16, 2026" }));
    const dialog = within(screen.getByRole("dialog", { name: "Views on Nov 16, 2026" }));
    expect(await dialog.findByText("Only the first 500 views of this day are shown.")).toBeVisible();
    fireEvent.click(dialog.getByRole("button", { name: "As creator" }));
    expect(await dialog.findByText("No views on this day.")).toBeVisible();
    expect(dialog.queryByText(/Only the first/)).toBeNull();
  });

  it("says a day's views are archived and shows the day's summary instead of an empty list", async () => {
    const archived = { views: 12, qualified: 9, credited: 7, amount_usd: 0.018, reversed: 1 };
    stubReport(undefined, (q) => ({
      body: {
        date: "2026-11-16",
        as: q.get("as") === "creator" ? "creator" : "viewer",
        views: [],
        truncated: false,
        archived,
      },
    }));
    await openCalendar();
    fireEvent.click(await screen.findByRole("button", { name: "Views on Nov 16, 2026" }));
    const dialog = within(screen.getByRole("dialog", { name: "Views on Nov 16, 2026" }));
    const summary = await dialog.findByRole("region", { name: "Archived day" });
    expect(summary.textContent).toBe(
      "Views of this day are archivedEach view is no longer listed one by one, but what the day held is kept: 12 views, 9 qualified, 7 paid, $0.018 earned, 1 payment taken back.",
    );
    expect(dialog.queryByText("No views on this day.")).toBeNull();
    expect(dialog.queryByRole("list")).toBeNull();
  });

  it("lists a view of a deleted item with its title marked '(deleted)' and no link, and what it paid", async () => {
    const gone = makeView({
      content_id: "c7",
      content_title: "Old clip",
      content_deleted: true,
      started_at: "2026-11-16T10:00:00.000Z",
      outcome: "pending",
      available_at: "2026-11-23T10:00:00.000Z",
    });
    stubReport(undefined, (q) => ({
      body: {
        date: "2026-11-16",
        as: q.get("as") === "creator" ? "creator" : "viewer",
        views: [gone],
        truncated: false,
        archived: null,
      },
    }));
    await openCalendar();
    fireEvent.click(await screen.findByRole("button", { name: "Views on Nov 16, 2026" }));
    const list = await within(screen.getByRole("dialog", { name: "Views on Nov 16, 2026" })).findByRole("list", {
      name: "Views as viewer",
    });
    expect(itemsOf(list)).toEqual([["Old clip (deleted)", "10:00 · watched 100 %", "Pending until Nov 23, 2026"]]);
    expect(within(list).queryByRole("link")).toBeNull();
  });

  it("logs a failed list and says the views could not be loaded", async () => {
    const consoleError = expectConsoleError();
    stubReport(undefined, () => ({ status: 500 }));
    await openCalendar();
    fireEvent.click(await screen.findByRole("button", { name: "Views on Nov 16, 2026" }));
    const dialog = within(screen.getByRole("dialog", { name: "Views on Nov 16, 2026" }));
    expect(await dialog.findByText("The views could not be loaded. Try again later.")).toBeVisible();
    expect(String(consoleError.mock.calls[0][0])).toBe(
      "Error: Failed to load views: API responded with HTTP status 500",
    );
  });
});
