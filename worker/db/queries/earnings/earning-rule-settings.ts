// The earning rules an admin can tune, as stored (settings table, audited; their defaults and bounds are the
// earning policy's, common/earning-policy.ts), and the same settings as SQL expressions, so the earnings job, the
// challenge progress and the fraud sweep read them inside their own statements (no extra round trip, and a change
// applies from the next statement on). domain/views/earning-rules.ts shows them.
import { type EarningRuleKey, TUNABLE_EARNING_RULES } from "../../../../common/earning-policy";

export const EARNING_RULE_DEFAULTS = Object.fromEntries(
  Object.entries(TUNABLE_EARNING_RULES).map(([key, rule]) => [key, String(rule.default)]),
) as EarningRuleSettings;
export type EarningRuleSettings = Record<EarningRuleKey, string>;

const settingSql = (key: EarningRuleKey) =>
  `coalesce((select cast(value as integer) from settings where key = '${key}' and cast(value as integer) >= ${TUNABLE_EARNING_RULES[key].min}), ${TUNABLE_EARNING_RULES[key].default})`;

/** The shortest item that earns (and counts for challenges), in milliseconds. */
export const MIN_EARNING_MS_SQL = `(${settingSql("min_earning_seconds")} * 1000)`;
/** Earnable views per viewer per UTC day. */
export const DAILY_EARNABLE_VIEWS_SQL = `(${settingSql("daily_earnable_views")})`;
/** Days a view reward or sign-on bonus stays pending (0: none). */
export const EARNINGS_HOLD_DAYS_SQL = `(${settingSql("earnings_hold_days")})`;
/** When a credit written at `nowParam` (an ISO timestamp placeholder) becomes available, in the same ISO form. */
export const heldUntilSql = (nowParam: string) =>
  `strftime('%Y-%m-%dT%H:%M:%fZ', ${nowParam}, '+' || ${EARNINGS_HOLD_DAYS_SQL} || ' days')`;
