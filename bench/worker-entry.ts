// Bench entry Worker: the real Reelpay API (worker/app.ts) with
//  - every D1 call counted per request, reported in the `x-d1-round-trips`, `x-d1-statements` and
//    `x-d1-writes` response headers, and the rows SQLite read for it (D1's `meta.rows_read`) in
//    `x-d1-rows-read`: a measure of work that load does not blur;
//  - `WatchSessions`: the real watch-session Durable Object with its own D1 calls counted per kind of call
//    (start, event that qualified the view, other event, alarm; ended sessions apart), read one viewer at a
//    time with `GET /bench/watch-sessions?viewer=<userId>`;
//  - `POST /bench/baseline/playback-events` and `POST /bench/baseline/events/playback`: the D1-only playback
//    path the objects replaced, signed in like the API, for the side-by-side in `npm run bench:load`;
//  - `POST /bench/baseline/earnings/calculate`: the poll as it was (the site-wide job on every call) and
//    `POST /bench/pollers?n=…` (n members with a session each), for the pollers phase of `npm run bench:load`;
//  - `GET /bench/r2?key=…`: a bare R2 pass-through (no D1, no auth), the baseline for streaming throughput;
//  - `GET /bench/stream-variant?key=…&v=…`: ways of making the counted stream body, for
//    `npm run bench:stream-variants` (bench/worker-entry/stream-variants.ts, decision 082);
//  - `POST /bench/seed?n=…&offset=…`: synthetic users and content (bench/synthetic.ts) in db.batch chunks;
//  - `POST /bench/media?key=…&size=…`: one large R2 object and a content row pointing at it;
//  - `POST /bench/seed-held` (rows of bench/sweep/held-world.ts: users, items, credited views and their held
//    earnings, plus settings), `POST /bench/sweep` (the fraud sweep, `runReviewSweep`, counted; `?whatif=…`
//    runs it with a bench-only rewrite of its SQL), `POST /bench/sweep/reset` (forget every flag) and
//    `GET /bench/sweep/sql` (each rule's statements), for `npm run bench:sweep`;
//  - `POST /bench/farm/rows|views|job|sweep|query` (bench/worker-entry/farm-routes.ts): the farm world's accounts,
//    items cloned from really finalized ones, qualified views as the watch-session object writes them, and the
//    earnings job and the sweep at a simulated time, for `npm run bench:farm`;
//  - `x-d1-rows-written` (D1's `meta.rows_written`) and `x-r2-class-a` / `x-r2-class-b` (operations on `env.MEDIA`
//    by billing class) on every API answer, `POST /bench/cron` (one cron tick, counted) and
//    `POST /bench/meter/exact-raw?on=1|0`: drizzle's raw() reads
//    metered too, for `npm run bench:cost` (bench/cost/);
//  - `GET /bench/ping` (no D1, no R2: the latency noise floor), `GET /bench/stats`, `POST /bench/explain`,
//    `POST /bench/select` (time a query shape by hand),
//    and `x-bench-trace: 1` on an API request (answers with the SQL it ran instead of its body).
// Only ever started by the bench runners (bench/run.ts, bench/load.ts, …), on loopback, against their own
//
// The pieces live in bench/worker-entry/: d1-counting.ts (the counting D1 and `traced`), watch-sessions.ts
// (the counted object), baseline.ts (the D1 playback path), seed-routes.ts and sweep-routes.ts.
import { app } from "../worker/app.ts";
import { ensureBaselineTable, baselineApp } from "./worker-entry/baseline.ts";
import { runScheduledJobs } from "../worker/scheduled.ts";
import { consumeQueueBatch } from "../worker/queue.ts";
import { countedEnv, emptyTrace, setExactRaw, traced, traces } from "./worker-entry/d1-counting.ts";
import { json } from "./worker-entry/json.ts";
import { explain, media, pollers, r2PassThrough, seed, select, stats } from "./worker-entry/seed-routes.ts";
import { farmJob, farmQuery, farmRows, farmSweep, farmViews } from "./worker-entry/farm-routes.ts";
import { resetReviews, seedHeld, sweep, sweepSql } from "./worker-entry/sweep-routes.ts";
import { streamVariant } from "./worker-entry/stream-variants.ts";
import { watchSessionCounters } from "./worker-entry/watch-sessions.ts";

