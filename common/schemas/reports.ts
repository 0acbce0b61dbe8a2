import { z } from "zod";
import { ID_REGEX } from "../ids";

// Reports over a range of UTC days. The dates are only bounded here: the Worker settles defaults, "not after
// today" and the longest range (common/report-range.ts) against its own clock.

/** GET /api/admin/analytics/ads; the base of the earnings calendars. */
export const dayRangeQuery = z.object({
  startDate: z.string().max(10).optional(),
  endDate: z.string().max(10).optional(),
});

/** GET /api/me/earnings/calendar: the caller's own earnings calendar. */
export const earningsCalendarQuery = dayRangeQuery.extend({
  groupBy: z.enum(["daily", "weekly", "monthly"], "groupBy must be daily, weekly or monthly").default("daily"),
});

/** The rows of an earnings calendar: days, weeks or months. */
export type EarningsGroupBy = z.output<typeof earningsCalendarQuery>["groupBy"];

/** GET /api/admin/earnings/calendar(.csv): the whole site's earnings calendar, or one user's. */
export const adminEarningsCalendarQuery = earningsCalendarQuery.extend({
  userId: z.string().regex(ID_REGEX, "userId must be a user id").optional(),
});
