import { HISTORY_MAX_ITEMS, type LastPosition } from "../domain/views/resume";
import { withoutRowidTable } from "./table-layout";

// The viewer's watch history (docs/decisions/045): the last accepted position per item, in the
// viewer's own object, so a progress event still makes no D1 statement. A fact for the viewer's convenience
// only: views, credits and every other money fact live in D1 and are never read or changed from here.
//
// Two places hold it (docs/decisions/075-one-write-per-event.md): the `history` table keeps the items of
// sessions that have left the object, and an open session's own row carries its last accepted position
// (`sessions.history_at_ms`, SessionStore's), which an event writes anyway. Reads take, per item, the newer of
// the two, so an accepted event writes no history row; a session's position joins the table when it leaves.

type Row = { content_id: string; position_ms: number; duration_ms: number; watched_at_ms: number };
const fromRow = (r: Row): LastPosition => ({
  contentId: r.content_id,
  positionMs: r.position_ms,
  durationMs: r.duration_ms,
  watchedAtMs: r.watched_at_ms,
});

/** A page of the history, newest first, after the keyset (watchedAtMs, contentId) of the previous page's last row. */
export type HistoryPageInput = {
  after: { watchedAtMs: number; contentId: string } | null;
  limit: number;
  unfinishedOnly: boolean;
};

/** Per item, the newest of its kept row and its open sessions' positions. */
const ENTRIES = `select content_id, position_ms, duration_ms, watched_at_ms from history
  union all
  select content_id, coalesce(playhead_ms, position_ms), duration_ms, history_at_ms from sessions where history_at_ms is not null`;
const LATEST = `latest as (
  select content_id, position_ms, duration_ms, max(watched_at_ms) as watched_at_ms from (${ENTRIES}) group by content_id)`;

export class HistoryStore {
  constructor(private readonly sql: SqlStorage) {
    // Keyed by the item and stored once, with no time index (decision 084): keeping a position writes 1 row where
    // it wrote 3. A page groups every kept row with the open sessions' anyway (at most 500 rows read), and the cap
    // sorts them only when a new item joins.
    withoutRowidTable(
      sql,
      "history",
      "content_id text primary key, position_ms integer not null, duration_ms integer not null, watched_at_ms integer not null",
      (rebuilt) => `insert into ${rebuilt} select content_id, position_ms, duration_ms, watched_at_ms from history`,
    );
  }
  /**
   * Keeps a position (a session leaving the object), unless the item's kept one is newer. A new item beyond the
   * cap pushes the oldest out. Open sessions (at most 20) may list a few items more until they leave.
   */
  record(p: LastPosition) {
    const before = this.sql.exec("select 1 from history where content_id = ?", p.contentId).toArray().length;
    this.sql.exec(
      `insert into history values (?, ?, ?, ?)
       on conflict (content_id) do update set position_ms = excluded.position_ms, duration_ms = excluded.duration_ms,
         watched_at_ms = excluded.watched_at_ms
       where excluded.watched_at_ms >= history.watched_at_ms`,
      p.contentId,
      p.positionMs,
      p.durationMs,
      p.watchedAtMs,
    );
    if (!before) {
      this.sql.exec(
        "delete from history where content_id not in (select content_id from history order by watched_at_ms desc, content_id desc limit ?)",
        HISTORY_MAX_ITEMS,
      );
    }
  }
  get(contentId: string): LastPosition | null {
    const row = this.sql
      .exec<Row>(`select * from (${ENTRIES}) where content_id = ?1 order by watched_at_ms desc limit 1`, contentId)
      .toArray()[0];
    return row ? fromRow(row) : null;
  }
  /** `limit + 1` rows, so the caller knows whether another page follows. */
  page(
    { after, limit, unfinishedOnly }: HistoryPageInput,
    unfinished: { minMs: number; finishedFraction: number },
  ): LastPosition[] {
    const filters: string[] = [];
    const args: (string | number)[] = [];
    if (after) {
      filters.push("(watched_at_ms < ? or (watched_at_ms = ? and content_id < ?))");
      args.push(after.watchedAtMs, after.watchedAtMs, after.contentId);
    }
    if (unfinishedOnly) {
      filters.push("position_ms >= ? and position_ms < ? * duration_ms");
      args.push(unfinished.minMs, unfinished.finishedFraction);
    }
    const where = filters.length ? `where ${filters.join(" and ")}` : "";
    return this.sql
      .exec<Row>(
        `with ${LATEST} select * from latest ${where} order by watched_at_ms desc, content_id desc limit ?`,
        ...args,
        limit + 1,
      )
      .toArray()
      .map(fromRow);
  }
  /** Forgets the kept row; the caller forgets the open sessions' positions too (SessionStore.forgetHistory). */
  remove(contentId: string) {
    this.sql.exec("delete from history where content_id = ?", contentId);
  }
  clear() {
    this.sql.exec("delete from history");
  }
}
