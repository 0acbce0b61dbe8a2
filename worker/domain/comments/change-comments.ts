import { findComment, insertComment } from "../../db/queries/comments/comments";
import { accountSuspended, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/time";
import type { Db } from "../../db/client";
import { isDeleted, isHidden } from "../content/visibility";
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
  // Its creator still sees a taken-down item; nobody talks under it until it is back.
  if (isHidden(item) || isDeleted(item)) throw notFound("Content not found");
  let parentId: string | null = null;
  if (input.parentId) {
    const parent = await findComment(ctx.db, input.parentId);
    if (!parent || parent.contentId !== item.id || parent.deletedAt !== null) throw notFound("Comment not found");
    parentId = parent.parentId ?? parent.id;
  }
  const id = newId();
  await insertComment(ctx.db, {
    id,
    contentId: item.id,
    authorId: ctx.actor.id,
    parentId,
    body: input.text,
    now: nowIso(),
  });
  const made = await findComment(ctx.db, id);
  if (!made) throw notFound("Comment not found");
  return { comment: made, item };
}
