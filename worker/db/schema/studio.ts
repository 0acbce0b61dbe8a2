import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { content } from "./content";

// The creator studio's numbers (docs/decisions/048), derived from the permanent facts and kept beside them by
// triggers (migration 0020) in the statement that writes each fact: the watch-session object's one insert of
// a view, its later "finished" update, a creator reward and its reversal. Reading an item's studio is a few
// dozen rows whatever its view count. Views by the item's own creator are left out (as in view_count).

// Per item and UTC day the view started: views, how many qualified, watched time (each view's capped at the
// item's duration), how viewers came (one counter per discovery method), and the creator's rewards from views
// of the item credited that day, net of reversals (µUSD).
export const contentDayStats = sqliteTable(
  "content_day_stats",
  {
    contentId: text("content_id")
      .notNull()
      .references(() => content.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    views: integer("views").notNull().default(0),
    qualifiedViews: integer("qualified_views").notNull().default(0),
    watchedMs: integer("watched_ms").notNull().default(0),
    aiRecommended: integer("ai_recommended").notNull().default(0),
    search: integer("search").notNull().default(0),
    browse: integer("browse").notNull().default(0),
    follow: integer("follow").notNull().default(0),
    sharedLink: integer("shared_link").notNull().default(0),
    creatorMicros: integer("creator_micros").notNull().default(0),
  },
  // The studio reads one item's days of a range: content_id = ? and day >= ?.
  (t) => [primaryKey({ columns: [t.contentId, t.day] })],
);

// Per item, how many views stopped at each whole percent (0..100) of it: the bucket of the view's furthest
// accepted position. "Still watching at x %" is the share of views whose bucket is ≥ x, so the curve is a
// suffix sum over at most 101 rows. A finished view moves from its old bucket to its new one.
export const contentRetention = sqliteTable(
  "content_retention",
  {
    contentId: text("content_id")
      .notNull()
      .references(() => content.id, { onDelete: "cascade" }),
    bucket: integer("bucket").notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.bucket] })],
);
