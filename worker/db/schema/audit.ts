import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";

// Who changed which money record or setting, or took which moderation action, with the row before and after
// (JSON). A moderation action's row is its record: its id is what its reversals name (docs/decisions/027).
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
  (t) => [
    // The Audit tab lists newest first.
    index("audit_log_created_idx").on(t.createdAt),
    // One record's history: a member's moderation actions, and those on their items
    // (GET /api/admin/moderation/users/{id}).
    index("audit_log_entity_idx").on(t.entity, t.entityId, t.createdAt),
  ],
);
