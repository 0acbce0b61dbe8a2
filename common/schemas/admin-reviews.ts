import { z } from "zod";

// The admin's settlements of what the Worker held back: fraud flags (docs/decisions/019) and held sign-on
// bonuses (docs/decisions/016). Each needs a note, kept in the audit log.

const note = z.string("note is required").trim().min(1, "note is required").max(500, "note must be at most 500 characters");

/** GET /api/admin/reviews. */
export const reviewListQuery = z.object({ status: z.enum(["open", "all"], "status must be open or all").default("open") });
export type ReviewListQuery = z.input<typeof reviewListQuery>;

/** POST /api/admin/reviews/{id}: reverse the flagged earnings, or clear them. */
export const reviewDecisionBody = z.object({
  decision: z.enum(["reverse", "clear"], "decision must be reverse or clear"),
  note,
});
export type ReviewDecisionBody = z.input<typeof reviewDecisionBody>;

/** POST /api/admin/bonuses/{id}/review: award a held sign-on bonus, or reject it for good. */
export const bonusReviewBody = z.object({
  decision: z.enum(["approve", "reject"], "decision must be approve or reject"),
  note,
});
export type BonusReviewBody = z.input<typeof bonusReviewBody>;
