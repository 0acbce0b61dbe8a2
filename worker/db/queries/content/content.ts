import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../client";
import { content, likes, users } from "../../schema";
import { rowColumnsSql } from "../row-columns";
import { LENGTH_BAND_SQL } from "../../schema/content";
import { rankedSearch, SEARCH_SORT_KEY, SEARCH_WINDOW, searchWindow, type SearchTerms } from "./content-search";
import { LISTED_CONTENT, LISTED_ROW, VISIBLE_ROW, publicNowSql } from "./visibility";

/** An item with its creator's name and standing, and its like count. `creatorSuspended` is 0 or 1. */
export type ContentRow = typeof content.$inferSelect & {
  creatorName: string;
  creatorAvatarKey: string | null;
  likeCount: number;
  creatorSuspended: number;
};

// The creator's public name, the same rule as worker/domain/username.ts displayName: the username, else
// "Member " and the last six characters of the id, never a part of the email.
export const CREATOR_NAME_SQL = "coalesce(u.username, 'Member ' || upper(substr(u.id, -6)))";
const LIKE_COUNT = "(select count(*) from likes l where l.content_id = c.id)";

// Raw SQL because search joins the FTS5 table (drizzle cannot express it); every value is bound. The
// columns of a ContentRow, for any query over `content c join users u` (recommendations use it too): every
// column of the drizzle table by its field name (docs/decisions/068-database-logic-in-sight.md), then the
// creator's name and standing and the like count.
// The text alone (SELECT_ROW_SQL) is for statements written with numbered parameters (the following feed shares
// the bell's fragment, docs/decisions/101).
export const SELECT_ROW_SQL = `${rowColumnsSql(content, "c")},
  ${CREATOR_NAME_SQL} as creatorName, u.avatar_key as creatorAvatarKey, ${LIKE_COUNT} as likeCount, (u.suspended_at is not null) as creatorSuspended`;
export const SELECT_ROW = sql.raw(SELECT_ROW_SQL);

/** The order of a list (docs/decisions/100); relevance only for a search. */
type ListSort = "relevance" | "newest" | "views";

/** The length band's expression over `content c`, as content_length_published_idx is keyed. */
const LENGTH_BAND = sql.raw(LENGTH_BAND_SQL.replaceAll("duration_ms", "c.duration_ms"));

export type ListParams = {
  type?: "video" | "audio";
  creator?: string;
  /** The newest first unless given; relevance is for a search only (a browse sorted by relevance is newest). */
  sort?: ListSort;
  /** The length band: 0 under 4 minutes, 1 from 4 to 20, 2 over 20 (LENGTH_BAND_SQL). */
  lengthBand?: 0 | 1 | 2;
  /** Published at or after this ISO-8601 instant. */
  since?: string;
  /** Safe FTS5 queries (made by domain/content/search-query.ts), or undefined to browse newest first. */
  match?: SearchTerms;
  after?: { key: string | number; id: string } | null;
  limit: number;
};

/**
 * One page of the gallery or of search results, plus one extra row to tell whether more exist. Hidden items
 * (docs/decisions/027) are never listed, to anyone: the walk skips them, so pages stay full and keysets exact.
 */
export async function listContentPage(db: Db, p: ListParams): Promise<(ContentRow & { sortKey: string | number })[]> {
  const query = contentPageSql(p);
  return query ? db.all(query) : [];
}

