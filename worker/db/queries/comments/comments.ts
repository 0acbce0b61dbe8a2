import type { Db } from "../../client";
import { CREATOR_NAME_SQL } from "../content/content";
import { suspendedSql } from "../content/visibility";
import { newCommentNoticeSql } from "../notifications/notification-writes";

// Comments under items (docs/decisions/093). Every read walks comments_content_parent_idx within one item. A
// suspended member's comments are left out for everyone but themselves; a deleted comment is left out, except a
// top comment that still has replies, which is listed (as "Comment removed") to keep its thread together.

export type CommentRow = {
  id: string;
  contentId: string;
  parentId: string | null;
  authorId: string;
  authorName: string;
  authorAvatarKey: string | null;
  authorCreatedAt: string;
  body: string;
  replyCount: number;
  createdAt: string;
  editedAt: string | null;
  deletedAt: string | null;
  pinnedAt: string | null;
  /** Taken down by moderators (docs/decisions/095): only its author reads it, with the note. */
  removedAt: string | null;
  removedNote: string | null;
};

const COLUMNS = `cm.id, cm.content_id as contentId, cm.parent_id as parentId, cm.author_id as authorId,
  ${CREATOR_NAME_SQL} as authorName, u.avatar_key as authorAvatarKey, u.created_at as authorCreatedAt, cm.body,
  cm.reply_count as replyCount, cm.created_at as createdAt, cm.edited_at as editedAt, cm.deleted_at as deletedAt,
  cm.pinned_at as pinnedAt, cm.removed_at as removedAt, cm.removed_note as removedNote`;
const FROM = "from comments cm join users u on u.id = cm.author_id";
/** Shown to the viewer `?2` (may be null): not by a suspended member unless their own. */
const AUTHOR_SHOWN = "(u.suspended_at is null or cm.author_id = ?2)";
/**
 * Not taken down by moderators, or the viewer's own (their author sees it, marked, and may appeal), or the viewer
 * is an admin (`moderator`), who sees what was taken down where it was (docs/decisions/095).
 */
const notRemoved = (moderator: boolean) => (moderator ? "1" : "(cm.removed_at is null or cm.author_id = ?2)");
/**
 * Listed: shown, or a top comment whose replies keep it in the list as "Comment removed" (deleted, or taken down
 * and hidden from the viewer).
 */
const listed = (moderator: boolean) => `((cm.deleted_at is null and ${notRemoved(moderator)}) or cm.reply_count > 0)`;

/** Who reads: their id (null for a visitor), and whether they are an admin. */
type Reader = { viewerId: string | null; moderator?: boolean };

/**
 * The comment `cm` counts for the public: not deleted, not taken down, its author not suspended. The player's
 * count for a signed-out caller and the studio's count are this rule (docs/decisions/095).
 */
export const PUBLIC_COMMENT_SQL = `(cm.deleted_at is null and cm.removed_at is null and not ${suspendedSql("cm.author_id")})`;

/** What a comment's rules read about its item: who made it and whether anyone may open it. */
export type CommentItem = {
  id: string;
  title: string;
  createdBy: string;
  removedAt: string | null;
  deletedAt: string | null;
  creatorSuspended: number;
  visibility: "public" | "unlisted" | "private";
  publishAt: string | null;
};

export async function findCommentItem(db: Db, contentId: string): Promise<CommentItem | null> {
  return db.$client
    .prepare(
      `select c.id, c.title, c.created_by as createdBy, c.removed_at as removedAt, c.deleted_at as deletedAt,
        c.visibility, c.publish_at as publishAt, ${suspendedSql("c.created_by")} as creatorSuspended
      from content c where c.id = ?1`,
    )
    .bind(contentId)
    .first<CommentItem>();
}

const commentStatement = (d1: D1Database, id: string) =>
  d1.prepare(`select ${COLUMNS} ${FROM} where cm.id = ?1`).bind(id);

/** The comment as a batch's last statement read it back (so a write answers its row without a second round trip). */
const lastRow = (results: D1Result[]) => (results.at(-1)!.results[0] as CommentRow | undefined) ?? null;

