import { sql } from "drizzle-orm";
import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { REPORT_REASONS } from "../../../common/moderation";
import { comments } from "./comments";
import { content } from "./content";
import { users } from "./users";

// A member's report of an item (docs/decisions/027). While open it waits in the moderators' queue; the
// moderators' action on the item closes every open report of it: dismissed, or actioned by a takedown.
export const reports = sqliteTable(
  "reports",
  {
    id: text("id").primaryKey(),
    contentId: text("content_id")
      .notNull()
      .references(() => content.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    note: text("note").notNull().default(""),
    status: text("status", { enum: ["open", "dismissed", "actioned"] }).notNull(),
    createdAt: text("created_at").notNull(),
    // A second report of the same item by the same member updates the open one (and this time).
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    // One open report per (reporter, item): the conflict target of the report upsert.
    uniqueIndex("reports_open_unique")
      .on(t.reporterId, t.contentId)
      .where(sql`${t.status} = 'open'`),
    // The moderators' queue groups open reports by item, and a dismissal or takedown closes them: open
    // rows only, so the queue costs what is open, not the history.
    index("reports_open_content_idx")
      .on(t.contentId, t.updatedAt)
      .where(sql`${t.status} = 'open'`),
    // Every report of an item, newest first: the reports a member's items received, a removed item's reports.
    index("reports_content_created_idx").on(t.contentId, t.createdAt),
    // The reports a member made, newest first (GET /api/admin/moderation/users/{id}).
    index("reports_reporter_created_idx").on(t.reporterId, t.createdAt),
  ],
);

// A member's report of a comment (docs/decisions/095): the same reasons and lifecycle as an item's report, in its
// own table so that every reader of `reports` (the item queue, an item's reports, takedowns, the member record,
// appeals) stays about items without a new condition. `author_id` is the comment's author (a comment never
// changes hands), so the reports a member's comments received are one index range.
export const commentReports = sqliteTable(
  "comment_reports",
  {
    id: text("id").primaryKey(),
    commentId: text("comment_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    // The reporter's details (`details` in the API), at most 500 characters.
    note: text("note").notNull().default(""),
    status: text("status", { enum: ["open", "dismissed", "actioned"] }).notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    // One open report per (reporter, comment): the conflict target of the report upsert.
    uniqueIndex("comment_reports_open_unique")
      .on(t.reporterId, t.commentId)
      .where(sql`${t.status} = 'open'`),
    // The queue groups open reports by comment; an action closes them. Open rows only.
    index("comment_reports_open_comment_idx")
      .on(t.commentId, t.updatedAt)
      .where(sql`${t.status} = 'open'`),
    // Every report of a comment: a removed comment's reports, an appeal's reports.
    index("comment_reports_comment_created_idx").on(t.commentId, t.createdAt),
    // The reports a member's comments received, and the ones a member made (the member record).
    index("comment_reports_author_created_idx").on(t.authorId, t.createdAt),
    index("comment_reports_reporter_created_idx").on(t.reporterId, t.createdAt),
  ],
);
