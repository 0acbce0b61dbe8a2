import { env, runInDurableObject } from "cloudflare:test";
import { expect } from "vitest";
import { watchSessionsOf } from "../domain/views/watch-sessions-of";
import type { Browser } from "./http";

/**
 * What a direct call of the watch-session object's `start` takes for a viewer and an item, with the fields these
 * tests do not vary (another creator, browsed, no fingerprint or address, 1,000 bytes of media).
 */
export const objectStart = (viewerId: string, contentId: string, durationMs: number) => ({
  viewerId,
  contentId,
  creatorId: "someone-else",
  durationMs,
  discoveryMethod: "browse",
  deviceFingerprint: "",
  ipHash: "",
  mediaSize: 1000,
});

/** Starts a view through the API; returns its id. */
export async function startView(
  browser: Browser,
  contentId: string,
  discovery = "browse",
  device = { fingerprint: "fp-test", ip: "" },
) {
  const res = await browser.json(
    "/api/playback-events",
    "POST",
    {
      content_id: contentId,
      event_type: "start",
      second_mark: 0,
      discovery_method: discovery,
      device_fingerprint: device.fingerprint,
    },
    device.ip ? { "cf-connecting-ip": device.ip } : {},
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json<{ view_id: string }>()).view_id;
}

export async function sendProgress(
  browser: Browser,
  contentId: string,
  seconds: number,
  viewId?: string,
  type = "progress",
) {
  const res = await browser.json("/api/events/playback", "POST", {
    content_id: contentId,
    view_id: viewId,
    event_type: type,
    second_mark: seconds,
  });
  return { status: res.status, body: await res.json<{ accepted: boolean; qualified: boolean; error?: string }>() };
}

/**
 * Lets `ms` of server time pass for a viewer's open sessions: their stored clocks move back, as if the
 * viewer had been watching that much longer. The object's own storage, changed directly (no mock).
 */
export async function passTime(viewerId: string, ms: number) {
  await runInDurableObject(watchSessionsOf(env, viewerId), (_object, state) => {
    state.storage.sql.exec(
      `update sessions set started_at_ms = started_at_ms - ?1, last_event_at_ms = last_event_at_ms - ?1,
       qualified_at_ms = qualified_at_ms - ?1, history_at_ms = history_at_ms - ?1`,
      ms,
    );
    state.storage.sql.exec("update deliveries set at_ms = at_ms - ?", ms);
    state.storage.sql.exec("update history set watched_at_ms = watched_at_ms - ?", ms);
  });
}

/**
 * Streams the item through the real stream route, as a player does (`Range` optional), reading the body to
 * its end: the route reports the bytes served before the body ends (docs/decisions/029), so the delivery is
 * recorded when this returns. Returns the number of bytes received.
 */
export async function streamMedia(browser: Browser, contentId: string, range?: string) {
  const res = await browser.fetch(`/api/content/${contentId}/stream`, range ? { headers: { range } } : {});
  expect(res.status, `stream ${range ?? "whole"}`).toBe(range ? 206 : 200);
  return (await res.arrayBuffer()).byteLength;
}

/** The byte ranges the viewer's watch-session object holds as served, per item (for tests that look inside). */
export async function deliveredRanges(viewerId: string, contentId: string) {
  return runInDurableObject(watchSessionsOf(env, viewerId), (_object, state) =>
    state.storage.sql
      .exec<{ start: number; end_exclusive: number }>(
        "select start, end_exclusive from deliveries where content_id = ? order by start",
        contentId,
      )
      .toArray()
      .map((r) => [r.start, r.end_exclusive] as const),
  );
}

/** Rows the viewer's watch-session object wrote and read in its own SQLite, and its statements. */
export type SqlRows = { rowsWritten: number; rowsRead: number; statements: number };

