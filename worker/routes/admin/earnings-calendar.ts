import { Hono } from "hono";
import { earningsReportOut } from "../../../common/schemas/earnings-report";
import { adminEarningsCalendarQuery } from "../../../common/schemas/reports";
import type { AppEnv } from "../../app-env";
import { getSiteEarningsCalendar } from "../../domain/earnings/earnings-calendar";
import { validate } from "../../lib/validate";
import { responds } from "../../openapi/responds";
import { earningsReportJson } from "../serializers/earnings-report";
import { adminContext } from "./admin-context";
import { csvAnswers, csvResponse } from "./csv";

/** Admin: the site-wide earnings calendar (optionally for one user), with unique users (distinct viewers) per row. */
export const adminEarningsCalendarRoutes = new Hono<AppEnv>()
  .get(
    "/earnings/calendar",
    responds("Show the site's earnings calendar", {
      200: {
        description:
          "Earnings per day, week or month of the range (optionally one member's), with views and unique users (the distinct viewers of those views) per row, and the totals.",
        schema: earningsReportOut,
      },
    }),
    validate("query", adminEarningsCalendarQuery),
    async (c) => {
      const calendar = await getSiteEarningsCalendar({ ctx: adminContext(c), input: c.req.valid("query") });
      return c.json(earningsReportJson(calendar, "admin"), 200);
    },
  )
  .get(
    "/earnings/calendar.csv",
    responds(
      "Download the site's earnings calendar",
      csvAnswers("The calendar's rows: date, total_earnings, view_count, unique_users."),
    ),
    validate("query", adminEarningsCalendarQuery),
    async (c) => {
      const calendar = await getSiteEarningsCalendar({ ctx: adminContext(c), input: c.req.valid("query") });
      const rows = earningsReportJson(calendar, "admin").earnings;
      const { startDate, endDate } = calendar.range;
      return csvResponse(
        `earnings-${startDate}-${endDate}.csv`,
        ["date", "total_earnings", "view_count", "unique_users"],
        rows,
        ["total_earnings"],
      );
    },
  );
