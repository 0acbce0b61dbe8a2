import type { EarningRulesJson, ViewRewardJson } from "../../../common/schemas/earning-rules";
import {
  EARNABLE_VIEWS_PER_DAY,
  type EarningRuleKey,
  QUALIFY_PERCENT,
  TUNABLE_EARNING_RULES,
  VIEW_REWARD_MICROS,
} from "../../../common/earning-policy";
import type { EarningRuleSettings } from "../../db/queries/earnings/earning-rule-settings";
import { usd } from "../../lib/money";

// The earning rules as the API shows them: the reward and fixed rules of the earning policy
// (common/earning-policy.ts), and the ones an admin tunes as stored (db/queries/earnings/earning-rule-settings.ts,
// changed through common/schemas/admin-earning-rules.ts).

/** The rules as the API shows them; a stored value that is somehow not a number falls back to the default. */
export function earningRulesJson(stored: EarningRuleSettings): EarningRulesJson {
  const int = (key: EarningRuleKey) => {
    const n = Number(stored[key]);
    return Number.isSafeInteger(n) && n >= TUNABLE_EARNING_RULES[key].min ? n : TUNABLE_EARNING_RULES[key].default;
  };
  return {
    ...viewRewardJson(),
    min_earning_seconds: int("min_earning_seconds"),
    daily_earnable_views: int("daily_earnable_views"),
    earnings_hold_days: int("earnings_hold_days"),
  };
}

/** What a view pays, how much of it must be watched and how often an item pays a day: the rules anyone may read. */
export const viewRewardJson = (): ViewRewardJson => ({
  reward_usd: usd(VIEW_REWARD_MICROS),
  qualify_percent: QUALIFY_PERCENT,
  views_per_item_per_day: EARNABLE_VIEWS_PER_DAY,
});
