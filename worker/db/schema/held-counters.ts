import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

// The fraud sweep's counters of view rewards still in holding, and its queue of subjects to judge
// (docs/decisions/080-incremental-sweep.md). The rules over held rewards (queries/reviews/review-rules.ts) judge
// a viewer or an item from how many of its viewer-side rewards are held: per (viewer, creator), per
// (viewer, UTC day) and per item. Triggers keep them in the statement that writes the fact (a view reward, its
// reversal, migration 0038); the sweep takes out the rewards whose hold ended since its last run
// (queries/reviews/held-counters.ts), so each row is what is held at the sweep's mark. A row whose count
// reaches 0 is deleted: the tables hold the subjects with something in holding, never all members. The sweep
// judges the subjects of new rewards (read by a rowid mark) and of ended holds, and those the triggers mark in
// `sweep_dirty` for the rarer facts (a reversal, an address, the cap), not every held reward.

/** Per (viewer, creator): shared_ip's "held paid views of that creator". */
export const heldPairs = sqliteTable(
  "held_pairs",
  {
    viewerId: text("viewer_id").notNull(),
    creatorId: text("creator_id").notNull(),
    held: integer("held").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.viewerId, t.creatorId] })],
);

/**
 * Per (viewer, UTC day of qualification): daily_cap's days at or near the cap, and summed, the viewer's held paid
 * views (shared_ip's share). No per-viewer total and no second index: each would be one more row written per
 * reward, and D1 prices a row written as a thousand read.
 */
export const heldViewerDays = sqliteTable(
  "held_viewer_days",
  {
    viewerId: text("viewer_id").notNull(),
    day: text("day").notNull(),
    held: integer("held").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.viewerId, t.day] })],
);

/** Per item: its held earning views, and how many of them came from an account created on another day (same_day_accounts). */
export const heldItems = sqliteTable("held_items", {
  contentId: text("content_id").primaryKey(),
  held: integer("held").notNull().default(0),
  otherDay: integer("other_day").notNull().default(0),
});

/**
 * Subjects a fact changed for since they were last judged: a viewer (kind 0, their id) or an item (kind 1), taken
 * oldest first (by rowid). `seq` grows when a marked subject is marked again, so one marked again while the sweep
 * judges it keeps its row.
 */
export const sweepDirty = sqliteTable(
  "sweep_dirty",
  {
    kind: integer("kind").notNull(),
    subject: text("subject").notNull(),
    seq: integer("seq").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subject] })],
);
