import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { bonuses } from "../../db/schema";
import { ApiError, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/time";
import { heldUntilSql } from "../views/earning-rules";

export const bonusReviewBody = z.object({
  decision: z.enum(["approve", "reject"], "decision must be approve or reject"),
  note: z.string("note is required").trim().min(1, "note is required").max(500, "note must be at most 500 characters"),
});
export type BonusReview = z.infer<typeof bonusReviewBody> & { bonusId: string; actorId: string };

/**
 * An admin settles a sign-on bonus the earnings job held for review: approve awards it, reject closes it
 * for good. The update is conditional (still pending and held), and the audit row is written in the same
 * batch only when that update took effect, so two admins racing settle it once, with one record.
 */
export async function reviewBonus(db: Db, r: BonusReview) {
  const before = await db.select().from(bonuses).where(and(eq(bonuses.id, r.bonusId), eq(bonuses.kind, "signon"))).get();
  if (!before) throw notFound("Sign-on bonus not found");
  if (before.status !== "pending" || !before.reviewReasons) {
    throw new ApiError(409, "This bonus is not waiting for a review", "not_held");
  }
  const now = nowIso();
  const status = r.decision === "approve" ? "awarded" : "rejected";
  const after = { ...before, status, awardedAt: status === "awarded" ? now : null, reviewNote: r.note, reviewedBy: r.actorId, reviewedAt: now } as const;
  const view = (b: typeof before) => ({ status: b.status, total_micros: b.totalMicros, review_reasons: b.reviewReasons, review_note: b.reviewNote });
  const [updated] = await db.$client.batch([
    db.$client
      .prepare(
        `update bonuses set status = ?2, awarded_at = ?3, review_note = ?4, reviewed_by = ?5, reviewed_at = ?6,
           available_at = case when ?3 is null then null else ${heldUntilSql("?3")} end
         where id = ?1 and status = 'pending' and review_reasons <> ''`,
      )
      .bind(before.id, status, after.awardedAt, r.note, r.actorId, now),
    db.$client
      .prepare(
        `insert into audit_log (id, actor_id, action, entity, entity_id, before, after, created_at)
         select ?1, ?2, 'update', 'bonus', ?3, ?4, ?5, ?6
         where exists (select 1 from bonuses where id = ?3 and reviewed_at = ?6 and reviewed_by = ?2)`,
      )
      .bind(newId(), r.actorId, before.id, JSON.stringify(view(before)), JSON.stringify(view(after)), now),
  ]);
  if (!updated?.meta.changes) throw new ApiError(409, "This bonus is not waiting for a review", "not_held");
  return after;
}