// wrangler.jsonc binds the class name `WatchSessions`: the counted object takes the real one's place.
export { WatchSessions } from "./worker-entry/watch-sessions.ts";

async function bench(request: Request, env: Env, url: URL): Promise<Response> {
  const route = `${request.method} ${url.pathname}`;
  if (route === "GET /bench/r2") return r2PassThrough(request, env, url);
  if (route === "GET /bench/ping") return json({ ok: true });
  if (route === "POST /bench/cron") {
    // One tick of the every-minute cron (worker/scheduled.ts) with D1 and R2 counted, for bench:cost.
    const trace = emptyTrace(false);
    await traces.run(trace, () => runScheduledJobs(countedEnv(env)));
    const { statements: _, ...counts } = trace;
    return json(counts);
  }
  if (route === "GET /bench/queues") return json(queueTotals);
  if (route === "POST /bench/meter/exact-raw") {
    setExactRaw(url.searchParams.get("on") !== "0");
    return json({ ok: true });
  }
  if (route === "POST /bench/pollers") return pollers(env, url);
  if (route === "POST /bench/seed") return seed(env, url);
  if (route === "POST /bench/media") return media(env, url);
  if (route === "GET /bench/stats") return stats(env);
  if (route === "POST /bench/explain") return explain(env, request);
  if (route === "POST /bench/select") return select(env, request);
  if (route === "GET /bench/watch-sessions") return watchSessionCounters(env, url);
  if (route === "POST /bench/seed-held") return seedHeld(env, request);
  if (route === "POST /bench/sweep") return sweep(env, url);
  if (route === "POST /bench/sweep/reset") return resetReviews(env);
  if (route === "GET /bench/sweep/sql") return sweepSql();
  if (route === "POST /bench/farm/rows") return farmRows(env, request);
  if (route === "POST /bench/farm/views") return farmViews(env, request);
  if (route === "POST /bench/farm/job") return farmJob(env, url);
  if (route === "POST /bench/farm/sweep") return farmSweep(env, url);
  if (route === "POST /bench/farm/query") return farmQuery(env, request);
  return json({ error: `no bench route ${route}` }, 404);
}

/** What the queue consumers did so far, per queue (docs/decisions/079): for bench:cost's per-visit rows. */
const queueTotals: Record<
  string,
  { batches: number; messages: number; items: number; rowsRead: number; rowsWritten: number }
> = {};

/** What one message carries: a gathered traffic message many visits and beacons (docs/decisions/087), others one. */
function itemsOf(body: unknown): number {
  const b = body as { kind?: string; visits?: unknown[]; beacons?: unknown[] } | null;
  return b?.kind === "traffic" ? (b.visits?.length ?? 0) + (b.beacons?.length ?? 0) : 1;
}

/** The baseline routes write (views, bench_playback_events): on loopback only, whatever else serves this entry. */
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname.startsWith("/bench/baseline/")) {
      if (!LOOPBACK.has(url.hostname)) return json({ error: "bench routes answer on loopback only" }, 403);
      await ensureBaselineTable(env.DB);
      return traced(baselineApp, request, env, ctx);
    }
    if (url.pathname === "/bench/stream-variant") return streamVariant(env, url, ctx);
    if (url.pathname.startsWith("/bench/")) return bench(request, env, url);
    return traced(app, request, env, ctx);
  },
  // The real consumers with D1 counted: the tracker's and the beacons' writes happen here, a batch later.
  async queue(batch, env) {
    const trace = emptyTrace(false);
    await traces.run(trace, () => consumeQueueBatch(batch, countedEnv(env)));
    const t = (queueTotals[batch.queue] ??= { batches: 0, messages: 0, items: 0, rowsRead: 0, rowsWritten: 0 });
    t.batches += 1;
    t.messages += batch.messages.length;
    t.items += batch.messages.reduce((n, m) => n + itemsOf(m.body), 0);
    t.rowsRead += trace.rowsRead;
    t.rowsWritten += trace.rowsWritten;
  },
} satisfies ExportedHandler<Env>;
