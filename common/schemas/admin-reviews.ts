import { z } from "zod";
import { memberText } from "./text";

// The admin's settlements of what the Worker held back: fraud flags (docs/decisions/019) and held sign-on
// bonuses (docs/decisions/016). Each needs a note, kept in the audit log.

const note = memberText({ label: "note", min: 1, max: 500, multiline: true });

/** GET /api/admin/reviews. */
export const reviewListQuery = z.object({
  status: z.enum(["open", "all"], "status must be open or all").default("open"),
});

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

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────
// POST /api/admin/bonuses/{id}/review answers the bonus as bonusAwardOut (common/schemas/challenges.ts).

/** bonus_risk: an awarded sign-on bonus still in holding whose risk checks, run again, found something (decision 031). */
const reviewRuleOut = z.enum([
  "ring",
  "lockstep",
  "exclusive_audience",
  "shared_ip",
  "daily_cap",
  "same_day_accounts",
  "bonus_risk",
]);
export type ReviewRule = z.output<typeof reviewRuleOut>;
const reviewStatusOut = z.enum(["open", "reversed", "cleared"]);
export type ReviewStatus = z.output<typeof reviewStatusOut>;

/** A fraud-sweep flag (docs/decisions/019); POST /api/admin/reviews/{id} answers it settled. */
export const reviewOut = z.object({
  id: z.string(),
  rule: reviewRuleOut,
  status: reviewStatusOut,
  /** The pattern in plain words, as the sweep found it. */
  title: z.string(),
  evidence: z.array(z.string()),
  /** The accounts the pattern involves. */
  users: z.array(
    z.object({ id: z.string(), email: z.string(), username: z.string().nullable(), created_at: z.string() }),
  ),
  /** The earnings the flag covers (both sides of each view), and what reversing them takes back. */
  earnings_count: z.number().int(),
  views_count: z.number().int(),
  amount_usd: z.number(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by_email: z.string().nullable(),
  note: z.string().nullable(),
});
export type ReviewJson = z.output<typeof reviewOut>;

/** GET /api/admin/reviews?status=open|all (default open), newest first. */
export const reviewsOut = z.object({ reviews: z.array(reviewOut) });
export type ReviewsResponse = z.output<typeof reviewsOut>;

/** POST /api/admin/reviews/sweep: flags the sweep opened and earnings it newly covered. */
export const reviewSweepOut = z.object({ flagged: z.number().int(), covered: z.number().int() });
export type ReviewSweepResponse = z.output<typeof reviewSweepOut>;