export async function findComment(db: Db, id: string): Promise<CommentRow | null> {
  return commentStatement(db.$client, id).first<CommentRow>();
}

export type TopKeyset = { replyCount: number; id: string } | { id: string };

/**
 * One page of an item's top comments (plus one extra row), newest first or by reply count then newest; the
 * pinned one is left out (the first page shows it above the rest).
 */
export async function listTopComments(
  db: Db,
  o: Reader & { contentId: string; sort: "newest" | "top"; after: TopKeyset | null; limit: number },
): Promise<CommentRow[]> {
  const base = `select ${COLUMNS} ${FROM} where cm.content_id = ?1 and cm.parent_id is null and cm.pinned_at is null
    and ${listed(!!o.moderator)} and ${AUTHOR_SHOWN}`;
  const after = o.after;
  const statement =
    o.sort === "newest"
      ? db.$client
          .prepare(`${base} and (?3 is null or cm.id < ?3) order by cm.id desc limit ?4`)
          .bind(o.contentId, o.viewerId, after?.id ?? null, o.limit + 1)
      : db.$client
          .prepare(
            `${base} and (?3 is null or (cm.reply_count, cm.id) < (?3, ?5))
            order by cm.reply_count desc, cm.id desc limit ?4`,
          )
          .bind(
            o.contentId,
            o.viewerId,
            after && "replyCount" in after ? after.replyCount : null,
            o.limit + 1,
            after?.id ?? "",
          );
  return (await statement.all<CommentRow>()).results;
}

/** The item's pinned comment, when the viewer may see it. */
export async function findPinned(db: Db, contentId: string, r: Reader): Promise<CommentRow | null> {
  return db.$client
    .prepare(
      `select ${COLUMNS} ${FROM} where cm.content_id = ?1 and cm.parent_id is null and cm.pinned_at is not null
      and ${listed(!!r.moderator)} and ${AUTHOR_SHOWN} limit 1`,
    )
    .bind(contentId, r.viewerId)
    .first<CommentRow>();
}

/** The first `perParent` replies (oldest first) of each of the given top comments, in one statement. */
export async function firstReplies(
  db: Db,
  o: Reader & { contentId: string; parentIds: string[]; perParent: number },
): Promise<CommentRow[]> {
  if (o.parentIds.length === 0) return [];
  const { results } = await db.$client
    .prepare(
      `select * from (select ${COLUMNS}, row_number() over (partition by cm.parent_id order by cm.id) as rn ${FROM}
        where cm.content_id = ?1 and cm.parent_id in (select value from json_each(?3)) and cm.deleted_at is null
        and ${notRemoved(!!o.moderator)} and ${AUTHOR_SHOWN}) where rn <= ?4 order by parentId, id`,
    )
    .bind(o.contentId, o.viewerId, JSON.stringify(o.parentIds), o.perParent)
    .all<CommentRow>();
  return results;
}

/** A page of one top comment's replies, oldest first (plus one extra row). */
export async function listReplies(
  db: Db,
  o: Reader & { contentId: string; parentId: string; afterId: string | null; limit: number },
): Promise<CommentRow[]> {
  const { results } = await db.$client
    .prepare(
      `select ${COLUMNS} ${FROM} where cm.content_id = ?1 and cm.parent_id = ?3 and cm.deleted_at is null
      and ${notRemoved(!!o.moderator)} and ${AUTHOR_SHOWN} and (?4 is null or cm.id > ?4) order by cm.id limit ?5`,
    )
    .bind(o.contentId, o.viewerId, o.parentId, o.afterId, o.limit + 1)
    .all<CommentRow>();
  return results;
}

/**
 * Comments shown on the item to the viewer (top comments and replies, not deleted, not taken down — not even the
 * viewer's own taken-down ones): "N comments".
 */
