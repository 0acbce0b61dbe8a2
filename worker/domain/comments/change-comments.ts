import {
  findComment,
  insertComment,
  markCommentDeleted,
  setPinned,
  updateCommentBody,
} from "../../db/queries/comments/comments";
import { accountSuspended, badRequest, forbidden, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/time";
import type { Db } from "../../db/client";
import { isDeleted, isModerated } from "../content/visibility";
import { openableItem } from "./read-comments";

// Writing comments (docs/decisions/093). A comment is talk, not a view: nothing here reads or writes a view, an
// earning, the wallet or a watch session.

type CommenterCall<Input> = {
  ctx: { db: Db; actor: { id: string; isAdmin: boolean; suspended: boolean } };
  input: Input;
};

/**
 * Posts a top comment, or a reply: a reply to a reply attaches to its top comment (one level). Only on an item
 * anyone may open (404 otherwise, as for the item), and to a comment of that item still shown (404).
 */
export async function createComment({
  ctx,
  input,
}: CommenterCall<{ contentId: string; text: string; parentId?: string }>) {
  if (ctx.actor.suspended) throw accountSuspended();
  const item = await openableItem(ctx, input.contentId);
  // Its creator still sees a taken-down item; nobody talks under it until it is back. A private item is open to its
  // creator (and admins) alone, so only they may comment on it (docs/decisions/094).
  if (isModerated(item) || isDeleted(item)) throw notFound("Content not found");
  let parentId: string | null = null;
  if (input.parentId) {
    const parent = await findComment(ctx.db, input.parentId);
    if (!parent || parent.contentId !== item.id || parent.deletedAt !== null || parent.removedAt !== null)
      throw notFound("Comment not found");
    parentId = parent.parentId ?? parent.id;
  }
  const id = newId();
  const made = await insertComment(ctx.db, {
    id,
    contentId: item.id,
    authorId: ctx.actor.id,
    parentId,
    body: input.text,
    now: nowIso(),
  });
  if (!made) throw notFound("Comment not found");
  return { comment: made, item };
}

/**
 * A comment the caller may see, with its item (404 for an unknown, deleted or hidden one, or an item not opened).
 * A comment taken down by moderators is seen only by its author (docs/decisions/095).
 */
async function shownComment(ctx: CommenterCall<unknown>["ctx"], id: string) {
  const comment = await findComment(ctx.db, id);
  if (!comment || comment.deletedAt !== null) throw notFound("Comment not found");
  if (comment.removedAt !== null && comment.authorId !== ctx.actor.id) throw notFound("Comment not found");
  const item = await openableItem(ctx, comment.contentId);
  return { comment, item };
}

/** Its author changes the text; the comment is then shown as edited. */
export async function editComment({ ctx, input }: CommenterCall<{ id: string; text: string }>) {
  if (ctx.actor.suspended) throw accountSuspended();
  const { comment } = await shownComment(ctx, input.id);
  if (comment.authorId !== ctx.actor.id) throw forbidden("Only its author can edit a comment", "not_author");
  // Its words are what the moderators judged and what an appeal is about: they stay as they were.
  if (comment.removedAt !== null)
    throw forbidden("A comment removed by moderators cannot be edited", "comment_removed");
  const edited = await updateCommentBody(ctx.db, { id: comment.id, body: input.text, now: nowIso() });
  if (!edited) throw notFound("Comment not found");
  return edited;
}

/**
 * Its author deletes it, or the item's creator removes it. Always a soft delete: a top comment with replies
 * still shows "Comment removed" so its thread stays readable; any other is no longer listed.
 */
export async function deleteComment({ ctx, input }: CommenterCall<{ id: string }>) {
  const { comment, item } = await shownComment(ctx, input.id);
  if (comment.authorId !== ctx.actor.id && item.createdBy !== ctx.actor.id) {
    throw forbidden("Only its author or the item's creator can delete a comment", "not_author");
  }
  await markCommentDeleted(ctx.db, { id: comment.id, parentId: comment.parentId, now: nowIso() });
}

/** The item's creator pins a top comment (unpinning any other) or, with `pinned` false, unpins it. */
export async function pinComment({ ctx, input }: CommenterCall<{ id: string; pinned: boolean }>) {
  if (ctx.actor.suspended) throw accountSuspended();
  const { comment, item } = await shownComment(ctx, input.id);
  if (item.createdBy !== ctx.actor.id) throw forbidden("Only the item's creator can pin a comment", "not_creator");
  if (comment.parentId !== null) throw badRequest("Only a top comment can be pinned, not a reply", "pin_reply");
  if (comment.removedAt !== null) throw notFound("Comment not found");
  // Unpinning a comment that is not pinned writes nothing: it is answered as it is.
  if (!input.pinned && comment.pinnedAt === null) return comment;
  const after = await setPinned(ctx.db, {
    contentId: item.id,
    id: input.pinned ? comment.id : null,
    now: nowIso(),
    read: comment.id,
  });
  if (!after) throw notFound("Comment not found");
  return after;
}
