import type { EarningRulesJson } from "../../../common/schemas/earning-rules";
import { EARNING_RULE_BOUNDS } from "../../../common/earning-rules";
import { EARNING_RULE_DEFAULTS, type EarningRuleSettings } from "../../db/queries/earnings/earning-rule-settings";
import { usd } from "../../lib/money";
import { EARNABLE_VIEWS_PER_DAY, QUALIFY_FRACTION, VIEW_REWARD_MICROS } from "./rules";

// The earning rules an admin can tune (stored with their defaults by db/queries/earnings/earning-rule-settings.ts,
// bounded by common/earning-rules.ts, changed through common/schemas/admin-earning-rules.ts).

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