/** The statement of listContentPage (null when the cursor is past the last search tier); tests read its plan. */
export function contentPageSql(p: ListParams): SQL | null {
  const filters: SQL[] = [];
  if (p.type) filters.push(sql`c.type = ${p.type}`);
  if (p.creator) filters.push(sql`c.created_by = ${p.creator}`);
  // Length and upload date: a browse walks an index on them; a search narrows its window with them
  // (docs/decisions/100), which stays the SEARCH_WINDOW newest matches of the words, type and creator.
  const within: SQL[] = [];
  if (p.lengthBand !== undefined) within.push(sql`${LENGTH_BAND} = ${p.lengthBand}`);
  if (p.since) within.push(sql`c.published_at >= ${p.since}`);
  const sort = p.sort ?? (p.match ? "relevance" : "newest");
  if (sort === "views" || (p.match && sort === "newest")) return windowPageSql(p, sort, filters, within);
  if (!p.match) {
    filters.push(...within);
    // Newest published first (docs/decisions/094); served by content_published_idx / content_type_published_idx /
    // content_creator_published_idx, or with a length band by content_(type_)length_published_idx
    // (docs/decisions/100). Items never public (published_at null) are outside the range walked.
    if (p.after) filters.push(sql`(c.published_at, c.id) < (${String(p.after.key)}, ${p.after.id})`);
    return sql`select ${SELECT_ROW}, c.published_at as sortKey from content c
      join users u on u.id = c.created_by where ${sql.join([...filters, LISTED_ROW], sql` and `)}
      order by c.published_at desc, c.id desc limit ${p.limit + 1}`;
  }
  // Ranked by which column holds the words, then newest, among the SEARCH_WINDOW newest visible matches; the
  // rows of the page alone are joined to their creator and likes (docs/decisions/021).
  const ranked = rankedSearch({
    terms: p.match,
    filters: [...filters, LISTED_CONTENT],
    within,
    afterKey: p.after ? Number(p.after.key) : null,
    limit: p.limit,
  });
  if (!ranked) return null;
  return sql`${ranked} select ${SELECT_ROW}, ${SEARCH_SORT_KEY} as sortKey
    from ranked join content c on c.rowid = ranked.r join users u on u.id = c.created_by
    order by sortKey desc limit ${p.limit + 1}`;
}

/**
 * A page of a bounded window sorted in memory (docs/decisions/100): a search's window (its SEARCH_WINDOW newest
 * matches) by newest or views, or the gallery's SEARCH_WINDOW newest listed items by views. No index on
 * view_count: it changes with every paid view, and an index on it would be re-keyed each time.
 */
function windowPageSql(p: ListParams, sort: "newest" | "views", filters: SQL[], within: SQL[]): SQL {
  const key = sort === "views" ? sql`c.view_count` : sql`c.published_at`;
  const page = p.after ? [sql`(${key}, c.id) < (${p.after.key}, ${p.after.id})`] : [];
  // A browse's window is walked on the length and date indexes; a search's is narrowed by them once counted.
  // CROSS JOIN: the window's ≤ SEARCH_WINDOW rows drive the page, never a walk of content's indexes.
  const win = p.match
    ? searchWindow(p.match, [...filters, LISTED_CONTENT])
    : sql`with win as (select c.rowid as r from content c where ${sql.join([...filters, ...within, LISTED_CONTENT], sql` and `)}
        order by c.published_at desc, c.id desc limit ${SEARCH_WINDOW}) `;
  const where = [...(p.match ? within : []), ...page];
  return sql`${win} select ${SELECT_ROW}, ${key} as sortKey
    from win cross join content c on c.rowid = win.r join users u on u.id = c.created_by
    ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
    order by ${key} desc, c.id desc limit ${p.limit + 1}`;
}

/**
 * The columns that say who may open an item (`mayOpen`, domain/content/visibility.ts): its creator, taken down or
 * deleted, its visibility and schedule, and whether its creator is suspended. Select them with `content` joined to
 * `users` on its creator; the item's media, captions and storyboard are served by the same rule.
 */
export const ITEM_STANDING_COLUMNS = {
  createdBy: content.createdBy,
  removedAt: content.removedAt,
  deletedAt: content.deletedAt,
  visibility: content.visibility,
  publishAt: content.publishAt,
  creatorSuspended: sql<number>`(${users.suspendedAt} is not null)`,
};

