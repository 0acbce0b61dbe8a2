import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/time";
import type { Db } from "../client";
import { auditLog } from "../schema";

export type AuditEntry = {
  actorId: string;
  action: "create" | "update" | "delete";
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
};

/**
 * The audit row for an admin change, as a statement to put in the same batch as the change itself: if the
 * change is written, so is its record (fails closed).
 */
export function auditStatement(db: Db, e: AuditEntry) {
  return db.insert(auditLog).values({
    id: newId(),
    actorId: e.actorId,
    action: e.action,
    entity: e.entity,
    entityId: e.entityId,
    before: e.before === undefined ? null : JSON.stringify(e.before),
    after: e.after === undefined ? null : JSON.stringify(e.after),
    createdAt: nowIso(),
  });
}

/**
 * The same audit row as a statement that is written only if `condition` holds once the change before it in
 * the batch has run, for a change that its own statement may refuse (a guarded write): the log never records
 * a change that did not happen. The condition's placeholders start at ?9.
 */
export function auditStatementWhen(d1: D1Database, e: AuditEntry, condition: string, ...params: unknown[]) {
  return d1
    .prepare(
      `insert into audit_log (id, actor_id, action, entity, entity_id, before, after, created_at)
       select ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 where ${condition}`,
    )
    .bind(
      newId(), e.actorId, e.action, e.entity, e.entityId,
      e.before === undefined ? null : JSON.stringify(e.before),
      e.after === undefined ? null : JSON.stringify(e.after),
      nowIso(),
      ...params,
    );
}
