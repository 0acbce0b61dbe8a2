import { Hono } from "hono";
import { adminEarningsCalendarQuery } from "../../../common/schemas/reports";
import type { AppEnv } from "../../app-env";
import { earningsReport } from "../../db/queries/earnings-report";
import { reportRange } from "../../domain/earnings/report-range";
import { validate } from "../../lib/validate";
import { earningsReportJson } from "../serializers/earnings-report";
import { csvResponse } from "./csv";

/** Admin: the site-wide earnings calendar (optionally for one user), with unique users per row. */
export const adminEarningsCalendarRoutes = new Hono<AppEnv>()
  .get("/earnings/calendar", validate("query", adminEarningsCalendarQuery), async (c) => {
    const q = c.req.valid("query");
    const range = reportRange(q.startDate, q.endDate);
    const report = await earningsReport(c.get("db"), { range, groupBy: q.groupBy, uniqueUsers: "earners", userId: q.userId });
    return c.json(earningsReportJson(report, range.days, "admin"), 200);
  })
  .get("/earnings/calendar.csv", validate("query", adminEarningsCalendarQuery), async (c) => {
    const q = c.req.valid("query");
    const range = reportRange(q.startDate, q.endDate);
    const report = await earningsReport(c.get("db"), { range, groupBy: q.groupBy, uniqueUsers: "earners", userId: q.userId });
    const rows = earningsReportJson(report, range.days, "admin").earnings;
    return csvResponse(`earnings-${range.startDate}-${range.endDate}.csv`, ["date", "total_earnings", "view_count", "unique_users"], rows, ["total_earnings"]);
  });
