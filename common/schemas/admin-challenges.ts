import { z } from "zod";
import { memberText } from "./text";
import { DEFAULT_CHALLENGE, REQUIREMENT_TYPES } from "../challenges";
import { bonusAwardOut, challengeOut } from "./challenges";

// Sign-on challenges (docs/product-spec.md §5 "Challenge"). The bonus is a USD number of whole cents here;
// the Worker turns it into micro-dollars.

const usdAmount = z
  .number("bonus_amount must be a number")
  .min(0, "bonus_amount must be 0 or more")
  .max(10_000, "bonus_amount must be at most 10000")
  .refine(
    (v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
    "bonus_amount must have at most 2 decimals",
  );

const fields = {
  name: memberText({ label: "name", min: 1, max: 100 }),
  description: memberText({ label: "description", min: 1, max: 500, multiline: true }),
  requirement_type: z.enum(
    REQUIREMENT_TYPES,
    "requirement_type must be streams_completed, content_uploaded or min_views_per_content",
  ),
  requirement_value: z
    .number("requirement_value must be a number")
    .int("requirement_value must be a whole number")
    .min(1, "requirement_value must be at least 1")
    .max(10_000, "requirement_value must be at most 10,000"),
  bonus_amount: usdAmount,
  time_limit_hours: z
    .number("time_limit_hours must be a number")
    .int("time_limit_hours must be a whole number")
    .min(1, "time_limit_hours must be at least 1")
    .max(24 * 365, "time_limit_hours must be at most 8,760 (a year)"),
  is_active: z.boolean("is_active must be true or false"),
};

/** POST /api/admin/challenges: a name and description, the rest defaulting to DEFAULT_CHALLENGE. */
export const challengeCreateBody = z.object({
  name: fields.name,
  description: fields.description,
  requirement_type: fields.requirement_type.default(DEFAULT_CHALLENGE.requirement_type),
  requirement_value: fields.requirement_value.default(DEFAULT_CHALLENGE.requirement_value),
  bonus_amount: fields.bonus_amount.default(DEFAULT_CHALLENGE.bonus_amount),
  time_limit_hours: fields.time_limit_hours.default(DEFAULT_CHALLENGE.time_limit_hours),
  is_active: fields.is_active.default(DEFAULT_CHALLENGE.is_active),
});
export type ChallengeCreateBody = z.input<typeof challengeCreateBody>;

/** PATCH /api/admin/challenges/{id}: any of the fields, at least one. */
export const challengeChangeBody = z
  .object(fields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, "Nothing to change");
export type ChallengeChangeBody = z.input<typeof challengeChangeBody>;

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────
// POST and PATCH answer one challengeOut (common/schemas/challenges.ts).

/** GET /api/admin/challenges: the list, the sign-on bonus history (newest 200) and its totals. */
export const adminChallengesOut = z.object({
  challenges: z.array(challengeOut),
  awards: z.array(bonusAwardOut),
  summary: z.object({
    /** USD awarded in sign-on bonuses. */
    totalBonusesPaid: z.number(),
    usersCompleted: z.number().int(),
    usersEnrolled: z.number().int(),
    /** Percent of enrolled members who completed the set, to one decimal. */
    successRate: z.number(),
  }),
});
export type AdminChallengesResponse = z.output<typeof adminChallengesOut>;
