import { sql } from "drizzle-orm";

// Who sees an item (docs/decisions/027, 028, 094): an item taken down by moderators, and every item of a suspended
// creator, is hidden from everyone but its creator and admins; so is an item its creator keeps private (private,
// scheduled before its time). A deleted item (a tombstone) is gone for everyone. Lists never show a hidden,
// private or deleted item, to anyone, and show an unlisted one only where the member put it (their likes, history,
// playlists). These fragments are that rule, once, for every reader: the lists (content.ts, content-search.ts,
// recommendations.ts, follows.ts, notifications.ts), reports (reports.ts), public thumbnails, playlists, and the
// earnings job, which never pays a view of an item moderators hid (settle-views.ts) but does not read visibility:
// a creator's choice never moves money.

/** Now, as the ISO-8601 text every timestamp is stored as (docs/architecture.md §3), read by SQLite itself. */
const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/** A member's account is suspended (`userId` is an SQL expression naming the user). */
export const suspendedSql = (userId: string) =>
  `exists (select 1 from users su where su.id = ${userId} and su.suspended_at is not null)`;

/**
 * The content row `c` is hidden by moderation: taken down, or its creator suspended. The earnings job reads
 * this one: a deletion is not a verdict, so a view that qualified before it is still paid (docs/decisions/028),
 * and neither is a creator making an item private (docs/decisions/094).
 */
export const itemHiddenSql = (c: string) => `(${c}.removed_at is not null or ${suspendedSql(`${c}.created_by`)})`;

/**
 * The content row `c` is private now: private, and not scheduled for a time already past. A scheduled item is
 * public from its `publish_at` on whether or not the cron has written that down yet (docs/decisions/094).
 */
const privateNowSql = (c: string) =>
  `(${c}.visibility = 'private' and (${c}.publish_at is null or ${c}.publish_at > ${NOW}))`;

/**
 * The content row `c` is public now: published (`published_at` past), and public or scheduled for a time past. An
 * unlisted or private item is not, whatever it was before.
 */
export const publicNowSql = (c: string) =>
  `(${c}.published_at <= ${NOW} and (${c}.visibility = 'public' or ${c}.publish_at <= ${NOW}))`;

/** The content row `c` is hidden, private or deleted: nobody but its creator and admins may open, like or report it. */
export const itemUnavailableSql = (c: string) =>
  `(${c}.deleted_at is not null or ${itemHiddenSql(c)} or ${privateNowSql(c)})`;

/**
 * For a query over `content c join users u on u.id = c.created_by` (SELECT_ROW's shape): anyone may open the item
 * (not deleted, not hidden, not private; public or unlisted). Every column is read from rows the query visits
 * anyway, so a list walks the same index as before and only skips what it may not show. For a member's own lists
 * (likes, history) and playlists, which may hold unlisted items.
 */
export const VISIBLE_ROW = sql.raw(
  `(c.deleted_at is null and c.removed_at is null and u.suspended_at is null and not ${privateNowSql("c")})`,
);

/** The same, and the item is public now: what the gallery, creator pages, recommendations and feeds list. */
export const LISTED_ROW_SQL = `(c.deleted_at is null and c.removed_at is null and u.suspended_at is null and ${publicNowSql("c")})`;
export const LISTED_ROW = sql.raw(LISTED_ROW_SQL);

/** For a query over `content c` without the creator joined (the search walks): the item is listed. */
export const LISTED_CONTENT = sql.raw(
  `(c.deleted_at is null and c.removed_at is null and not ${suspendedSql("c.created_by")} and ${publicNowSql("c")})`,
);
