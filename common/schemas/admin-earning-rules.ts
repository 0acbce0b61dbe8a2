import { z } from "zod";
import { type EarningRuleKey, TUNABLE_EARNING_RULES } from "../earning-policy";

const wholeNumber = (key: EarningRuleKey) =>
  z
    .number(`${key} must be a number`)
    .int(`${key} must be a whole number`)
    .min(TUNABLE_EARNING_RULES[key].min, `${key} must be at least ${TUNABLE_EARNING_RULES[key].min}`)
    .max(TUNABLE_EARNING_RULES[key].max, `${key} must be at most ${TUNABLE_EARNING_RULES[key].max}`);

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
