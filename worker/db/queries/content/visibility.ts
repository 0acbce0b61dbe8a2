import { sql } from "drizzle-orm";

// Who sees an item (docs/decisions/027, 028): an item taken down by moderators, and every item of a suspended
// creator, is hidden from everyone but its creator and admins; a deleted item (a tombstone) is gone for
// everyone. Lists never show a hidden or deleted item, to anyone. These fragments are that rule, once, for
// every reader: the lists (content.ts, content-search.ts, recommendations.ts), reports (reports.ts), and the
// earnings job, which never pays a view of a hidden item (settle-views.ts).

/** A member's account is suspended (`userId` is an SQL expression naming the user). */
export const suspendedSql = (userId: string) =>
  `exists (select 1 from users su where su.id = ${userId} and su.suspended_at is not null)`;

/**
 * The content row `c` is hidden by moderation: taken down, or its creator suspended. The earnings job reads
 * this one: a deletion is not a verdict, so a view that qualified before it is still paid (docs/decisions/028).
 */
export const itemHiddenSql = (c: string) => `(${c}.removed_at is not null or ${suspendedSql(`${c}.created_by`)})`;

/** The content row `c` is hidden, or deleted: nobody may open, like or report it. */
export const itemUnavailableSql = (c: string) => `(${c}.deleted_at is not null or ${itemHiddenSql(c)})`;

/**
 * For a query over `content c join users u on u.id = c.created_by` (SELECT_ROW's shape): the item is
 * visible (not deleted, not hidden). Every column is read from rows the query visits anyway, so a list
 * walks the same index as before and only skips what is hidden or deleted.
 */
export const VISIBLE_ROW = sql`(c.deleted_at is null and c.removed_at is null and u.suspended_at is null)`;

/** For a query over `content c` without the creator joined (the search walks): the item is visible. */
export const VISIBLE_CONTENT = sql.raw(
  `(c.deleted_at is null and c.removed_at is null and not ${suspendedSql("c.created_by")})`,
);
