import { z } from "zod";
import type { EarningRulesJson } from "../../../common/api-types";
import { EARNING_RULE_BOUNDS, EARNING_RULE_DEFAULTS, type EarningRuleSettings } from "../../db/queries/earning-rule-settings";
import { usd } from "../../lib/money";
import { EARNABLE_VIEWS_PER_DAY, QUALIFY_FRACTION, VIEW_REWARD_MICROS } from "./rules";

// The earning rules an admin can tune (stored with their defaults and bounds by db/queries/earning-rule-settings.ts).

const wholeNumber = (key: keyof typeof EARNING_RULE_BOUNDS) =>
  z
    .number(`${key} must be a number`)
    .int(`${key} must be a whole number`)
    .min(EARNING_RULE_BOUNDS[key].min, `${key} must be at least ${EARNING_RULE_BOUNDS[key].min}`)
    .max(EARNING_RULE_BOUNDS[key].max, `${key} must be at most ${EARNING_RULE_BOUNDS[key].max}`);

export const earningRuleChange = z.discriminatedUnion(
  "key",
  [
    z.object({ key: z.literal("min_earning_seconds"), value: wholeNumber("min_earning_seconds") }),
    z.object({ key: z.literal("daily_earnable_views"), value: wholeNumber("daily_earnable_views") }),
    z.object({ key: z.literal("earnings_hold_days"), value: wholeNumber("earnings_hold_days") }),
  ],
  "key must be min_earning_seconds, daily_earnable_views or earnings_hold_days",
);

/** The rules as the API shows them; a stored value that is somehow not a number falls back to the default. */
export function earningRulesJson(stored: EarningRuleSettings): EarningRulesJson {
  const int = (key: keyof typeof EARNING_RULE_DEFAULTS) => {
    const n = Number(stored[key]);
    return Number.isSafeInteger(n) && n >= EARNING_RULE_BOUNDS[key].min ? n : Number(EARNING_RULE_DEFAULTS[key]);
  };
  return {
    reward_usd: usd(VIEW_REWARD_MICROS),
    qualify_percent: QUALIFY_FRACTION * 100,
    views_per_item_per_day: EARNABLE_VIEWS_PER_DAY,
    min_earning_seconds: int("min_earning_seconds"),
    daily_earnable_views: int("daily_earnable_views"),
    earnings_hold_days: int("earnings_hold_days"),
  };
}
