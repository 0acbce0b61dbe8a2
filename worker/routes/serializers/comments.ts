import { NEW_ACCOUNT_DAYS } from "../../../common/comments";
import type { CommentJson, CommentPageJson } from "../../../common/schemas/comments";
import type { CommentRow } from "../../db/queries/comments/comments";
import type { listComments } from "../../domain/comments/read-comments";
import { avatarUrl } from "./creator-profile";

const DAY_MS = 24 * 3600_000;

/** Links stay plain text while the author's account is younger than NEW_ACCOUNT_DAYS (docs/decisions/093). */
const linksClickable = (authorCreatedAt: string, nowMs: number) =>
  nowMs - Date.parse(authorCreatedAt) >= NEW_ACCOUNT_DAYS * DAY_MS;

/** `moderator`: the viewer is an admin, who sees taken-down comments as their authors do (docs/decisions/095). */
export function commentJson(
  row: CommentRow,
  viewerId: string | null,
  nowMs = Date.now(),
  moderator = false,
): CommentJson {
  // A comment taken down by moderators is its author's to see (with the note, to appeal), and the admins'; to
  // anyone else it reads as a removed one (docs/decisions/095).
  const takenDown = row.removedAt !== null && row.deletedAt === null && (viewerId === row.authorId || moderator);
  const removed = row.deletedAt !== null || (row.removedAt !== null && !takenDown);
  return {
    id: row.id,
    content_id: row.contentId,
    parent_id: row.parentId,
    author_id: row.authorId,
    author_name: row.authorName,
    author_avatar_url: avatarUrl(row.authorId, row.authorAvatarKey),
    // A removed comment's words are not sent at all.
    text: removed ? "" : row.body,
    links_clickable: linksClickable(row.authorCreatedAt, nowMs),
    created_at: row.createdAt,
    edited_at: removed ? null : row.editedAt,
    removed,
    taken_down: takenDown,
    taken_down_note: takenDown ? (row.removedNote ?? "") : null,
    pinned: row.pinnedAt !== null && !removed && !takenDown,
    reply_count: Number(row.replyCount),
    is_mine: viewerId === row.authorId,
  };
}

export function commentPageJson(
  page: Awaited<ReturnType<typeof listComments>>,
  viewerId: string | null,
  moderator = false,
): CommentPageJson {
  const nowMs = Date.now();
  return {
    items: page.items.map((top) => ({
      ...commentJson(top, viewerId, nowMs, moderator),
      replies: top.replies.map((r) => commentJson(r, viewerId, nowMs, moderator)),
    })),
    nextCursor: page.nextCursor,
    count: page.count,
    is_creator: page.isCreator,
  };
}
