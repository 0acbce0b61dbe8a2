import { z } from "zod";

// The earnings report: a member's calendar (GET /api/me/earnings/calendar) and the admin's (same rows, with unique users).

const earningsReportRowOut = z.object({
  date: z.string(),
  total_earnings: z.number(),
  view_count: z.number().int(),
  /** Admin report only. */
  unique_users: z.number().int().optional(),
  /** User report only. */
  viewer_earnings: z.number().optional(),
  creator_earnings: z.number().optional(),
});
export type EarningsReportRow = z.output<typeof earningsReportRowOut>;

export const earningsReportOut = z.object({
  earnings: z.array(earningsReportRowOut),
  summary: z.object({
    totalEarnings: z.number(),
    totalViews: z.number(),
    uniqueUsers: z.number(),
    avgDaily: z.number(),
  }),
});
export type EarningsReport = z.output<typeof earningsReportOut>;
