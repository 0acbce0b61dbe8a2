import { sql } from "drizzle-orm";
import { check, integer, primaryKey, sqliteTable } from "drizzle-orm/sqlite-core";

// The period close (docs/decisions/052): when the views archive moves a day's views to R2, the final view rewards
// of those views (available, never reversed, never named by a review) leave `earnings` in the same D1 batch and
// are folded into the two tables below. Every reader adds them back, so no wallet, calendar, CSV or invariant
// changes by a close. Rows are only ever added to by the fold, never edited otherwise nor deleted. Members are
// named by their number (users.num, migration 0030, docs/decisions/058).

// One opening balance per member, side and month (of the earnings' created_at): what closed periods credited.
// Folded amounts were available and final when folded, so they are always available.
export const openingBalances = sqliteTable(
  "opening_balances",
  {
    userNum: integer("user_num").notNull(),
    // 0 viewer, 1 creator; the month as the number YYYYMM (UTC) of the folded earnings' created_at: a byte and
    // three where the text took 7 each (migration 0032, docs/decisions/060; kept-numbers.ts).
    side: integer("side").notNull(),
    month: integer("month").notNull(),
    amountMicros: integer("amount_micros").notNull(),
    // How many earnings rows it holds.
    rows: integer("rows").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userNum, t.side, t.month] }),
    check("opening_balances_amount_check", sql`${t.amountMicros} >= 0`),
  ],
);

// The folded rewards per member, side, UTC day (of created_at) and, on the creator side, the viewer: what the
// earnings calendars and their CSVs read for closed days (earnings-report.ts). The viewer is kept on the
// creator side because a creator's calendar counts distinct viewers over any range; the viewer side keeps 0.
// Compact like member_view_days (migration 0030, docs/decisions/058): the day is its number (days since
// 1970-01-01, dayNumberSql), the side 0 (viewer) or 1 (creator).
export const earningDays = sqliteTable(
  "earning_days",
  {
    userNum: integer("user_num").notNull(),
    // 0 viewer, 1 creator.
    side: integer("side").notNull(),
    day: integer("day").notNull(),
    // The view's viewer's number for a creator row; 0 for a viewer row.
    otherNum: integer("other_num").notNull(),
    amountMicros: integer("amount_micros").notNull(),
    // The member's views of this row (one earning each: a view pays each side once, never both to one member).
    views: integer("views").notNull(),
    // The views the site-wide count takes from this row: all of a viewer row's; of a creator row's, those
    // that paid no viewer (so a view counts once site-wide, as count(distinct view_id) does for live rows).
    siteViews: integer("site_views").notNull(),
  },
  (t) => [
    // Day first (migration 0027, a WITHOUT ROWID table: docs/decisions/056): the site-wide calendar reads a day
    // range along it, one member's calendar seeks (day, member) once per day of the range, and no second index
    // copies every key.
    primaryKey({ columns: [t.day, t.userNum, t.side, t.otherNum] }),
    check("earning_days_amount_check", sql`${t.amountMicros} >= 0`),
  ],
);
