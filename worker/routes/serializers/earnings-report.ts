import type { EarningsReport } from "../../../common/schemas/earnings-report";
import type { earningsReport } from "../../db/queries/earnings/earnings-report";
import { usd } from "../../lib/money";

/** Shapes the report for the API; the admin view has unique users per row, the user view the split. */
export function earningsReportJson(
  report: Awaited<ReturnType<typeof earningsReport>>,
  days: number,
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
      avgDaily: usd(Math.round(Number(report.totals.total) / days)),
    },
  };
}
