import type { z } from "zod";
import type { bonusReviewBody } from "../../../common/schemas/admin-reviews";
import type { Db } from "../../db/client";
import { findSignonBonus, settleHeldBonus, type SignonBonus } from "../../db/queries/bonus-review";
import { conflict, notFound } from "../../lib/errors";
import { nowIso } from "../../lib/time";

export type BonusReview = z.output<typeof bonusReviewBody> & { bonusId: string; actorId: string };

const notHeld = () => conflict("This bonus is not waiting for a review", "not_held");

/**
 * An admin settles a sign-on bonus the earnings job held for review: approve awards it, reject closes it
 * for good. The write is conditional and audited in the same batch (db/queries/bonus-review.ts), so two
 * admins racing settle it once, with one record.
 */
export async function reviewBonus(db: Db, r: BonusReview) {
  const before = await findSignonBonus(db, r.bonusId);
  if (!before) throw notFound("Sign-on bonus not found");
  if (before.status !== "pending" || !before.reviewReasons) throw notHeld();
  const now = nowIso();
  const status = r.decision === "approve" ? "awarded" : "rejected";
  const after = { ...before, status, awardedAt: status === "awarded" ? now : null, reviewNote: r.note, reviewedBy: r.actorId, reviewedAt: now } as const;
  const view = (b: SignonBonus) => ({ status: b.status, total_micros: b.totalMicros, review_reasons: b.reviewReasons, review_note: b.reviewNote });
  const settled = await settleHeldBonus(db, {
    bonusId: before.id, actorId: r.actorId, status, awardedAt: after.awardedAt, note: r.note, now,
    before: view(before), after: view(after),
  });
  if (!settled) throw notHeld();
  return after;
}
