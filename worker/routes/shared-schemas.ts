import { z } from "zod";
import { TRAFFIC_RANGES } from "../domain/traffic/page-visit";

// Request schemas that more than one route file validates with, so the signed-in and admin variants of a
// screen cannot drift apart.

/** A range of UTC days (report-range.ts settles the defaults and bounds). */
export const dayRangeQuery = z.object({
  startDate: z.string().max(10).optional(),
  endDate: z.string().max(10).optional(),
});

/** The earnings calendar, the caller's and the admin's. */
export const reportQuery = dayRangeQuery.extend({
  groupBy: z.enum(["daily", "weekly", "monthly"], "groupBy must be daily, weekly or monthly").default("daily"),
});

/** The traffic dashboard, the caller's and the admin's. */
export const trafficRangeQuery = z.object({
  range: z.enum(Object.keys(TRAFFIC_RANGES) as [keyof typeof TRAFFIC_RANGES], "range must be 1d, 7d, 30d or 90d").default("7d"),
});