/**
 * What serving an item's media needs (every Range request), and who may see it (ITEM_STANDING_COLUMNS). No like
 * count.
 */
export async function findMedia(db: Db, id: string) {
  return (
    (await db
      .select({
        r2Key: content.r2Key,
        mediaSize: content.mediaSize,
        thumbnailKey: content.thumbnailKey,
        thumbnailPublicKey: content.thumbnailPublicKey,
        updatedAt: content.updatedAt,
        ...ITEM_STANDING_COLUMNS,
      })
      .from(content)
      .innerJoin(users, eq(users.id, content.createdBy))
      .where(eq(content.id, id))
      .get()) ?? null
  );
}

/** One item, hidden, deleted or not: the caller decides who may see it (domain/content/visibility.ts). */
export async function findContent(db: Db, id: string): Promise<ContentRow | null> {
  const rows = await db.all<ContentRow>(sql`select ${SELECT_ROW} from content c
    join users u on u.id = c.created_by where c.id = ${id}`);
  return rows[0] ?? null;
}

/** The caller's uploads, newest first (My Content), taken down or not; not the ones they deleted. */
export async function listByCreator(db: Db, userId: string, limit: number): Promise<ContentRow[]> {
  return db.all(sql`select ${SELECT_ROW} from content c join users u on u.id = c.created_by
    where c.created_by = ${userId} and c.deleted_at is null order by c.created_at desc, c.id desc limit ${limit}`);
}

/** What the caller liked and may still open (unlisted items too: they liked them), most recently liked first. */
export async function listLikedBy(db: Db, userId: string, limit: number): Promise<ContentRow[]> {
  return db.all(sql`select ${SELECT_ROW} from likes lk join content c on c.id = lk.content_id
    join users u on u.id = c.created_by where lk.user_id = ${userId} and ${VISIBLE_ROW}
    order by lk.created_at desc, c.id desc limit ${limit}`);
}

/**
 * A creator page's counts: the creator's listed items per type (none while the creator is suspended), and the
 * view counts of those items summed (each item keeps its own, docs/decisions/047: no views are counted here).
 */
export async function countByType(db: Db, userId: string) {
  const rows = await db
    .select({
      type: content.type,
      n: sql<number>`count(*)`,
      views: sql<number>`coalesce(sum(${content.viewCount}), 0)`,
    })
    .from(content)
    .innerJoin(users, eq(users.id, content.createdBy))
    .where(
      and(
        eq(content.createdBy, userId),
        isNull(content.removedAt),
        isNull(content.deletedAt),
        isNull(users.suspendedAt),
        sql.raw(publicNowSql("content")),
      ),
    )
    .groupBy(content.type);
  return {
    video: rows.find((r) => r.type === "video")?.n ?? 0,
    audio: rows.find((r) => r.type === "audio")?.n ?? 0,
    views: rows.reduce((sum, r) => sum + Number(r.views), 0),
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

/**
 * The caller's like of an item and its count, with the item's standing (ITEM_STANDING_COLUMNS) so the caller can
 * decide who may see them, in one read; null for an unknown item.
 */
export async function likeStatusOf(db: Db, userId: string, contentId: string) {
  return (
    (await db
      .select({
        ...ITEM_STANDING_COLUMNS,
        liked: sql<number>`exists(select 1 from likes where user_id = ${userId} and content_id = ${contentId})`,
        likeCount: sql<number>`(select count(*) from likes where content_id = ${contentId})`,
      })
      .from(content)
      .innerJoin(users, eq(users.id, content.createdBy))
      .where(eq(content.id, contentId))
      .get()) ?? null
  );
}

function likeState(db: Db, userId: string, contentId: string) {
  return db
    .select({
      liked: sql<number>`exists(select 1 from likes where user_id = ${userId} and content_id = ${contentId})`,
      likeCount: sql<number>`(select count(*) from likes where content_id = ${contentId})`,
    })
    .from(sql`(select 1)`);
}
