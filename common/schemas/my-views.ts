import { z } from "zod";
import { isIsoDay } from "../report-range";

/** GET /api/me/views: "a reason for every view", one UTC day of the caller's views as viewer or as creator. */
export const myViewsQuery = z.object({
  date: z.string("date is required").refine(isIsoDay, "date must be a date like 2026-01-31"),
  as: z.enum(["viewer", "creator"], "as must be viewer or creator").default("viewer"),
});
export type MyViewsQuery = z.input<typeof myViewsQuery>;
