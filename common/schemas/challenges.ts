import { z } from "zod";
import { REQUIREMENT_TYPES } from "../challenges";

// Challenges and sign-on bonuses as members and admins see them (docs/product-spec.md §3 "Challenge", "Bonus record").

const requirementTypeOut = z.enum(REQUIREMENT_TYPES);
export type RequirementType = z.output<typeof requirementTypeOut>;

export const challengeOut = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  requirement_type: requirementTypeOut,
  requirement_value: z.number().int(),
  bonus_amount: z.number(),
  time_limit_hours: z.number().int(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ChallengeJson = z.output<typeof challengeOut>;

/**
 * Risk checks on a completed sign-on challenge set (docs/decisions/015):
 *  - reciprocal_new_accounts: the member and another account created within a day of them watched each other;
 *  - shared_ip: a counted view came from an address the other side (viewer or creator) also watched from;
 *  - claimant_uploads: a counted stream was of an item another bonus claimant uploaded in their own window;
 *  - dependent_viewers: the views requirement no longer holds on views from accounts independent of the
 *    member (docs/decisions/031, 065): the rest are new, watch almost no one, share a network with a claimant,
 *    or certified another claimant;
 *  - claimants_share_network: the member and another sign-on claimant watched from one network (an IPv4
 *    address, an IPv6 /56) (docs/decisions/065).
 */
const bonusRiskReasonOut = z.enum([
  "reciprocal_new_accounts",
  "shared_ip",
  "claimant_uploads",
  "dependent_viewers",
  "claimants_share_network",
]);
export type BonusRiskReason = z.output<typeof bonusRiskReasonOut>;

export const bonusAwardOut = z.object({
  id: z.string(),
  user_id: z.string(),
  user_email: z.string(),
  challenge_ids: z.string(),
  total_bonus_amount: z.number(),
  /** pending: waiting for the earnings job or, when review_reasons is not empty, for an admin. */
  status: z.enum(["pending", "awarded", "rejected"]),
  awarded_at: z.string().nullable(),
  created_at: z.string(),
  description: z.string(),
  /** Why the earnings job held a sign-on bonus for review; empty when nothing was flagged. */
  review_reasons: z.array(bonusRiskReasonOut),
  /** The admin's note when approving or rejecting a held bonus. */
  review_note: z.string().nullable(),
  reviewed_at: z.string().nullable(),
});
export type BonusAwardJson = z.output<typeof bonusAwardOut>;

/** GET /api/challenges/progress. `bonus` is the awarded sign-on bonus, null until the job awards it. */
export const challengeProgressOut = z.object({
  /** Hours left before the latest deadline, to two decimals; 0 or less hides the panel. */
  timeRemaining: z.number(),
  progress: z.array(
    z.object({
      id: z.string(),
      is_completed: z.boolean(),
      progress_value: z.number().int(),
      challenge: challengeOut.pick({
        name: true,
        description: true,
        bonus_amount: true,
        requirement_type: true,
        requirement_value: true,
      }),
    }),
  ),
  bonus: z.object({ total_bonus_amount: z.number() }).nullable(),
});
export type ChallengeProgressResponse = z.output<typeof challengeProgressOut>;
