import type { z } from "zod";
import type { bonusReviewBody } from "../../../common/schemas/admin-reviews";
import { findUserById } from "../../db/queries/members/users";
import { findSignonBonus, settleHeldBonus, type SignonBonus } from "../../db/queries/reviews/bonus-review";
import { conflict, notFound } from "../../lib/errors";
import { nowIso } from "../../lib/time";
import { checkAdmin, type AdminCall } from "../admin/admin-context";

export type BonusReview = z.output<typeof bonusReviewBody> & { bonusId: string };

const notHeld = () => conflict("This bonus is not waiting for a review", "not_held");

/**
 * An admin settles a sign-on bonus the earnings job held for review: approve awards it, reject closes it
 * for good. The write is conditional (still pending and held) and audited in the same batch
 * (db/queries/reviews/bonus-review.ts), so two admins racing settle it once, with one record; the read before it
 * only words the refusal and the audit row. Answers the bonus as settled, with its member's email.
 */
export async function reviewBonus({ ctx, input }: AdminCall<BonusReview>) {
  checkAdmin(ctx);
  const before = await findSignonBonus(ctx.db, input.bonusId);
  if (!before) throw notFound("Sign-on bonus not found");
  if (before.status !== "pending" || !before.reviewReasons) throw notHeld();
  const now = nowIso();
  const status = input.decision === "approve" ? "awarded" : "rejected";
  const after = {
    ...before,
    status,
    awardedAt: status === "awarded" ? now : null,
    reviewNote: input.note,
    reviewedBy: ctx.actor.id,
    reviewedAt: now,
  } as const;
  const view = (b: SignonBonus) => ({
    status: b.status,
    total_micros: b.totalMicros,
    review_reasons: b.reviewReasons,
    review_note: b.reviewNote,
  });
  const settled = await settleHeldBonus(ctx.db, {
    bonusId: before.id,
    actorId: ctx.actor.id,
    status,
    awardedAt: after.awardedAt,
    note: input.note,
    now,
    before: view(before),
    after: view(after),
  });
  if (!settled) throw notHeld();
  const owner = await findUserById(ctx.db, after.userId);
  return { bonus: after, email: owner?.email ?? "" };
}
