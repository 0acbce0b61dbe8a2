import { MONEY_STEP } from "../../../common/money";
import type { ChallengeInput } from "../../lib/admin-api";
import type { ChallengeJson, RequirementType } from "../../../common/schemas/challenges";
import { amountProblem, formatUsd, readAmount } from "./money";

export const requirementLabels: Record<RequirementType, string> = {
  streams_completed: "Streams Completed",
  content_uploaded: "Content Uploaded",
  min_views_per_content: "Minimum Views Per Content",
};

/** The challenge form as typed (numbers stay text until sent). */
export type ChallengeDraft = Omit<ChallengeInput, "requirement_value" | "bonus_amount" | "time_limit_hours"> & {
  requirement_value: string;
  bonus_amount: string;
  time_limit_hours: string;
};

/** docs/product-spec.md §9 defaults for a new challenge: streams_completed, target 10, bonus $10, 24 hours, active. */
export const newDraft = (): ChallengeDraft => ({
  name: "",
  description: "",
  requirement_type: "streams_completed",
  requirement_value: "10",
  bonus_amount: "10",
  time_limit_hours: "24",
  is_active: true,
});

export const draftOf = (c: ChallengeJson): ChallengeDraft => ({
  name: c.name,
  description: c.description,
  requirement_type: c.requirement_type,
  requirement_value: String(c.requirement_value),
  bonus_amount: String(c.bonus_amount),
  time_limit_hours: String(c.time_limit_hours),
  is_active: c.is_active,
});

/**
 * The number a field holds, read whole as the browser's number input reads it ("1e9" is a billion, not 1;
 * "2.5" stays 2.5 for `challengeProblems` to refuse in words); the fallback only for a field that holds no number.
 */
const wholeNumber = (text: string, fallback: number) => {
  const value = text.trim() === "" ? Number.NaN : Number(text);
  return Number.isFinite(value) ? value : fallback;
};

/**
 * What is sent (docs/product-spec.md §5): the target falls back to 0 and the time limit to 24 when not a whole number; the
 * form then refuses a target of 0 in words (`challengeProblems`) before anything is sent. A bonus that is
 * not a number is NaN here, refused the same way.
 */
export const inputOf = (d: ChallengeDraft): ChallengeInput => ({
  name: d.name.trim(),
  description: d.description.trim(),
  requirement_type: d.requirement_type,
  requirement_value: wholeNumber(d.requirement_value, 0),
  bonus_amount: readAmount(d.bonus_amount) ?? Number.NaN,
  time_limit_hours: wholeNumber(d.time_limit_hours, 24),
  is_active: d.is_active,
});

/** Only the fields that differ from the saved challenge (PATCH sends changed fields). */
export function changedFields(before: ChallengeJson, after: ChallengeInput): Partial<ChallengeInput> {
  const changes: Partial<Record<keyof ChallengeInput, unknown>> = {};
  for (const key of Object.keys(after) as (keyof ChallengeInput)[]) {
    if (!Object.is(after[key], before[key])) changes[key] = after[key];
  }
  return changes as Partial<ChallengeInput>;
}

/** The form's fields that can be wrong, each with what to do about it. */
export type ChallengeProblems = Partial<
  Record<"name" | "description" | "requirement_value" | "bonus_amount" | "time_limit_hours", string>
>;

// The server's limits (worker/domain/challenges/rules.ts), said the way an admin would read them.
const MAX_TARGET = 10_000;
const MAX_BONUS_USD = 10_000;
const MAX_HOURS = 24 * 365;

/**
 * What is wrong with a draft, per field, in plain words (docs/product-spec.md §5): name and description required, the
 * target (after its fallback to 0) at least 1, a bonus in dollars and cents, the time limit (after its
 * fallback to 24) at least 1 hour. Empty when the draft can be sent; the server checks it all again.
 */
export function challengeProblems(d: ChallengeDraft): ChallengeProblems {
  const input = inputOf(d);
  const problems: ChallengeProblems = {};
  if (!input.name) problems.name = "Enter a name";
  if (!input.description) problems.description = "Enter a description";
  if (input.requirement_value < 1 || !Number.isInteger(input.requirement_value))
    problems.requirement_value = "Enter a target of at least 1 (a whole number)";
  else if (input.requirement_value > MAX_TARGET)
    problems.requirement_value = `The target can be at most ${MAX_TARGET.toLocaleString("en-US")}`;
  const bonus =
    d.bonus_amount.trim() === ""
      ? "Enter a bonus amount (0 for none)"
      : amountProblem(d.bonus_amount, MONEY_STEP.bonus);
  if (bonus) problems.bonus_amount = bonus;
  else if (input.bonus_amount > MAX_BONUS_USD)
    problems.bonus_amount = `The bonus can be at most ${formatUsd(MAX_BONUS_USD)}`;
  if (input.time_limit_hours < 1) problems.time_limit_hours = "Enter a time limit of at least 1 hour";
  else if (!Number.isInteger(input.time_limit_hours))
    problems.time_limit_hours = "Enter a time limit of at least 1 hour (a whole number)";
  else if (input.time_limit_hours > MAX_HOURS)
    problems.time_limit_hours = `The time limit can be at most ${MAX_HOURS.toLocaleString("en-US")} hours (a year)`;
  return problems;
}
