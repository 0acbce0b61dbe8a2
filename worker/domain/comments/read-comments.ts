import { COMMENTS_PAGE, REPLIES_PAGE, type CommentSort } from "../../../common/comments";
import {
  countComments,
  findCommentItem,
  findPinned,
  firstReplies,
  listReplies,
  listTopComments,
  type CommentRow,
  type TopKeyset,
} from "../../db/queries/comments/comments";
import { badRequest, notFound } from "../../lib/errors";
import { decodeCursor, encodeCursor } from "../content/cursor";
import type { ReaderCall } from "../member-context";
import { mayOpen } from "../content/visibility";

// Reading comments (docs/decisions/093): whoever may open an item reads its comments. Pages are keysets: newest
// by id (a ULID, so by time), top by reply count then id, replies oldest first by id.

export type CommentThread = CommentRow & { replies: CommentRow[] };

const badCursor = () => badRequest("cursor: invalid pagination cursor");

function topKeyset(cursor: string | undefined, sort: CommentSort): TopKeyset | null {
  const after = decodeCursor(cursor);
  if (!after) return null;
  if (sort === "newest") {
    if (after.key !== "n") throw badCursor();
    return { id: after.id };
  }
  if (typeof after.key !== "number" || !Number.isInteger(after.key)) throw badCursor();
  return { replyCount: after.key, id: after.id };
}

/** The item when the caller may open it, else 404 as for the item itself. */
export async function openableItem(ctx: ReaderCall<unknown>["ctx"], contentId: string) {
  const item = await findCommentItem(ctx.db, contentId);
  if (!item || !mayOpen(item, ctx.actor)) throw notFound("Content not found");
  return item;
}

/**
 * A page of an item's top comments with their first replies (the pinned one first on the first page), or with
 * `parentId` a page of that comment's replies; with the item's comment count and whether the caller made it.
 */
export async function listComments({
  ctx,
  input,
}: ReaderCall<{ contentId: string; sort: CommentSort; cursor?: string; parentId?: string }>) {
  const item = await openableItem(ctx, input.contentId);
  const viewerId = ctx.actor?.id ?? null;
  // Admins see comments moderators took down where they are (docs/decisions/095); nobody else but their authors.
  const moderator = ctx.actor?.isAdmin ?? false;
  const isCreator = viewerId === item.createdBy;
  const count = countComments(ctx.db, item.id, viewerId);

  if (input.parentId) {
    const after = decodeCursor(input.cursor);
    if (after && after.key !== "r") throw badCursor();
    const rows = await listReplies(ctx.db, {
      contentId: item.id,
      viewerId,
      moderator,
      parentId: input.parentId,
      afterId: after?.id ?? null,
      limit: REPLIES_PAGE,
    });
    const page = rows.slice(0, REPLIES_PAGE);
    const last = page.at(-1);
    return {
      items: page.map((row): CommentThread => ({ ...row, replies: [] })),
      nextCursor: rows.length > REPLIES_PAGE && last ? encodeCursor({ key: "r", id: last.id }) : null,
      count: await count,
      isCreator,
    };
  }

  const after = topKeyset(input.cursor, input.sort);
  const [rows, pinned] = await Promise.all([
    listTopComments(ctx.db, { contentId: item.id, viewerId, moderator, sort: input.sort, after, limit: COMMENTS_PAGE }),
    after ? null : findPinned(ctx.db, item.id, { viewerId, moderator }),
  ]);
  const page = rows.slice(0, COMMENTS_PAGE);
  const last = page.at(-1);
  const tops = pinned ? [pinned, ...page] : page;
  const replies = await firstReplies(ctx.db, {
    contentId: item.id,
    viewerId,
    // `reply_count` counts the replies the public sees; a signed-in reader may also have a reply of their own taken
    // down by moderators (docs/decisions/095), so their page looks under every top comment (still one statement).
    parentIds: tops.filter((t) => t.replyCount > 0 || viewerId !== null).map((t) => t.id),
    perParent: REPLIES_PAGE,
  });
  return {
    items: tops.map((top): CommentThread => ({ ...top, replies: replies.filter((r) => r.parentId === top.id) })),
    nextCursor:
      rows.length > COMMENTS_PAGE && last
        ? encodeCursor({ key: input.sort === "newest" ? "n" : Number(last.replyCount), id: last.id })
        : null,
    count: await count,
    isCreator,
  };
}
