import { z } from "zod";
import { requirementTypes } from "../../db/schema";

// Sign-on challenges (docs/product-spec.md §5 "Challenge", §9; docs/architecture.md §4 "Challenges").
/** Only accounts created after this are new users who take part. */
export const CHALLENGES_START = "2024-10-30T23:59:59.999Z";
export const DEFAULT_CHALLENGE = {
  requirement_type: "streams_completed" as const,
  requirement_value: 10,
  bonus_amount: 10,
  time_limit_hours: 24,
  is_active: true,
};

const usdAmount = z
  .number("bonus_amount must be a number")
  .min(0, "bonus_amount must be 0 or more")
  .max(10_000, "bonus_amount must be at most 10000")
  .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, "bonus_amount must have at most 2 decimals");

const fields = {
  name: z.string("name is required").trim().min(1, "name is required").max(100, "name must be at most 100 characters"),
  description: z.string("description is required").trim().min(1, "description is required").max(500, "description must be at most 500 characters"),
  requirement_type: z.enum(requirementTypes, "requirement_type must be streams_completed, content_uploaded or min_views_per_content"),
  requirement_value: z.number().int("requirement_value must be a whole number").min(1, "requirement_value must be at least 1").max(10_000),
  bonus_amount: usdAmount,
  time_limit_hours: z.number().int("time_limit_hours must be a whole number").min(1, "time_limit_hours must be at least 1").max(24 * 365),
  is_active: z.boolean("is_active must be true or false"),
};

export const newChallengeBody = z.object({
  name: fields.name,
  description: fields.description,
  requirement_type: fields.requirement_type.default(DEFAULT_CHALLENGE.requirement_type),
  requirement_value: fields.requirement_value.default(DEFAULT_CHALLENGE.requirement_value),
  bonus_amount: fields.bonus_amount.default(DEFAULT_CHALLENGE.bonus_amount),
  time_limit_hours: fields.time_limit_hours.default(DEFAULT_CHALLENGE.time_limit_hours),
  is_active: fields.is_active.default(DEFAULT_CHALLENGE.is_active),
});

export const challengeChangeBody = z
  .object({
    name: fields.name,
    description: fields.description,
    requirement_type: fields.requirement_type,
    requirement_value: fields.requirement_value,
    bonus_amount: fields.bonus_amount,
    time_limit_hours: fields.time_limit_hours,
    is_active: fields.is_active,
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, "Nothing to change");
