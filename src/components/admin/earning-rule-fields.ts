import { type EarningRuleKey, TUNABLE_EARNING_RULES } from "../../../common/earning-policy";

// The earning rules an admin tunes in Ad Settings, with the ranges the server accepts (common/earning-policy.ts,
// the one definition both sides read), checked here first so a typo gets a message in words before anything is
// sent.

export type RuleField = {
  key: EarningRuleKey;
  label: string;
  /** What the number counts, for the message when it is out of range. */
  unit: string;
  min: number;
  max: number;
  hint: string;
};

export const ruleFields: RuleField[] = [
  {
    key: "min_earning_seconds",
    label: "Shortest item that earns (seconds)",
    unit: "seconds",
    min: TUNABLE_EARNING_RULES.min_earning_seconds.min,
    max: TUNABLE_EARNING_RULES.min_earning_seconds.max,
    hint: "Shorter items never earn or count for challenges.",
  },
  {
    key: "daily_earnable_views",
    label: "Paid views per viewer per day",
    unit: "views",
    min: TUNABLE_EARNING_RULES.daily_earnable_views.min,
    max: TUNABLE_EARNING_RULES.daily_earnable_views.max,
    hint: "Views past this in one UTC day earn nothing.",
  },
  {
    key: "earnings_hold_days",
    label: "Holding period (days)",
    unit: "days",
    // 0 is allowed here, unlike the limits above: no hold at all.
    min: TUNABLE_EARNING_RULES.earnings_hold_days.min,
    max: TUNABLE_EARNING_RULES.earnings_hold_days.max,
    hint: "View rewards and sign-on bonuses stay pending this long; 0 pays them at once.",
  },
];

/** The typed text as a whole number within the field's range, or why it is not one. */
export function readRule(text: string, field: RuleField): { value: number } | { problem: string } {
  const trimmed = text.trim();
  // Digits only: "1e3", "2.5" and "-4" are all refused, as the server would.
  const value = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (value >= field.min && value <= field.max) return { value };
  return { problem: `Enter a whole number of ${field.unit} from ${field.min} to ${field.max}` };
}
