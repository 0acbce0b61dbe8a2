import { z } from "zod";
import { EARNING_RULE_BOUNDS, type EarningRuleKey } from "../earning-rules";

const wholeNumber = (key: EarningRuleKey) =>
  z
    .number(`${key} must be a number`)
    .int(`${key} must be a whole number`)
    .min(EARNING_RULE_BOUNDS[key].min, `${key} must be at least ${EARNING_RULE_BOUNDS[key].min}`)
    .max(EARNING_RULE_BOUNDS[key].max, `${key} must be at most ${EARNING_RULE_BOUNDS[key].max}`);

/** PATCH /api/admin/earning-rules: one rule at a time. */
export const earningRuleChange = z.discriminatedUnion(
  "key",
  [
    z.object({ key: z.literal("min_earning_seconds"), value: wholeNumber("min_earning_seconds") }),
    z.object({ key: z.literal("daily_earnable_views"), value: wholeNumber("daily_earnable_views") }),
    z.object({ key: z.literal("earnings_hold_days"), value: wholeNumber("earnings_hold_days") }),
  ],
  "key must be min_earning_seconds, daily_earnable_views or earnings_hold_days",
);
export type EarningRuleChange = z.input<typeof earningRuleChange>;

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────
// GET and PATCH /api/admin/earning-rules answer the rules as members see them: earningRulesOut
// (common/schemas/earning-rules.ts).
