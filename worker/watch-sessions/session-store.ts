import type { Session } from "../domain/views/rules";

// The object's own SQLite table: one row per open session of this viewer. Rows leave when the session
// ends (complete, expired, stopped unqualified by a newer start, or pushed out by too many newer ones); D1
// holds the lasting record of the view. An accepted event changes only its session's row, in one statement
// that writes one row: no column it changes is indexed (docs/decisions/075-one-write-per-event.md).

export type StoredSession = Session & {
  id: string;
  contentId: string;
  creatorId: string;
  discoveryMethod: string;
  deviceFingerprint: string;
  ipHash: string;
  /** The item's bytes (content.media_size): what the proof of delivery measures against (docs/decisions/029). */
  mediaSize: number;
  qualifiedAtMs: number | null;
  /** Set when a newer start stopped this session from accruing. */
  endReason: "another_session" | null;
  /**
   * When the viewer's history last learned this session's position (its last accepted event), or null: none
   * yet, or the viewer cleared the item from the history since. The history reads it while the session is open
   * and keeps it when the session leaves (docs/decisions/075-one-write-per-event.md).
   */
  historyAtMs: number | null;
};

type Row = {
  id: string;
  content_id: string;
  creator_id: string;
  duration_ms: number;
  discovery_method: string;
  device_fingerprint: string;
  ip_hash: string;
  started_at_ms: number;
  last_event_at_ms: number;
  position_ms: number;
  accrued_ms: number;
  earning: number;
  qualified_at_ms: number | null;
  end_reason: string | null;
  media_size: number;
  history_at_ms: number | null;
};

const fromRow = (r: Row): StoredSession => ({
  id: r.id,
  contentId: r.content_id,
  creatorId: r.creator_id,
  durationMs: r.duration_ms,
  discoveryMethod: r.discovery_method,
  deviceFingerprint: r.device_fingerprint,
  ipHash: r.ip_hash,
  startedAtMs: r.started_at_ms,
  lastEventAtMs: r.last_event_at_ms,
  positionMs: r.position_ms,
  accruedMs: r.accrued_ms,
  earning: r.earning === 1,
  qualifiedAtMs: r.qualified_at_ms,
  endReason: r.end_reason === "another_session" ? "another_session" : null,
  mediaSize: r.media_size,
  historyAtMs: r.history_at_ms,
});

export class SessionStore {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(`create table if not exists sessions (
      id text primary key, content_id text not null, creator_id text not null, duration_ms integer not null,
      discovery_method text not null, device_fingerprint text not null, ip_hash text not null,
      started_at_ms integer not null, last_event_at_ms integer not null, position_ms integer not null,
      accrued_ms integer not null, earning integer not null, qualified_at_ms integer, end_reason text)`);
    // Objects made before proof of delivery lack the column; their sessions (size 0) prove no delivery.
    const columns = sql.exec<{ name: string }>("select name from pragma_table_info('sessions')").toArray();
    if (!columns.some((c) => c.name === "media_size"))
      sql.exec("alter table sessions add column media_size integer not null default 0");
    // Objects made before decision 075 kept positions in the history at every event; their open sessions
    // (null) add nothing to it until their next accepted event.
    if (!columns.some((c) => c.name === "history_at_ms"))
      sql.exec("alter table sessions add column history_at_ms integer");
    // No index by item: the table holds at most 20 rows and every call reads them all anyway (expiries), while
    // the index cost a row written per start and per end (docs/decisions/075-one-write-per-event.md).
    sql.exec("drop index if exists sessions_content_idx");
    sql.exec("create table if not exists meta (key text primary key, value text not null)");
  }

  /** The viewer this object belongs to, kept for the alarm (which has no caller to ask). */
  get viewerId(): string | null {
    return (
      this.sql.exec<{ value: string }>("select value from meta where key = 'viewer_id'").toArray()[0]?.value ?? null
    );
  }

  set viewerId(id: string) {
    this.sql.exec("insert or replace into meta values ('viewer_id', ?)", id);
  }

  insert(s: StoredSession) {
    this.sql.exec(
      `insert into sessions (id, content_id, creator_id, duration_ms, discovery_method, device_fingerprint, ip_hash,
         started_at_ms, last_event_at_ms, position_ms, accrued_ms, earning, qualified_at_ms, end_reason, media_size,
         history_at_ms)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      s.id,
      s.contentId,
      s.creatorId,
      s.durationMs,
      s.discoveryMethod,
      s.deviceFingerprint,
      s.ipHash,
      s.startedAtMs,
      s.lastEventAtMs,
      s.positionMs,
      s.accruedMs,
      s.earning ? 1 : 0,
      s.qualifiedAtMs,
      s.endReason,
      s.mediaSize,
      s.historyAtMs,
    );
  }

  /** By id, or the latest session of the content when the player sent no id. */
  find(contentId: string, viewId?: string): StoredSession | null {
    const rows = viewId
      ? this.sql.exec<Row>("select * from sessions where id = ? and content_id = ?", viewId, contentId).toArray()
      : this.sql
          .exec<Row>("select * from sessions where content_id = ? order by started_at_ms desc limit 1", contentId)
          .toArray();
    return rows[0] ? fromRow(rows[0]) : null;
  }

  /** What an event moves, in one statement that writes the session's one row (no index covers these columns). */
  save(s: StoredSession) {
    this.sql.exec(
      `update sessions set last_event_at_ms = ?, position_ms = ?, accrued_ms = ?, qualified_at_ms = ?, history_at_ms = ?
       where id = ?`,
      s.lastEventAtMs,
      s.positionMs,
      s.accruedMs,
      s.qualifiedAtMs,
      s.historyAtMs,
      s.id,
    );
  }

  /** The viewer cleared the item (or, without one, the whole history): open sessions add nothing to it. */
  forgetHistory(contentId?: string) {
    if (contentId)
      this.sql.exec(
        "update sessions set history_at_ms = null where content_id = ? and history_at_ms is not null",
        contentId,
      );
    else this.sql.exec("update sessions set history_at_ms = null where history_at_ms is not null");
  }

  /** At most one earning session: every other one stops accruing. */
  stopEarningExcept(id: string) {
    this.sql.exec(
      `update sessions set earning = 0, end_reason = case when qualified_at_ms is null then 'another_session' end
       where id <> ? and earning = 1`,
      id,
    );
  }

  /** The sessions of one item, oldest first. */
  ofContent(contentId: string): StoredSession[] {
    return this.sql
      .exec<Row>("select * from sessions where content_id = ? order by started_at_ms", contentId)
      .toArray()
      .map(fromRow);
  }

  all(): StoredSession[] {
    return this.sql.exec<Row>("select * from sessions order by started_at_ms").toArray().map(fromRow);
  }

  delete(ids: string[]) {
    for (const id of ids) this.sql.exec("delete from sessions where id = ?", id);
  }
}