/**
 * Runs `work` (API calls, an alarm) and sums what the viewer's watch-session object did in its own SQLite
 * meanwhile: each statement's cursor says how many rows it wrote and read (`rowsWritten`, `rowsRead`), which is
 * what Cloudflare bills the object's storage by (docs/decisions/075-one-write-per-event.md). The object's `exec`
 * is wrapped while `work` runs, then restored. Whatever else reaches the object meanwhile (a stream route's
 * late delivery report) is counted too, so streaming is done before. Throws when no statement was seen: a
 * meter that saw nothing would let any budget pass.
 */
export async function sqlRowsDuring<T>(viewerId: string, work: () => Promise<T>): Promise<SqlRows & { result: T }> {
  const stub = watchSessionsOf(env, viewerId);
  const cursors: { rowsWritten: number; rowsRead: number }[] = [];
  await runInDurableObject(stub, (_object, state) => {
    const sql = state.storage.sql;
    const exec = sql.exec.bind(sql);
    Object.defineProperty(sql, "exec", {
      configurable: true,
      writable: true,
      value: (query: string, ...bindings: unknown[]) => {
        const cursor = exec(query, ...bindings);
        cursors.push(cursor);
        return cursor;
      },
    });
  });
  let result: T;
  try {
    result = await work();
  } finally {
    await runInDurableObject(stub, (_object, state) => {
      delete (state.storage.sql as { exec?: unknown }).exec;
    });
  }
  if (!cursors.length) throw new Error("sqlRowsDuring: the object ran no statement while `work` ran");
  // Read once every cursor is done: a read's counts grow as it is iterated; a write's are whole at once.
  const rows = await runInDurableObject(stub, () =>
    cursors.reduce(
      (sum, c) => ({ rowsWritten: sum.rowsWritten + c.rowsWritten, rowsRead: sum.rowsRead + c.rowsRead }),
      { rowsWritten: 0, rowsRead: 0 },
    ),
  );
  return { ...rows, statements: cursors.length, result };
}

/** Runs the viewer's object alarm now (after passTime), as workerd would once the expiry time came. */
export async function expireNow(viewerId: string) {
  const { runDurableObjectAlarm } = await import("cloudflare:test");
  return runDurableObjectAlarm(watchSessionsOf(env, viewerId));
}

/**
 * An honest viewer: starts the item, streams it (unless `deliver: false`: a client that never fetches the
 * media) and reports a position every tenth of it, after that much time has passed, up to `untilFraction`
 * (the last one, at the end, is the `complete` that ends the view). Returns the view id and whether the
 * server said it qualified.
 */
export async function watchPaced(
  browser: Browser,
  viewerId: string,
  contentId: string,
  durationMs: number,
  opts: { untilFraction?: number; device?: { fingerprint: string; ip: string }; deliver?: boolean } = {},
) {
  const viewId = await startView(browser, contentId, "browse", opts.device);
  if (opts.deliver ?? true) await streamMedia(browser, contentId);
  let qualified = false;
  const step = durationMs / 10;
  for (let i = 1; i <= Math.round((opts.untilFraction ?? 1) * 10); i++) {
    await passTime(viewerId, step);
    const res = await sendProgress(browser, contentId, (i * step) / 1000, viewId, i === 10 ? "complete" : "progress");
    expect(res.status).toBe(200);
    qualified = res.body.qualified;
  }
  return { viewId, qualified };
}

export async function earningsOf(userId: string) {
  const row = await env.DB.prepare(
    "select coalesce(sum(amount_micros), 0) as micros, count(*) as n from earnings where user_id = ?",
  )
    .bind(userId)
    .first<{ micros: number; n: number }>();
  return row!;
}

/** The cron's site-wide earnings job, run now (what settles views nobody's own poll settled). */
export async function runEarningsCron() {
  const [{ runEarningsJob }, { createDb }] = await Promise.all([
    import("../domain/earnings/run-job"),
    import("../db/client"),
  ]);
  return runEarningsJob({ ctx: { db: createDb(env.DB) }, input: { now: new Date().toISOString() } });
}
