import type { EarningRulesJson, ViewRewardJson } from "../../../common/schemas/earning-rules";
import {
  EARNABLE_VIEWS_PER_DAY,
  type EarningRuleKey,
  QUALIFY_PERCENT,
  TUNABLE_EARNING_RULES,
  VIEW_REWARD_MICROS,
} from "../../../common/earning-policy";
import { EARNING_RULE_DEFAULTS, type EarningRuleSettings } from "../../db/queries/earnings/earning-rule-settings";
import { readSettings } from "../../db/queries/settings/settings";
import { usd } from "../../lib/money";
import type { AdminCall } from "../admin/admin-context";
import type { ReaderCall } from "../member-context";
import { changeSetting } from "../settings/change-setting";

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

/** The rules every reward follows now (docs/decisions/070): the fixed ones and the ones an admin tunes, as stored. */
export async function getEarningRules({ ctx }: ReaderCall<Record<string, never>>): Promise<EarningRulesJson> {
  return earningRulesJson(await readSettings(ctx.db, EARNING_RULE_DEFAULTS));
}

/** An admin tunes one rule (audited when the value changes, change-setting.ts); answers the rules after. */
export async function changeEarningRule({
  ctx,
  input,
}: AdminCall<{ key: EarningRuleKey; value: number }>): Promise<EarningRulesJson> {
  const after = await changeSetting({
    ctx,
    input: { defaults: EARNING_RULE_DEFAULTS, key: input.key, value: String(input.value) },
  });
  return earningRulesJson(after);
}
