import type { Db } from "../../client";

/** A dead-lettered message as kept (`dead_letters`). */
export type DeadLetterRow = { id: string; kind: string; body: string; attempts: number; received_at: string };

/** Keeps a batch of dead letters, one statement; a message kept before stays as it was. */
export async function keepDeadLetters(db: Db, rows: DeadLetterRow[]) {
  if (!rows.length) return;
  const at = (name: string) => `json_extract(value, '$.${name}')`;
  await db.$client
    .prepare(
      `insert into dead_letters (id, kind, body, attempts, received_at)
       select ${["id", "kind", "body", "attempts", "received_at"].map(at).join(", ")} from json_each(?1) where true
       on conflict (id) do nothing`,
    )
    .bind(JSON.stringify(rows))
    .run();
}

/** The oldest dead letters first, at most `limit`, and how many there are in all. */
export async function listDeadLetters(db: Db, limit: number) {
  const d1 = db.$client;
  const [rows, total] = await d1.batch([
    d1.prepare(`select * from dead_letters order by received_at, id limit ?1`).bind(limit),
    d1.prepare(`select count(*) as n from dead_letters`),
  ]);
  return { rows: rows!.results as DeadLetterRow[], total: (total!.results[0] as { n: number }).n };
}

/**
 * Takes one dead letter out to send it again, with its audit row, in one batch: the row comes back only to the one
 * caller that removed it (two admins pressing Re-send at once send it once).
 */
export async function takeDeadLetter(db: Db, id: string, audit: { auditId: string; actorId: string; now: string }) {
  const d1 = db.$client;
  const [, taken] = await d1.batch([
    d1
      .prepare(
        `insert into audit_log (id, actor_id, action, entity, entity_id, before, after, created_at)
         select ?2, ?3, 'delete', 'dead_letter', d.id, json_object('kind', d.kind, 'body', d.body), null, ?4
         from dead_letters d where d.id = ?1`,
      )
      .bind(id, audit.auditId, audit.actorId, audit.now),
    d1.prepare(`delete from dead_letters where id = ?1 returning *`).bind(id),
  ]);
  return (taken!.results[0] as DeadLetterRow | undefined) ?? null;
}

/** Puts a taken dead letter back (its send failed). */
export const restoreDeadLetter = (db: Db, row: DeadLetterRow) => keepDeadLetters(db, [row]);
