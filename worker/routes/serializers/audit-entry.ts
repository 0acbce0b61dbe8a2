import type { AuditEntryJson } from "../../../common/schemas/admin-audit";
import type { AuditRow } from "../../db/queries/rows";
import type { listAuditLog } from "../../domain/admin/admin-lists";

const parse = (text: string | null) => (text === null ? null : (JSON.parse(text) as unknown));

/** One audit row; before and after are the JSON the change recorded. */
const auditEntryJson = (a: AuditRow, actorEmail: string | null): AuditEntryJson => ({
  id: a.id,
  actor_email: actorEmail ?? "(deleted user)",
  action: a.action,
  entity: a.entity,
  entity_id: a.entityId,
  before: parse(a.before),
  after: parse(a.after),
  created_at: a.createdAt,
});

export const auditEntriesJson = (rows: Awaited<ReturnType<typeof listAuditLog>>): AuditEntryJson[] =>
  rows.map(({ entry, email }) => auditEntryJson(entry, email));
