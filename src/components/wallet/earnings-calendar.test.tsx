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
const setDate = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

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
    expect(screen.getByText("Oct 23, 2026")).toBeTruthy();
    expect(screen.getByText("Nov 21, 2026")).toBeTruthy();
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
    const end = screen.getByLabelText("End date");
    expect([start.getAttribute("max"), end.getAttribute("min"), end.getAttribute("max")]).toEqual(["2026-11-21", "2026-10-23", "2026-11-21"]);

    setDate("Start date", "2026-11-01");
    await vi.waitFor(() => expect(last(queries).startDate).toBe("2026-11-01"));
    expect(screen.getByText("Nov 1, 2026")).toBeTruthy();

    const count = queries.length;
    setDate("Start date", "2026-11-22");
    expect(screen.getByText("Start date cannot be after today")).toBeTruthy();
    expect(start.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("button", { name: "Update" })).toHaveProperty("disabled", true);
    setDate("End date", "2026-11-09");
    setDate("Start date", "2026-11-10");
    expect(screen.getByText("End date cannot be before the start date")).toBeTruthy();
    setDate("End date", "2026-11-22");
    expect(screen.getByText("End date cannot be after today")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(queries).toHaveLength(count);
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
    setDate("Start date", "2026-01-01");
    fireEvent.click(screen.getByRole("tab", { name: "Overview" }));
    fireEvent.click(screen.getByRole("tab", { name: "Earnings Calendar" }));
    expect(screen.getByRole("button", { name: "Monthly", pressed: true })).toBeTruthy();
    expect(screen.getByLabelText("Start date")).toHaveProperty("value", "2026-01-01");
    await vi.waitFor(() => expect(last(queries)).toEqual({ startDate: "2026-01-01", endDate: "2026-11-21", groupBy: "monthly" }));
  });
});
