// An admin's change to a money record is one D1 batch (no interactive transactions): its audit row, the
// conditional write itself, and the record read back. The statements share one numbered parameter list,
// so the condition of the write and of its audit row is one SQL text.

/** A statement of such a batch: D1 wants exactly as many values as the highest ?N the text names. */
export function prepareShared(d1: D1Database, text: string, params: readonly unknown[]) {
  const highest = Math.max(0, ...Array.from(text.matchAll(/\?(\d+)/g), (m) => Number(m[1])));
  return d1.prepare(text).bind(...params.slice(0, highest));
}

export type RowAudit = {
  action: "create" | "update" | "delete";
  entity: "earning" | "bonus" | "payment" | "payout_request" | "challenge";
  /** The table and the alias that `where`, `before` and `after` name its columns by. */
  table: string;
  alias: string;
  where: string;
  /** JSON of the record (SQL), or null. */
  before: string | null;
  after: string | null;
  /** Placeholders of the audit row's id, the admin and the time. */
  id: string;
  actor: string;
  now: string;
};

/**
 * The audit row of a change, selected from the very row the change is about under the change's own
 * condition. Placed before an update or delete (after an insert) in the same batch, it is written exactly
 * when the change is, and records the row as it was then, not as some earlier read saw it.
 */
export const rowAuditSql = (a: RowAudit) =>
  `insert into audit_log (id, actor_id, action, entity, entity_id, before, after, created_at)
   select ${a.id}, ${a.actor}, '${a.action}', '${a.entity}', ${a.alias}.id, ${a.before ?? "null"}, ${a.after ?? "null"}, ${a.now}
   from ${a.table} ${a.alias} where ${a.where}`;
