import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { content, likes } from "../schema";
import { rankedSearch, SEARCH_SORT_KEY, type SearchTerms } from "./content-search";

export type ContentRow = typeof content.$inferSelect & { creatorName: string; likeCount: number };

// The creator's public name, the same rule as worker/domain/username.ts displayName: the username, else
// "Member " and the last six characters of the id, never a part of the email.
const CREATOR_NAME = sql`coalesce(u.username, 'Member ' || upper(substr(u.id, -6)))`;
const LIKE_COUNT = sql`(select count(*) from likes l where l.content_id = c.id)`;

// Raw SQL because search joins the FTS5 table (drizzle cannot express it); every value is bound. The
// columns of a ContentRow, for any query over `content c join users u` (recommendations use it too).
export const SELECT_ROW = sql`c.id, c.title, c.description, c.type, c.tags, c.r2_key as r2Key, c.media_size as mediaSize,
  c.media_content_type as mediaContentType, c.thumbnail_key as thumbnailKey, c.duration_ms as durationMs,
  c.created_by as createdBy, c.created_at as createdAt, c.updated_at as updatedAt,
  ${CREATOR_NAME} as creatorName, ${LIKE_COUNT} as likeCount`;

export type ListParams = {
  type?: "video" | "audio";
  creator?: string;
  /** Safe FTS5 queries (made by domain/content/search-query.ts), or undefined to browse newest first. */
  match?: SearchTerms;
  after?: { key: string | number; id: string } | null;
  limit: number;
};

/** One page of the gallery or of search results, plus one extra row to tell whether more exist. */
export async function listContentPage(db: Db, p: ListParams): Promise<(ContentRow & { sortKey: string | number })[]> {
  const filters: SQL[] = [];
  if (p.type) filters.push(sql`c.type = ${p.type}`);
  if (p.creator) filters.push(sql`c.created_by = ${p.creator}`);
  if (!p.match) {
    // Newest first; served by content_created_idx / content_type_created_idx / content_creator_created_idx.
    if (p.after) filters.push(sql`(c.created_at, c.id) < (${String(p.after.key)}, ${p.after.id})`);
    const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
    return db.all(sql`select ${SELECT_ROW}, c.created_at as sortKey from content c
      join users u on u.id = c.created_by ${where}
      order by c.created_at desc, c.id desc limit ${p.limit + 1}`);
  }
  // Ranked by which column holds the words, then newest, among the SEARCH_WINDOW newest matches; the rows of
  // the page alone are joined to their creator and likes (docs/decisions/021).
  const ranked = rankedSearch({ terms: p.match, filters, afterKey: p.after ? Number(p.after.key) : null, limit: p.limit });
  if (!ranked) return [];
  return db.all(sql`${ranked} select ${SELECT_ROW}, ${SEARCH_SORT_KEY} as sortKey
    from ranked join content c on c.rowid = ranked.r join users u on u.id = c.created_by
    order by sortKey desc limit ${p.limit + 1}`);
}

/** What serving an item's media needs, without the creator join or the like count (every Range request). */
export async function findMedia(db: Db, id: string) {
  return (
    (await db
      .select({ r2Key: content.r2Key, mediaSize: content.mediaSize, thumbnailKey: content.thumbnailKey })
      .from(content)
      .where(eq(content.id, id))
      .get()) ?? null
  );
}

export async function findContent(db: Db, id: string): Promise<ContentRow | null> {
  const rows = await db.all<ContentRow>(sql`select ${SELECT_ROW} from content c
    join users u on u.id = c.created_by where c.id = ${id}`);
  return rows[0] ?? null;
}

/** The caller's uploads, newest first (My Content). */
export async function listByCreator(db: Db, userId: string, limit: number): Promise<ContentRow[]> {
  return db.all(sql`select ${SELECT_ROW} from content c join users u on u.id = c.created_by
    where c.created_by = ${userId} order by c.created_at desc, c.id desc limit ${limit}`);
}

/** What the caller liked, most recently liked first. */
export async function listLikedBy(db: Db, userId: string, limit: number): Promise<ContentRow[]> {
  return db.all(sql`select ${SELECT_ROW} from likes lk join content c on c.id = lk.content_id
    join users u on u.id = c.created_by where lk.user_id = ${userId}
    order by lk.created_at desc, c.id desc limit ${limit}`);
}

export async function countByType(db: Db, userId: string) {
  const rows = await db
    .select({ type: content.type, n: sql<number>`count(*)` })
    .from(content)
    .where(eq(content.createdBy, userId))
    .groupBy(content.type);
  return {
    video: rows.find((r) => r.type === "video")?.n ?? 0,
    audio: rows.find((r) => r.type === "audio")?.n ?? 0,
  };
}

export type LikeChange = { userId: string; contentId: string; createdAt: string };

/** Like or unlike (idempotent) and return the state after, in one round trip. */
export async function setLike(db: Db, change: LikeChange, liked: boolean) {
  const write = liked
    ? db.insert(likes).values(change).onConflictDoNothing()
    : db.delete(likes).where(and(eq(likes.userId, change.userId), eq(likes.contentId, change.contentId)));
  const [, counted] = await db.batch([write, likeState(db, change.userId, change.contentId)]);
  return counted[0]!;
}

export function likeState(db: Db, userId: string, contentId: string) {
  return db
    .select({
      liked: sql<number>`exists(select 1 from likes where user_id = ${userId} and content_id = ${contentId})`,
      likeCount: sql<number>`(select count(*) from likes where content_id = ${contentId})`,
    })
    .from(sql`(select 1)`);
}
