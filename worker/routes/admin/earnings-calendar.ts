import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../app-env";
import { earningsReport } from "../../db/queries/earnings-report";
import { reportRange } from "../../domain/earnings/report-range";
import { validate } from "../../lib/validate";
import { earningsReportJson } from "../serializers/earnings-report";
import { reportQuery } from "../shared-schemas";
import { csvResponse } from "./csv";

const adminReportQuery = reportQuery.extend({
  userId: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, "userId must be a user id").optional(),
});

/** Admin: the site-wide earnings calendar (optionally for one user), with unique users per row. */
export const adminEarningsCalendarRoutes = new Hono<AppEnv>()
  .get("/earnings/calendar", validate("query", adminReportQuery), async (c) => {
    const q = c.req.valid("query");
    const range = reportRange(q.startDate, q.endDate);
    const report = await earningsReport(c.get("db"), { range, groupBy: q.groupBy, uniqueUsers: "earners", userId: q.userId });
    return c.json(earningsReportJson(report, range.days, "admin"), 200);
  })
  .get("/earnings/calendar.csv", validate("query", adminReportQuery), async (c) => {
    const q = c.req.valid("query");
    const range = reportRange(q.startDate, q.endDate);
    const report = await earningsReport(c.get("db"), { range, groupBy: q.groupBy, uniqueUsers: "earners", userId: q.userId });
    const rows = earningsReportJson(report, range.days, "admin").earnings;
    return csvResponse(`earnings-${range.startDate}-${range.endDate}.csv`, ["date", "total_earnings", "view_count", "unique_users"], rows);
  });
