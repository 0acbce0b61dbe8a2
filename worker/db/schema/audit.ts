import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";

// Who changed which money record or setting, with the row before and after (JSON).
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    actorId: text("actor_id").notNull(),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    before: text("before"),
    after: text("after"),
    createdAt: text("created_at").notNull(),
  },
  // The Audit tab lists newest first.
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);
