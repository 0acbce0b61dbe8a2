import type { EarningsReport } from "../../../common/schemas/earnings-report";
import type { getEarningsCalendar } from "../../domain/earnings/earnings-calendar";
import { usd } from "../../lib/money";

/** Shapes the report for the API; the admin view has unique users per row, the user view the split. */
export function earningsReportJson(
  { report, range }: Awaited<ReturnType<typeof getEarningsCalendar>>,
  variant: "user" | "admin",
): EarningsReport {
  return {
    earnings: report.rows.map((r) => ({
      date: r.date,
      total_earnings: usd(r.total),
      view_count: Number(r.views),
      ...(variant === "admin"
        ? { unique_users: Number(r.users) }
        : { viewer_earnings: usd(r.viewer), creator_earnings: usd(r.creator) }),
    })),
    summary: {
      totalEarnings: usd(report.totals.total),
      totalViews: Number(report.totals.views),
      uniqueUsers: Number(report.totals.users),
      // Integer division in micro-dollars first, so the average is exact to the micro-dollar.
      avgDaily: usd(Math.round(Number(report.totals.total) / range.days)),
    },
  };
}
