// The earning rules an admin can tune, as stored (settings table, audited; defaults in docs/decisions/016), and
// the same settings as SQL expressions, so the earnings job, the challenge progress and the fraud sweep read them
// inside their own statements (no extra round trip, and a change applies from the next statement on).
// domain/views/earning-rules.ts shows them; what an admin may set them to is common/earning-rules.ts.
import { EARNING_RULE_BOUNDS } from "../../../../common/earning-rules";

export const EARNING_RULE_DEFAULTS = { min_earning_seconds: "5", daily_earnable_views: "100", earnings_hold_days: "7" } as const;
export type EarningRuleSettings = Record<keyof typeof EARNING_RULE_DEFAULTS, string>;

const settingSql = (key: keyof typeof EARNING_RULE_DEFAULTS) =>
  `coalesce((select cast(value as integer) from settings where key = '${key}' and cast(value as integer) >= ${EARNING_RULE_BOUNDS[key].min}), ${EARNING_RULE_DEFAULTS[key]})`;

/** The shortest item that earns (and counts for challenges), in milliseconds. */
export const MIN_EARNING_MS_SQL = `(${settingSql("min_earning_seconds")} * 1000)`;
/** Earnable views per viewer per UTC day. */
export const DAILY_EARNABLE_VIEWS_SQL = `(${settingSql("daily_earnable_views")})`;
/** Days a view reward or sign-on bonus stays pending (0: none). */
export const EARNINGS_HOLD_DAYS_SQL = `(${settingSql("earnings_hold_days")})`;
/** When a credit written at `nowParam` (an ISO timestamp placeholder) becomes available, in the same ISO form. */
export const heldUntilSql = (nowParam: string) =>
  `strftime('%Y-%m-%dT%H:%M:%fZ', ${nowParam}, '+' || ${EARNINGS_HOLD_DAYS_SQL} || ' days')`;
