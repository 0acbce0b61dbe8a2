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

/**
 * GET /api/view-reward (public): what a view pays each side, the share of it to watch, and how many views of one
 * item pay a viewer per UTC day; what the sign-in dialog and the player say before any member rule is read.
 */
export const viewRewardOut = earningRulesOut.pick({
  reward_usd: true,
  qualify_percent: true,
  views_per_item_per_day: true,
});
export type ViewRewardJson = z.output<typeof viewRewardOut>;
