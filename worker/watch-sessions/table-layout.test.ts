import { env, evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { watchSessionsOf } from "../domain/views/watch-sessions-of";
import { newId } from "../lib/ids";
import type { WatchSessions } from "./watch-sessions";

// Objects made before docs/decisions/084-rows-of-the-watch-session-object.md hold rowid tables with indexes, and
// the viewer's id in `meta`. Their first instance after it rebuilds each table WITHOUT ROWID, copying every row:
// no open session (and so no view), no served range and no history entry is lost.

/** The tables as the object made them before decision 084; `withColumns` false: before proof of delivery and 075. */
const olderSchema = (withColumns: boolean) => [
  `create table sessions (
    id text primary key, content_id text not null, creator_id text not null, duration_ms integer not null,
    discovery_method text not null, device_fingerprint text not null, ip_hash text not null,
    started_at_ms integer not null, last_event_at_ms integer not null, position_ms integer not null,
    accrued_ms integer not null, earning integer not null, qualified_at_ms integer, end_reason text
    ${withColumns ? ", media_size integer not null default 0, history_at_ms integer" : ""})`,
  "create table meta (key text primary key, value text not null)",
  `create table deliveries (
    content_id text not null, start integer not null, end_exclusive integer not null, at_ms integer not null)`,
  "create index deliveries_content_idx on deliveries (content_id, start)",
  "create index deliveries_at_idx on deliveries (at_ms)",
  `create table history (
    content_id text primary key, position_ms integer not null, duration_ms integer not null, watched_at_ms integer not null)`,
  "create index history_watched_idx on history (watched_at_ms, content_id)",
];

const everything = (sql: SqlStorage) => ({
  sessions: sql
    .exec("select id, content_id, position_ms, accrued_ms, earning, qualified_at_ms from sessions order by id")
    .toArray(),
  deliveries: sql.exec("select * from deliveries order by content_id, start").toArray(),
  history: sql.exec("select * from history order by content_id").toArray(),
});

describe("an object made before the WITHOUT ROWID tables", () => {
  for (const withColumns of [true, false])
    it(`is rebuilt by its next instance with every row kept (${withColumns ? "075's" : "the oldest"} sessions)`, async () => {
      const viewerId = newId();
      const [item, other] = [newId(), newId()];
      const now = Date.now();
      const stub = watchSessionsOf(env, viewerId);
      const before = await runInDurableObject(stub, (_object, state) => {
        const sql = state.storage.sql;
        for (const table of ["sessions", "deliveries", "history"]) sql.exec(`drop table ${table}`);
        for (const statement of olderSchema(withColumns)) sql.exec(statement);
        sql.exec("insert into meta values ('viewer_id', ?)", viewerId);
        sql.exec(
          `insert into sessions (id, content_id, creator_id, duration_ms, discovery_method, device_fingerprint, ip_hash,
             started_at_ms, last_event_at_ms, position_ms, accrued_ms, earning, qualified_at_ms, end_reason)
           values (?, ?, 'creator', 100000, 'browse', '', '', ?, ?, 30000, 30000, 1, null, null)`,
          newId(),
          item,
          now - 30_000,
          now - 1_000,
        );
        sql.exec("insert into deliveries values (?, 0, 400, ?), (?, 400, 1000, ?)", item, now, item, now);
        sql.exec("insert into history values (?, 5000, 100000, ?)", other, now - 60_000);
        return everything(sql);
      });
      await evictDurableObject(stub);

      const after = await runInDurableObject(stub, (_object, state) => {
        const sql = state.storage.sql;
        const tables = sql
          .exec<{ name: string; sql: string }>("select name, sql from sqlite_master where type in ('table', 'index')")
          .toArray()
          .filter((t) => !t.name.startsWith("_cf_") && !t.name.startsWith("sqlite_"));
        expect(tables.map((t) => t.name).sort(), "no meta, no index").toEqual(["deliveries", "history", "sessions"]);
        for (const t of tables) expect(t.sql, t.name).toMatch(/without rowid$/i);
        const viewers = sql.exec<{ viewer_id: string }>("select viewer_id from sessions").toArray();
        expect(viewers, "each session carries the viewer's id").toEqual([{ viewer_id: viewerId }]);
        const media = sql.exec<{ media_size: number }>("select media_size from sessions").toArray();
        expect(media).toEqual([{ media_size: 0 }]);
        return { stored: everything(sql) };
      });
      expect(after.stored, "every row kept").toEqual(before);

      // The rebuilt session goes on: its next event is accepted, and the history lists both items.
      const outcome = await runInDurableObject(stub, (object: WatchSessions) =>
        object.event({ viewerId, contentId: item, secondMark: 31 }),
      );
      expect(outcome).toMatchObject({ found: true, accepted: true });
      const page = await runInDurableObject(stub, (object: WatchSessions) =>
        object.historyPage({ after: null, limit: 10, unfinishedOnly: false }),
      );
      expect(page.map((p) => p.contentId).sort()).toEqual([item, other].sort());
    });
});
