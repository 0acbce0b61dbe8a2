import type { CommentModerationAction } from "../../../common/moderation";
import { moderateCommentBatch } from "../../db/queries/moderation/comment-moderation";
import type { GrantedAppeal } from "../../db/queries/moderation/moderation-writes";
import { conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/time";
import { checkAdmin, type AdminCall } from "../admin/admin-context";
import type { ModerationContext } from "./moderate-content";

// An admin's action on a reported (or any) comment (docs/decisions/095): one conditional batch with its audit
// row, as for items; nothing is read first. No money moves: comments never earn.

/** `appeal`: a restore that grants the author's open appeal of the takedown (docs/decisions/092). */
type CommentActionInput = { commentId: string; note: string; appeal?: GrantedAppeal };
type Call = AdminCall<CommentActionInput> & { ctx: ModerationContext };

const REFUSALS: Record<CommentModerationAction, { message: string; code: string }> = {
  dismiss: { message: "This comment has no open reports to dismiss", code: "no_open_reports" },
  takedown: { message: "This comment is already taken down or deleted", code: "already_removed" },
  restore: { message: "This comment is not taken down", code: "not_removed" },
};

async function act(action: CommentModerationAction, { ctx, input }: Call) {
  checkAdmin(ctx);
  const row = await moderateCommentBatch(
    ctx.db,
    action,
    { targetId: input.commentId, actorId: ctx.actor.id, now: ctx.now ?? nowIso(), note: input.note, auditId: newId() },
    input.appeal ?? null,
  );
  if (!row) throw notFound("Comment not found");
  if (!row.done) throw conflict(REFUSALS[action].message, REFUSALS[action].code);
  const { done: _done, reversedMicros: _none, ...comment } = row;
  return { comment };
}

/** Hidden from everyone but its author (text kept, the note shown to them); open reports → actioned. */
const takeDownComment = (call: Call) => act("takedown", call);
/** Shown again; closes the takedown's open appeal (granted when this is its reversal, otherwise moot). */
export const restoreComment = (call: Call) => act("restore", call);

export const COMMENT_ACTION_SERVICES: Record<CommentModerationAction, (call: Call) => ReturnType<typeof act>> = {
  dismiss: (call) => act("dismiss", call),
  takedown: takeDownComment,
  restore: restoreComment,
};
