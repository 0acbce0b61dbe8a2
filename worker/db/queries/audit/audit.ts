import { newId } from "../../../lib/ids";
import { nowIso } from "../../../lib/time";
import type { Db } from "../../client";
import { auditLog } from "../../schema";

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
