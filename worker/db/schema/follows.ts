import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users";

// A member follows a creator (docs/decisions/046). One row per pair; following again is a no-op, unfollowing
// deletes the row (a follow is a preference, not a fact money rules read).
export const follows = sqliteTable(
  "follows",
  {
    followerId: text("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    creatorId: text("creator_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    check("follows_not_self_check", sql`${t.followerId} <> ${t.creatorId}`),
    // The primary key serves "does the caller follow this creator" and the follower side of the bell's and
    // the home section's walks (follower_id = ? → creator ids).
    primaryKey({ columns: [t.followerId, t.creatorId] }),
    // A creator's followers (the count itself is follow_counts).
    index("follows_creator_idx").on(t.creatorId, t.followerId),
    // GET /api/me/following, most recently followed first, keyset on (created_at, creator_id).
    index("follows_follower_created_idx").on(t.followerId, t.createdAt, t.creatorId),
  ],
);

// A creator's follower count, kept by triggers on `follows` (migration 0018): a follow that inserts a row adds
// one, an unfollow that deletes one takes one off, so a repeated follow (no row) counts nothing. The creator
// page reads one row instead of counting 100k index entries (bench:notifications).
export const followCounts = sqliteTable("follow_counts", {
  creatorId: text("creator_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  followers: integer("followers").notNull().default(0),
});

// What the bell tells a member that happened to them (docs/decisions/046): written by the service that causes
// it, in the same batch, keyed so a rerun writes nothing twice. New uploads of followed creators are NOT
// rows here (fan-out on read); a row of kind 'upload' only records that the member read one of them.
export const notifications = sqliteTable(
  "notifications",
  {
    // The rowid: statements that write many members' rows at once (grouped credits, reversals) need no id
    // made outside SQL, and the API names a row by it.
    id: integer("id").primaryKey(),
    // The member by number (users.num, migration 0032, docs/decisions/060): stored in a few bytes where the id
    // took 26, in the row and in both indexes below. No foreign key: a member is never deleted (decision 028).
    userNum: integer("user_num").notNull(),
    kind: text("kind").notNull(),
    // What makes the event one event: the UTC day of a grouped kind (views credited, released, reversed),
    // else the id of its cause (bonus, payment, payout request, moderation audit row, content).
    ref: text("ref").notNull(),
    // The preference group it belongs to (common/notifications.ts): uploads, earnings, payments, moderation.
    grp: text("grp").notNull(),
    // The item, payment or request it is about, when there is one.
    subjectId: text("subject_id"),
    // Grouped kinds add up here: how many view rewards and their sum.
    count: integer("count").notNull().default(1),
    amountMicros: integer("amount_micros").notNull().default(0),
    // A title, a reason or a note to show with it.
    detail: text("detail").notNull().default(""),
    // When it shows, and its place in the list: the latest event of a group. A release is written when the
    // credit is, dated when its hold ends, so it shows then without a job.
    at: text("at").notNull(),
    // The UTC day of `at`, written with the row and never changed: a grouped line's `at` moves only within its day
    // (its ref), and an index on `at` itself was re-keyed by every credit, a row written per member (decision 089).
    day: text("day").notNull(),
    readAt: text("read_at"),
  },
  (t) => [
    // One event once; also the bell's list: the member's rows (a few hundred at most in the window) sorted newest
    // first, so no second index copies every row's member and time (migration 0031, docs/decisions/059).
    uniqueIndex("notifications_event_unique").on(t.userNum, t.kind, t.ref),
    // The bell's unread count reads the member's rows on the index above, as its list does (a few hundred at
    // most): an index of unread rows was re-keyed by every grouped credit, two rows written per paid view
    // (migration 0041, docs/decisions/086).
    // The data lifecycle deletes the oldest notifications first, a slice a run (docs/decisions/055), by day:
    // an update never re-keys it (migration 0045, docs/decisions/089).
    index("notifications_day_idx").on(t.day),
  ],
);

// A member's bell settings: the groups they turned off (comma-separated) and up to when they have read the
// uploads of the creators they follow (the fan-out-on-read mark).
export const notificationSettings = sqliteTable("notification_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  muted: text("muted").notNull().default(""),
  uploadsReadAt: text("uploads_read_at").notNull().default(""),
});
