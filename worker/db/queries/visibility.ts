import { sql } from "drizzle-orm";

// Who sees an item (docs/decisions/027): an item taken down by moderators, and every item of a suspended
// creator, is hidden from everyone but its creator and admins. Lists never show hidden items, to anyone;
// its creator and admins may still open one by id. These fragments are that rule, once, for every reader:
// the lists (content.ts, content-search.ts, recommendations.ts), single items (content-access.ts), and the
// earnings job, which never pays a view of a hidden item (settle-views.ts).

/** A member's account is suspended (`userId` is an SQL expression naming the user). */
export const suspendedSql = (userId: string) => `exists (select 1 from users su where su.id = ${userId} and su.suspended_at is not null)`;

/** The content row `c` is hidden: taken down, or its creator suspended. */
export const itemHiddenSql = (c: string) => `(${c}.removed_at is not null or ${suspendedSql(`${c}.created_by`)})`;

/**
 * For a query over `content c join users u on u.id = c.created_by` (SELECT_ROW's shape): the item is
 * visible. Both columns are read from rows the query visits anyway, so a list walks the same index as
 * before and only skips what is hidden.
 */
export const VISIBLE_ROW = sql`(c.removed_at is null and u.suspended_at is null)`;

/** For a query over `content c` without the creator joined (the search walks): the item is visible. */
export const VISIBLE_CONTENT = sql.raw(`(c.removed_at is null and not ${suspendedSql("c.created_by")})`);
