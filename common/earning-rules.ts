// The earning rules an admin can tune (docs/decisions/016), bounded alike wherever they are typed or
// checked; the Worker stores them with their defaults (worker/db/queries/earnings/earning-rule-settings.ts).

/** What each rule may be set to; a stored value below the minimum reads as the default. */
export const EARNING_RULE_BOUNDS = {
  min_earning_seconds: { min: 1, max: 3600 },
  daily_earnable_views: { min: 1, max: 10_000 },
  // 0 switches holding off: view rewards and sign-on bonuses are available when written.
  earnings_hold_days: { min: 0, max: 90 },
} as const;

export type EarningRuleKey = keyof typeof EARNING_RULE_BOUNDS;
