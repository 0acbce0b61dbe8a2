import type { z } from "zod";
import type { reviewDecisionBody } from "../../../common/schemas/admin-reviews";
import { listReviews, settleReview } from "../../db/queries/reviews/reviews";
import { conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/time";
import { checkAdmin, type AdminCall } from "../admin/admin-context";

export type ReviewDecisionInput = z.output<typeof reviewDecisionBody> & { reviewId: string };

/**
 * An admin settles an open flag: "reverse" takes back every earning it covers with reversal rows (nothing is
 * deleted or edited); "clear" releases them to become available when their hold ends. One conditional batch
 * with its audit row (db/queries/reviews/reviews.ts), nothing read first: the flag read after it says whether there
 * was none (404) or it was already settled (409).
 */
export async function decideReview({ ctx, input }: AdminCall<ReviewDecisionInput>) {
  checkAdmin(ctx);
  const status = input.decision === "reverse" ? "reversed" : "cleared";
  const settled = await settleReview(ctx.db, {
    reviewId: input.reviewId,
    actorId: ctx.actor.id,
    now: nowIso(),
    note: input.note,
    status,
    auditId: newId(),
  });
  const [after] = await listReviews(ctx.db, "all", input.reviewId);
  if (!after) throw notFound("Review not found");
  if (!settled) throw conflict("This flag has already been settled", "already_settled");
  return after;
}
