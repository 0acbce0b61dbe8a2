import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { expectConsoleError } from "../../test/console";
import { stubFetch } from "../../test/fetch";
import type { EarningsReport } from "../../../common/schemas/earnings-report";
import { EarningsLogTab } from "./earnings-log-tab";
import { renderWithQueries } from "../../test/query-client";
import { definitionOf } from "../../test/screen";

const report: EarningsReport = {
  earnings: [{ date: "2026-11-16", view_count: 4, unique_users: 3, total_earnings: 0.012 }],
  summary: { totalEarnings: 0.012, totalViews: 4, uniqueUsers: 3, avgDaily: 0.0004 },
};

function stubReport(reply: () => { status?: number; body?: unknown } = () => ({ body: report })) {
  const queries: Record<string, string>[] = [];
  stubFetch({
    "GET /api/admin/earnings/calendar": (_init, url) => (queries.push(Object.fromEntries(url.searchParams)), reply()),
  });
  return queries;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-21T12:00:00Z"));
});
afterEach(() => vi.useRealTimers());

describe("earnings log tab", () => {
  it("reports the last 30 days across all users, with unique users, and a CSV link for the same query", async () => {
    const queries = stubReport();
    renderWithQueries(<EarningsLogTab />);
    const table = await screen.findByRole("table", { name: "Earnings by day" });
    expect(queries.at(-1)).toEqual({ startDate: "2026-10-23", endDate: "2026-11-21", groupBy: "daily" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Date", "Views", "Unique Users", "Total"]);
    expect([...within(table).getAllByRole("row")[1].children].map((c) => c.textContent)).toEqual([
      "Nov 16, 2026",
      "4",
      "3",
      "$0.012",
    ]);
    expect(definitionOf("Total Earnings")).toBe("$0.012");
    expect(definitionOf("Total Views")).toBe("4");
    expect(definitionOf("Unique Users")).toBe("3");
    // An average is a report figure to the cent (docs/product-spec.md §9): under half a cent it says so.
    expect(definitionOf("Avg. Daily")).toBe("< $0.01");
    expect(screen.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toBe(
      "/api/admin/earnings/calendar.csv?startDate=2026-10-23&endDate=2026-11-21&groupBy=daily",
    );
  });

  it("asks again for a new view mode and on Update; refuses an end date after today", async () => {
    const queries = stubReport();
    renderWithQueries(<EarningsLogTab />);
    await screen.findByRole("table", { name: "Earnings by day" });
    fireEvent.click(screen.getByRole("button", { name: "Weekly" }));
    await screen.findByRole("table", { name: "Earnings by week" });
    expect(queries.at(-1)?.groupBy).toBe("weekly");
    expect(screen.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toContain("groupBy=weekly");

    const asked = queries.length;
    fireEvent.click(screen.getByRole("button", { name: "Update" }));
    await waitFor(() => expect(queries.length).toBe(asked + 1));

    fireEvent.change(screen.getByLabelText("End date"), { target: { value: "Nov 22, 2026" } });
    fireEvent.blur(screen.getByLabelText("End date"));
    expect(screen.getByText("End date cannot be after today")).toBeVisible();
    expect(screen.getByRole("button", { name: "Update" })).toHaveProperty("disabled", true);
    expect(queries.every((q) => q.endDate === "2026-11-21")).toBe(true);
  });

  it("shows the empty state when nothing was earned, and when the report fails (logged)", async () => {
    stubReport(() => ({ body: { earnings: [], summary: report.summary } }));
    const view = renderWithQueries(<EarningsLogTab />);
    expect(await screen.findByText("No earnings data found")).toBeVisible();
    expect(screen.getByText("Try adjusting the date range or check back later")).toBeVisible();
    view.unmount();

    stubReport(() => ({ status: 500 }));
    const consoleError = expectConsoleError();
    renderWithQueries(<EarningsLogTab />);
    expect(await screen.findByText("No earnings data found")).toBeVisible();
    expect(definitionOf("Total Earnings")).toBe("$0.00");
    expect(String(consoleError.mock.calls[0][0])).toContain("Failed to load earnings report");
  });
});
