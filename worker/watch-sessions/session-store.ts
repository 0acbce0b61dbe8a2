import type { Session } from "../domain/views/rules";
import { withoutRowidTable } from "./table-layout";

// The object's own SQLite table: one row per open session of this viewer. Rows leave when the session
// ends (complete, expired, stopped unqualified by a newer start, or pushed out by too many newer ones); D1
// holds the lasting record of the view. An accepted event changes only its session's row, in one statement
// that writes one row: no column it changes is indexed (docs/decisions/075-one-write-per-event.md); a start's
// insert and a leaving session's delete write one row each (docs/decisions/084-rows-of-the-watch-session-object.md).

export type StoredSession = Session & {
  id: string;
  /** The viewer whose object this is: the alarm, which has no caller, writes ended views under it. */
  viewerId: string;
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
  /**
   * Where the player was at the last event the history learned, when the player said (docs/decisions/097): behind
   * `positionMs` after a rewind. What resuming reads; null reads as `positionMs`. The money rules never read it.
   */
  playheadMs: number | null;
};

type Row = {
  id: string;
  viewer_id: string;
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
  playhead_ms: number | null;
};

const fromRow = (r: Row): StoredSession => ({
  id: r.id,
  viewerId: r.viewer_id,
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
  playheadMs: r.playhead_ms,
});

/** The columns, in the order `insert` binds them. */
const COLUMNS = `id text primary key, viewer_id text not null, content_id text not null, creator_id text not null,
  duration_ms integer not null, discovery_method text not null, device_fingerprint text not null, ip_hash text not null,
  started_at_ms integer not null, last_event_at_ms integer not null, position_ms integer not null,
  accrued_ms integer not null, earning integer not null, qualified_at_ms integer, end_reason text,
  media_size integer not null, history_at_ms integer, playhead_ms integer`;

/**
 * An older object's rows, for the rebuild (table-layout.ts). Its viewer's id was a row of its own (`meta`), written
 * by the object's first call; each session now carries it, so no call writes it apart (decision 084). Objects made
 * before proof of delivery lack `media_size` (their sessions, size 0, prove no delivery), and those made before
 * decision 075 `history_at_ms` (null: nothing to add to the history until an accepted event).
 */
function copyOlderSessions(sql: SqlStorage, rebuilt: string) {
  const has = new Set(
    sql
      .exec<{ name: string }>("select name from pragma_table_info('sessions')")
      .toArray()
      .map((c) => c.name),
  );
  return `insert into ${rebuilt} select s.id, meta.value, s.content_id, s.creator_id, s.duration_ms, s.discovery_method,
      s.device_fingerprint, s.ip_hash, s.started_at_ms, s.last_event_at_ms, s.position_ms, s.accrued_ms, s.earning,
      s.qualified_at_ms, s.end_reason, ${has.has("media_size") ? "s.media_size" : "0"},
      ${has.has("history_at_ms") ? "s.history_at_ms" : "null"}, null
    from sessions s join meta on meta.key = 'viewer_id'`;
}

export class SessionStore {
  constructor(private readonly sql: SqlStorage) {
    // Keyed by the session's id and stored once (decision 084). No index by item: the table holds at most 20 rows
    // and every call reads them all anyway for expiries (docs/decisions/075-one-write-per-event.md). An older
    // object's `meta` held only the viewer's id, which its sessions took over in the rebuild (an older object
    // always wrote it in the same call as its first session).
    withoutRowidTable(sql, "sessions", COLUMNS, (rebuilt) => copyOlderSessions(sql, rebuilt));
    sql.exec("drop table if exists meta");
    // Objects made before decision 097 lack the playhead: added in place (their sessions resume at the position).
    const columns = sql.exec<{ name: string }>("select name from pragma_table_info('sessions')").toArray();
    if (!columns.some((c) => c.name === "playhead_ms")) sql.exec("alter table sessions add column playhead_ms integer");
  }

  insert(s: StoredSession) {
    this.sql.exec(
      `insert into sessions (id, viewer_id, content_id, creator_id, duration_ms, discovery_method, device_fingerprint,
         ip_hash, started_at_ms, last_event_at_ms, position_ms, accrued_ms, earning, qualified_at_ms, end_reason,
         media_size, history_at_ms, playhead_ms)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      s.id,
      s.viewerId,
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
      s.playheadMs,
    );
  }

  /** By id, or the latest session of the content when the player sent no id. */
  find(contentId: string, viewId?: string): StoredSession | null {
    const rows = viewId
      ? this.sql.exec<Row>("select * from sessions where id = ? and content_id = ?", viewId, contentId).toArray()
      : this.sql
          .exec<Row>(
            "select * from sessions where content_id = ? order by started_at_ms desc, id desc limit 1",
            contentId,
          )
          .toArray();
    return rows[0] ? fromRow(rows[0]) : null;
  }

  /** What an event moves, in one statement that writes the session's one row (no index covers these columns). */
  save(s: StoredSession) {
    this.sql.exec(
      `update sessions set last_event_at_ms = ?, position_ms = ?, accrued_ms = ?, qualified_at_ms = ?, history_at_ms = ?,
         playhead_ms = ? where id = ?`,
      s.lastEventAtMs,
      s.positionMs,
      s.accruedMs,
      s.qualifiedAtMs,
      s.historyAtMs,
      s.playheadMs,
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
      .exec<Row>("select * from sessions where content_id = ? order by started_at_ms, id", contentId)
      .toArray()
      .map(fromRow);
  }

  all(): StoredSession[] {
    return this.sql.exec<Row>("select * from sessions order by started_at_ms, id").toArray().map(fromRow);
  }

  delete(ids: string[]) {
    for (const id of ids) this.sql.exec("delete from sessions where id = ?", id);
  }
}
