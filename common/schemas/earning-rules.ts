import { z } from "zod";

/** GET /api/earning-rules (signed in) and GET /api/admin/earning-rules. Amounts in USD (docs/architecture.md §4 "A view"). */
export const earningRulesOut = z.object({
  reward_usd: z.number(),
  qualify_percent: z.number(),
  views_per_item_per_day: z.number().int(),
  /** Admin-tunable: items shorter than this (seconds) never earn or count for challenges. */
  min_earning_seconds: z.number().int(),
  /** Admin-tunable: earnable views per viewer per UTC day. */
  daily_earnable_views: z.number().int(),
  /** Admin-tunable: days view rewards and sign-on bonuses stay pending before they become available (0: none). */
  earnings_hold_days: z.number().int(),
});
export type EarningRulesJson = z.output<typeof earningRulesOut>;
