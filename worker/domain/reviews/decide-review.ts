import type { z } from "zod";
import type { reviewDecisionBody } from "../../../common/schemas/admin-reviews";
import type { Db } from "../../db/client";
import { listReviews, settleReview } from "../../db/queries/reviews";
import { conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/time";

export type ReviewDecisionInput = z.output<typeof reviewDecisionBody> & { reviewId: string; actorId: string };

const notOpen = () => conflict("This flag has already been settled", "already_settled");

/**
 * An admin settles an open flag: "reverse" takes back every earning it covers with reversal rows (nothing is
 * deleted or edited); "clear" releases them to become available when their hold ends. Audited in the same
 * batch; a conflict once settled.
 */
export async function decideReview(db: Db, d: ReviewDecisionInput) {
  const [before] = await listReviews(db, "all", d.reviewId);
  if (!before) throw notFound("Review not found");
  if (before.status !== "open") throw notOpen();
  const status = d.decision === "reverse" ? "reversed" : "cleared";
  const settled = await settleReview(db, { reviewId: d.reviewId, actorId: d.actorId, now: nowIso(), note: d.note, status, auditId: newId() });
  if (!settled) throw notOpen();
  const [after] = await listReviews(db, "all", d.reviewId);
  return after!;
}
