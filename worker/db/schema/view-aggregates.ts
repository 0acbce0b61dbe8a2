import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

// What D1 keeps of every view ever written once view rows are archived to R2
// (docs/decisions/053-views-archive-and-kept-evidence.md). Each table is kept by triggers in the statement that
// writes the fact (migration 0025: the view's one insert, its "finished" update, the earnings job's status
// update, a view reward and its reversal), so it always covers every view, in D1 or archived, and the readers
// read it instead of the view rows. Keyed so they grow with distinct pairs, addresses, items and member-days,
// never with views. No foreign keys: a parent row is never deleted (decision 028), and a cascade must not
// touch evidence. Members are named by their number (users.num, migration 0030, docs/decisions/058): readers
// look a member's number up by id, or join users on num to go back.

// Per (viewer, creator): the views one way. The sweep's ring rule ("the creator also had a credited view of
// the viewer") and the bonus checks' reciprocal and claimant-upload reasons read it.
export const viewPairs = sqliteTable(
  "view_pairs",
  {
    viewerNum: integer("viewer_num").notNull(),
    creatorNum: integer("creator_num").notNull(),
    views: integer("views").notNull().default(0),
    qualified: integer("qualified").notNull().default(0),
    credited: integer("credited").notNull().default(0),
    // Qualified views of items the creator uploaded inside their own sign-on challenge window (bonus-risk.ts).
    claimUploadQualified: integer("claim_upload_qualified").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.viewerNum, t.creatorNum] })],
);

// Per (address group, member as viewer), views with an address only: who watched from where. The sweep's
// shared address rule, the bonus checks' shared address reason and the challenge's address groups read it.
// Without the creator (migration 0027, docs/decisions/056): a member watches from a few addresses, so the
// table grows with members, not with the creators they watch; the bonus check pairs it with view_pairs. The
// address is the first 16 hex digits (64 bits) of the view's ip_hash (migrations 0029, 0032; decision 060):
// readers compare a view's network, the first 8 digits (networkKeySql, queries/archive/kept-numbers.ts, decision 065).
export const viewAddresses = sqliteTable(
  "view_addresses",
  {
    ipHash: text("ip_hash").notNull(),
    viewerNum: integer("viewer_num").notNull(),
    views: integer("views").notNull().default(0),
    qualified: integer("qualified").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ipHash, t.viewerNum] }), index("view_addresses_viewer_idx").on(t.viewerNum)],
);

// All-time per item and per viewer, and per discovery method: what the admin analytics tab lists, and the
// recommender's popularity count.
export const contentViewTotals = sqliteTable("content_view_totals", {
  contentId: text("content_id").primaryKey(),
  views: integer("views").notNull().default(0),
  qualified: integer("qualified").notNull().default(0),
  watchMs: integer("watch_ms").notNull().default(0),
});

export const viewerViewTotals = sqliteTable("viewer_view_totals", {
  viewerId: text("viewer_id").primaryKey(),
  views: integer("views").notNull().default(0),
  watchMs: integer("watch_ms").notNull().default(0),
  lastEventAt: text("last_event_at").notNull(),
});

export const viewDiscoveryTotals = sqliteTable("view_discovery_totals", {
  method: text("method").primaryKey(),
  views: integer("views").notNull().default(0),
});

// Per member, UTC day of the view's start, and side (viewer or creator): "the reason for every view" of an
// archived day says what the day held. Once the views of a day are archived, its rows follow them to R2 (the
// `member-days` dataset, docs/decisions/061): D1 keeps the days whose views it still holds, and rows of members
// with a view of that day kept as evidence; member_view_days_day_idx walks a day in key order. `micros` is that side's view rewards of the day's views less their
// reversals (reversals are negative). A row per member and day is the most D1 keeps for good, so it is kept
// small (migration 0030, docs/decisions/058): the day is its number (days since 1970-01-01, dayNumberSql), the
// side 0 (viewer) or 1 (creator).
export const memberViewDays = sqliteTable(
  "member_view_days",
  {
    userNum: integer("user_num").notNull(),
    day: integer("day").notNull(),
    // 0 viewer, 1 creator.
    side: integer("side").notNull(),
    views: integer("views").notNull().default(0),
    qualified: integer("qualified").notNull().default(0),
    credited: integer("credited").notNull().default(0),
    micros: integer("micros").notNull().default(0),
    reversed: integer("reversed").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userNum, t.side, t.day] }), index("member_view_days_day_idx").on(t.day)],
);

// Per UTC day, member (as viewer) and item: the items a member finished (qualified views) in the last week, for the
// recommender's "never offered again that soon" and recent taste (RECENTLY_FINISHED_MS) once the views themselves
// may leave D1 the day after their hold (docs/decisions/060). Written by a trigger on the view's insert; not
// evidence, so the data lifecycle deletes days past RECENT_FINISHES_KEEP_DAYS (common/data-lifecycle.ts). Day first:
// rows arrive in day order and leave from the front; a member's week is eight seeks of (day, member).
export const recentFinishes = sqliteTable(
  "recent_finishes",
  {
    day: integer("day").notNull(),
    viewerNum: integer("viewer_num").notNull(),
    contentId: text("content_id").notNull(),
    // The latest qualified_at of that day.
    at: text("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.viewerNum, t.contentId] })],
);
