import type { ChallengeInput } from "../../lib/admin-api";
import type { ChallengeJson, RequirementType } from "../../lib/types";
import { readAmount } from "./money";

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

/** Spec §9 defaults for a new challenge: streams_completed, target 10, bonus $10, 24 hours, active. */
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

const wholeNumber = (text: string, fallback: number) => {
  const value = Number.parseInt(text, 10);
  return Number.isNaN(value) ? fallback : value;
};

/**
 * What is sent (spec §5): the target falls back to 0 and the time limit to 24 when not a whole number, so
 * the server, the one place that words the rules, says what is wrong ("requirement_value must be at least 1").
 * A bonus that is not a number is sent as such (null) for the same reason.
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