export async function countComments(db: Db, contentId: string, viewerId: string | null): Promise<number> {
  const row = await db.$client
    .prepare(
      `select count(*) as n ${FROM} where cm.content_id = ?1 and cm.deleted_at is null and cm.removed_at is null
      and ${AUTHOR_SHOWN}`,
    )
    .bind(contentId, viewerId)
    .first<{ n: number }>();
  return Number(row?.n ?? 0);
}

/**
 * Inserts a comment, and in the same batch: a reply counts on its top comment, and the item's creator's bell line
 * for the day counts it (one upsert, docs/decisions/093).
 */
export async function insertComment(
  db: Db,
  c: { id: string; contentId: string; authorId: string; parentId: string | null; body: string; now: string },
) {
  const d1 = db.$client;
  return d1
    .batch([
      d1
        .prepare(
          `insert into comments (id, content_id, author_id, parent_id, body, created_at) values (?1, ?2, ?3, ?4, ?5, ?6)`,
        )
        .bind(c.id, c.contentId, c.authorId, c.parentId, c.body, c.now),
      ...(c.parentId === null
        ? []
        : [d1.prepare("update comments set reply_count = reply_count + 1 where id = ?1").bind(c.parentId)]),
      d1.prepare(newCommentNoticeSql("?1", "?2")).bind(c.id, c.now),
      commentStatement(d1, c.id),
    ])
    .then(lastRow);
}

/** New text for a comment still shown, and the comment after it; null when it was deleted meanwhile. */
export async function updateCommentBody(db: Db, o: { id: string; body: string; now: string }) {
  const d1 = db.$client;
  const results = await d1.batch([
    d1
      .prepare("update comments set body = ?2, edited_at = ?3 where id = ?1 and deleted_at is null")
      .bind(o.id, o.body, o.now),
    commentStatement(d1, o.id),
  ]);
  return results[0]!.meta.changes > 0 ? lastRow(results) : null;
}

/**
 * Marks a comment deleted (and unpinned); a reply no longer counts on its top comment. The count drops only when
 * this batch's own update took effect (the row carries this `now`), so a second delete changes nothing; nor for a
 * reply taken down by moderators, whose takedown took it off already (docs/decisions/095).
 */
export async function markCommentDeleted(db: Db, o: { id: string; parentId: string | null; now: string }) {
  const mark = db.$client
    .prepare("update comments set deleted_at = ?2, pinned_at = null where id = ?1 and deleted_at is null")
    .bind(o.id, o.now);
  if (o.parentId === null) {
    await mark.run();
    return;
  }
  await db.$client.batch([
    mark,
    db.$client
      .prepare(
        `update comments set reply_count = max(reply_count - 1, 0) where id = ?1
        and (select deleted_at from comments where id = ?2) = ?3
        and (select removed_at from comments where id = ?2) is null`,
      )
      .bind(o.parentId, o.id, o.now),
  ]);
}

/** Pins the top comment `id` (null: none) on its item, unpinning any other, in one statement. */
export async function setPinned(db: Db, o: { contentId: string; id: string | null; now: string; read: string }) {
  const d1 = db.$client;
  return d1
    .batch([
      d1
        .prepare(
          `update comments set pinned_at = case when id = ?2 then ?3 else null end
          where content_id = ?1 and parent_id is null and (pinned_at is not null or id = ?2)`,
        )
        .bind(o.contentId, o.id, o.now),
      commentStatement(d1, o.read),
    ])
    .then(lastRow);
}

/**
 * The public comment count of each of the given items (PUBLIC_COMMENT_SQL), in one statement for a page of items
 * (My Content): each item's range of comments_content_parent_idx. Items without comments are absent.
 */
export async function publicCommentCounts(db: Db, contentIds: string[]): Promise<Map<string, number>> {
  if (contentIds.length === 0) return new Map();
  const { results } = await db.$client
    .prepare(
      `select cm.content_id as contentId, count(*) as n from comments cm
      where cm.content_id in (select value from json_each(?1)) and ${PUBLIC_COMMENT_SQL} group by cm.content_id`,
    )
    .bind(JSON.stringify(contentIds))
    .all<{ contentId: string; n: number }>();
  return new Map(results.map((r) => [r.contentId, Number(r.n)]));
}
