import type { AppealOutcome } from "../../../common/appeals";
import { adminAppeal, adminAppeals, appealTarget } from "../../db/queries/appeals/appeal-reads";
import { upholdAppealBatch } from "../../db/queries/appeals/appeal-writes";
import { AppError, conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/time";
import { checkAdmin, type AdminCall } from "../admin/admin-context";
import { restoreComment } from "../moderation/moderate-comment";
import { restoreContent } from "../moderation/moderate-content";
import { unsuspendUser, type MemberModerationContext } from "../moderation/moderate-user";

// An admin decides an appeal (docs/decisions/092). Upholding changes nothing but the appeal. Reversing is the
// admin's restore or reinstatement itself, granting the appeal in the same batch: visibility comes back, and so do
// the view rewards that action reversed, held again (docs/decisions/096), audited and once.

const ALREADY_DECIDED = () => conflict("This appeal has already been decided", "appeal_decided");

type DecisionInput = { appealId: string; outcome: AppealOutcome; note: string };

/** Open appeals (oldest first) or decided ones (latest first). */
export async function listAppeals({ ctx, input }: AdminCall<{ status: "open" | "decided" }>) {
  checkAdmin(ctx);
  return adminAppeals(ctx.db, input.status);
}

async function upholdAppeal({ ctx, input }: { ctx: MemberModerationContext; input: DecisionInput }) {
  const row = await upholdAppealBatch(ctx.db, {
    appealId: input.appealId,
    actorId: ctx.actor.id,
    now: ctx.now ?? nowIso(),
    note: input.note,
    auditId: newId(),
  });
  if (!row) throw notFound("Appeal not found");
  if (!row.done) throw ALREADY_DECIDED();
  const { done: _done, ...appeal } = row;
  return { appeal, retiredThumbnails: [], publication: null };
}

async function reverseAppeal({ ctx, input }: { ctx: MemberModerationContext; input: DecisionInput }) {
  // Read to know which undoing applies; the undoing itself applies only while the appeal is still open.
  const target = await appealTarget(ctx.db, input.appealId);
  if (!target) throw notFound("Appeal not found");
  if (target.status !== "open") throw ALREADY_DECIDED();
  const appeal = { appealId: input.appealId, auditId: newId() };
  const call = { ctx, input: { note: input.note, appeal } };
  try {
    // A comment's takedown is undone by restoring the comment (docs/decisions/095): no thumbnail, no publication.
    if (target.action === "comment_takedown") {
      await restoreComment({ ...call, input: { ...call.input, commentId: target.entityId } });
      return { appeal: (await adminAppeal(ctx.db, input.appealId))!, retiredThumbnails: [], publication: null };
    }
    const undone =
      target.action === "takedown"
        ? await restoreContent({ ...call, input: { ...call.input, contentId: target.entityId } })
        : await unsuspendUser({ ...call, input: { ...call.input, userId: target.entityId } });
    const after = await adminAppeal(ctx.db, input.appealId);
    return { appeal: after!, retiredThumbnails: undone.retiredThumbnails, publication: undone.publication };
  } catch (error) {
    // Another admin decided it, or undid the action another way, since the read above.
    if (error instanceof AppError && error.kind === "conflict") throw ALREADY_DECIDED();
    throw error;
  }
}

/** Upholds or reverses an open appeal; 404 for no such appeal, 409 once it is decided (or moot). */
export async function decideAppeal({ ctx, input }: { ctx: MemberModerationContext; input: DecisionInput }) {
  checkAdmin(ctx);
  return input.outcome === "upheld" ? upholdAppeal({ ctx, input }) : reverseAppeal({ ctx, input });
}
