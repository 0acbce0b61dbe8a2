import { sql } from "drizzle-orm";
import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { REPORT_REASONS } from "../../../common/moderation";
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
