import { sql } from "drizzle-orm";
import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { APPEAL_STATUSES } from "../../../common/appeals";
import { auditLog } from "./audit";
import { users } from "./users";

// A member's appeal of a moderation action taken against them (docs/decisions/092): keyed by the action's audit
// row (a takedown of their item or their suspension), so any later kind of action (a comment's takedown) is
// appealed the same way. Kept once decided: the history is the evidence.
export const appeals = sqliteTable(
  "appeals",
  {
    id: text("id").primaryKey(),
    actionId: text("action_id")
      .notNull()
      .references(() => auditLog.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    text: text("text").notNull(),
    // open until an admin upholds or reverses it; moot when the action was undone another way first.
    status: text("status", { enum: APPEAL_STATUSES }).notNull(),
    // The admin's words to the member; '' when they gave none.
    decisionNote: text("decision_note").notNull().default(""),
    decidedBy: text("decided_by"),
    decidedAt: text("decided_at"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    // One appeal per action: the conflict target of the appeal's insert, and how an action finds its appeal
    // (a member's own list, the undoing of an action closing its open appeal).
    uniqueIndex("appeals_action_unique").on(t.actionId),
    // The admins' list of open appeals, oldest first (GET /api/admin/appeals?status=open): open rows only.
    index("appeals_open_created_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
    // The admins' list of decided appeals, newest decision first (GET /api/admin/appeals?status=decided).
    index("appeals_decided_idx")
      .on(t.decidedAt)
      .where(sql`${t.status} <> 'open'`),
  ],
);
