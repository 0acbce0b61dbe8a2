import { z } from "zod";
import type { EarningRulesJson } from "../../api-types";
import { usd } from "../../lib/money";
import { EARNABLE_VIEWS_PER_DAY, QUALIFY_FRACTION, VIEW_REWARD_MICROS } from "./rules";

// The earning rules an admin can tune (settings table, audited; defaults in docs/decisions/016).
export const EARNING_RULE_DEFAULTS = { min_earning_seconds: "5", daily_earnable_views: "100", earnings_hold_days: "7" } as const;
export type EarningRuleSettings = Record<keyof typeof EARNING_RULE_DEFAULTS, string>;

const LIMITS = {
  min_earning_seconds: { min: 1, max: 3600 },
  daily_earnable_views: { min: 1, max: 10_000 },
  // 0 switches holding off: view rewards and sign-on bonuses are available when written.
  earnings_hold_days: { min: 0, max: 90 },
} as const;

const wholeNumber = (key: keyof typeof LIMITS) =>
  z
    .number(`${key} must be a number`)
    .int(`${key} must be a whole number`)
    .min(LIMITS[key].min, `${key} must be at least ${LIMITS[key].min}`)
    .max(LIMITS[key].max, `${key} must be at most ${LIMITS[key].max}`);

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
    return Number.isSafeInteger(n) && n >= LIMITS[key].min ? n : Number(EARNING_RULE_DEFAULTS[key]);
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

// The same settings as SQL expressions, so the earnings job and the challenge progress read them inside
// their own statements (no extra round trip, and a change applies from the next statement on).
const settingSql = (key: keyof typeof EARNING_RULE_DEFAULTS) =>
  `coalesce((select cast(value as integer) from settings where key = '${key}' and cast(value as integer) >= ${LIMITS[key].min}), ${EARNING_RULE_DEFAULTS[key]})`;

/** The shortest item that earns (and counts for challenges), in milliseconds. */
export const MIN_EARNING_MS_SQL = `(${settingSql("min_earning_seconds")} * 1000)`;
/** Earnable views per viewer per UTC day. */
export const DAILY_EARNABLE_VIEWS_SQL = `(${settingSql("daily_earnable_views")})`;
/** Days a view reward or sign-on bonus stays pending (0: none). */
export const EARNINGS_HOLD_DAYS_SQL = `(${settingSql("earnings_hold_days")})`;
/** When a credit written at `nowParam` (an ISO timestamp placeholder) becomes available, in the same ISO form. */
export const heldUntilSql = (nowParam: string) =>
  `strftime('%Y-%m-%dT%H:%M:%fZ', ${nowParam}, '+' || ${EARNINGS_HOLD_DAYS_SQL} || ' days')`;
