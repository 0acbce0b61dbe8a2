import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EarningsReport } from "../../lib/types";
import { useAuth } from "../../stores/auth";
import { expectConsoleError } from "../../test/console";
import { earningRules, emptyReport, makeWallet } from "../../test/earnings-fixtures";
import { stubFetch } from "../../test/fetch";
import { ava } from "../../test/fixtures";
import { renderApp } from "../../test/render-route";

const report: EarningsReport = {
  earnings: [{ date: "2026-11-16", view_count: 2, viewer_earnings: 0.003, creator_earnings: 0.003, total_earnings: 0.006 }],
  summary: { totalEarnings: 0.006, totalViews: 2, uniqueUsers: 1, avgDaily: 0.0002 },
};

/** Answers the report with `answer(query)` and returns the query of each report request. */
function stubReport(answer: (q: URLSearchParams) => { status?: number; body?: unknown } = () => ({ body: report })) {
  const queries: URLSearchParams[] = [];
  stubFetch({
    "GET /api/me/wallet": { body: makeWallet() },
    "GET /api/me/payments": { body: { payments: [] } },
    "GET /api/earning-rules": { body: earningRules },
    "GET /api/me/earnings/calendar": (_init, url) => (queries.push(url.searchParams), answer(url.searchParams)),
  });
  return queries;
}

async function openCalendar() {
  renderApp("/wallet");
  fireEvent.click(await screen.findByRole("tab", { name: "Earnings Calendar" }));
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
  it("asks for the last 30 days, daily; shows the summary and a breakdown with 2 decimals", async () => {
    const queries = stubReport();
    await openCalendar();
    const table = await screen.findByRole("table", { name: "Earnings by day" });
    expect(last(queries)).toEqual({ startDate: "2026-10-23", endDate: "2026-11-21", groupBy: "daily" });
    expect(screen.getByLabelText("Start date")).toHaveProperty("value", "Oct 23, 2026");
    expect(screen.getByLabelText("End date")).toHaveProperty("value", "Nov 21, 2026");
    expect(screen.getByRole("button", { name: "Daily", pressed: true })).toBeTruthy();

    const summary = (term: string) => screen.getByText(term).nextElementSibling!;
    expect(summary("Total Earnings").textContent).toBe("$0.01");
    expect(summary("Total Earnings").getAttribute("title")).toBe("$0.006");
    expect(summary("Total Views").textContent).toBe("2");
    expect(summary("Unique Users").textContent).toBe("1");
    expect(summary("Avg. Daily").textContent).toBe("$0.00");

    const [head, row] = within(table).getAllByRole("row");
    expect(within(head).getAllByRole("columnheader").map((c) => c.textContent)).toEqual([
      "Date", "Views", "Viewer Earnings", "Creator Earnings", "Total",
    ]);
    expect(within(row).getByRole("rowheader").textContent).toBe("Nov 16, 2026");
    const cells = within(row).getAllByRole("cell");
    expect(cells.map((c) => c.textContent)).toEqual(["2", "$0.00", "$0.00", "$0.01"]);
    // A view pays $0.003, which 2 decimals hide: the exact amount is in the tooltip.
    expect(cells.map((c) => c.getAttribute("title"))).toEqual([null, "$0.003", "$0.003", "$0.006"]);
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
    expect(screen.getByText("Start date cannot be after today")).toBeTruthy();
    expect(start.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("button", { name: "Update" })).toHaveProperty("disabled", true);
    setDate("End date", "Nov 9, 2026");
    setDate("Start date", "Nov 10, 2026");
    expect(screen.getByText("End date cannot be before the start date")).toBeTruthy();
    setDate("End date", "Nov 22, 2026");
    expect(screen.getByText("End date cannot be after today")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(queries).toHaveLength(count);
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
      expect(document.getElementById(start.getAttribute("aria-describedby")!)?.textContent).toBe("Enter a date like Nov 21, 2026");
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
    // Focus lands on the chosen day (Nov 21), so arrow keys move from there.
    expect(document.activeElement?.textContent).toBe("21");
    expect(dialog.getByRole("button", { name: /November 22nd, 2026/ })).toHaveProperty("disabled", true);
    fireEvent.click(dialog.getByRole("button", { name: /November 18th, 2026/ }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByLabelText("End date")).toHaveProperty("value", "Nov 18, 2026");
    await vi.waitFor(() => expect(last(queries).endDate).toBe("2026-11-18"));

    // The start calendar offers nothing before… and nothing after today; Escape closes it.
    fireEvent.keyDown(screen.getByLabelText("Start date"), { key: "ArrowDown", altKey: true });
    const startDialog = within(screen.getByRole("dialog", { name: "Choose start date" }));
    expect((await startDialog.findByRole("grid")).getAttribute("aria-label")).toBe("October 2026");
    expect(document.activeElement?.textContent).toBe("23");
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByLabelText("Start date")).toHaveProperty("value", "Oct 23, 2026");
  });

  it("says No earnings data found for an empty report", async () => {
    stubReport(() => ({ body: emptyReport }));
    await openCalendar();
    expect(await screen.findByText("No earnings data found")).toBeTruthy();
    expect(screen.getByText("Try adjusting the date range or check back later")).toBeTruthy();
  });

  it("logs a failed report and says No earnings data found", async () => {
    const consoleError = expectConsoleError();
    stubReport(() => ({ status: 400, body: { error: "startDate: cannot be after today", requestId: "r" } }));
    await openCalendar();
    expect(await screen.findByText("No earnings data found")).toBeTruthy();
    expect(String(consoleError.mock.calls[0][0])).toBe("Error: Failed to load earnings report: API responded with HTTP status 400");
  });

  it("keeps the chosen range and view mode when switching tabs", async () => {
    const queries = stubReport();
    await openCalendar();
    fireEvent.click(await screen.findByRole("button", { name: "Monthly" }));
    setDate("Start date", "Jan 1, 2026");
    fireEvent.click(screen.getByRole("tab", { name: "Overview" }));
    fireEvent.click(screen.getByRole("tab", { name: "Earnings Calendar" }));
    expect(screen.getByRole("button", { name: "Monthly", pressed: true })).toBeTruthy();
    expect(screen.getByLabelText("Start date")).toHaveProperty("value", "Jan 1, 2026");
    await vi.waitFor(() => expect(last(queries)).toEqual({ startDate: "2026-01-01", endDate: "2026-11-21", groupBy: "monthly" }));
  });
});
