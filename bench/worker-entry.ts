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
//  - `POST /bench/seed?n=…&offset=…`: synthetic users and content (bench/synthetic.ts) in db.batch chunks;
//  - `POST /bench/media?key=…&size=…`: one large R2 object and a content row pointing at it;
//  - `POST /bench/seed-held` (rows of bench/sweep/held-world.ts: users, items, credited views and their held
//    earnings, plus settings), `POST /bench/sweep` (the fraud sweep, `runReviewSweep`, counted; `?whatif=…`
//    runs it with a bench-only rewrite of its SQL), `POST /bench/sweep/reset` (forget every flag) and
//    `GET /bench/sweep/sql` (each rule's statements), for `npm run bench:sweep`;
//  - `GET /bench/ping` (no D1, no R2: the latency noise floor), `GET /bench/stats`, `POST /bench/explain`,
//    `POST /bench/select` (time a query shape by hand),
//    and `x-bench-trace: 1` on an API request (answers with the SQL it ran instead of its body).
// Only ever started by the bench runners (bench/run.ts, bench/load.ts, …), on loopback, against their own
// persistence folders.
import { AsyncLocalStorage } from "node:async_hooks";
import { and, desc, eq, sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { Hono } from "hono";
import { z } from "zod";
import { app } from "../worker/app.ts";
import type { AppEnv, SignedInEnv } from "../worker/app-env.ts";
import { createDb } from "../worker/db/client.ts";
import { findContent } from "../worker/db/queries/content.ts";
import { DISCOVERY_METHODS } from "../common/playback.ts";
import { content, views } from "../worker/db/schema/index.ts";
import { refreshChallenges } from "../worker/domain/challenges/refresh.ts";
import { candidatesSql, coverSql, type EarningRuleName } from "../worker/db/queries/review-rules.ts";
import { runEarningsJob } from "../worker/domain/earnings/run-job.ts";
import { runReviewSweep } from "../worker/domain/reviews/sweep.ts";
import { END_TOLERANCE_MS, QUALIFY_FRACTION, utcDay } from "../worker/domain/views/rules.ts";
import { addressGroupHash } from "../worker/lib/address-group.ts";
import { sha256Hex } from "../worker/lib/crypto.ts";
import { notFound } from "../worker/lib/errors.ts";
import { newId } from "../worker/lib/ids.ts";
import { nowIso } from "../worker/lib/time.ts";
import { validate } from "../worker/lib/validate.ts";
import { requireUser } from "../worker/middleware/access.ts";
import { requestContext } from "../worker/middleware/context.ts";
import { handleError } from "../worker/middleware/error-handler.ts";
import { sameOriginOnly, securityHeaders } from "../worker/middleware/security.ts";
import {
  WatchSessions as Base,
  type EventInput,
  type EventOutcome,
  type StartInput,
} from "../worker/watch-sessions/watch-sessions.ts";
import { QUERY_WORDS, seedStatements, syntheticUser, ulidLike } from "./synthetic.ts";
import type { Tally, WatchSessionCounters } from "./load/object-counters.ts";
import type { Block } from "./sweep/held-world.ts";

type Trace = {
  roundTrips: number;
  /** Statements those round trips carried (a batch of 4 is one round trip, 4 statements). */
  statementCount: number;
  /** Of those, the ones that write (insert, update, delete, replace). */
  writeCount: number;
  /** Rows SQLite read, from D1's result meta (`rows_read`); raw() and first() return no meta. */
  rowsRead: number;
  rowsReadComplete: boolean;
  statements: { sql: string; params: unknown[] }[] | null;
  /** When kept (the sweep route): every statement's result as it came back, with its rows read. */
  log?: { sql: string; rowsRead: number | null }[];
};

type Stmt = { sql: string; params: unknown[] };

/** Where a counting D1 reports: once per round trip (one batch is one), with the statements it carries. */
type D1Listener = {
  roundTrip(statements: Stmt[], batch: boolean): void;
  result<T>(result: Promise<T>, method: PropertyKey): Promise<T>;
};

const traces = new AsyncLocalStorage<Trace>();
const WRITE = /^\s*(insert|update|delete|replace)\b/i;
const ROUND_TRIP_METHODS = new Set<PropertyKey>(["first", "all", "run", "raw"]);
/** Statements in a batch reach D1 unwrapped: the binding expects its own objects. */
const unwrapped = new WeakMap<object, D1PreparedStatement>();
/** The SQL and parameters behind each counting statement, for the batch it may end up in. */
const statementOf = new WeakMap<object, Stmt>();

type WithMeta = { meta?: { rows_read?: number } } | null | undefined;

/** Adds the rows read that D1 reports; the trace is captured when the call is made. */
function countRows<T>(result: Promise<T>, method: PropertyKey): Promise<T> {
  const trace = traces.getStore();
  if (!trace) return result;
  if (method !== "all" && method !== "run" && method !== "batch") {
    trace.rowsReadComplete = false;
    return result;
  }
  return result.then((r) => {
    for (const one of (Array.isArray(r) ? r : [r]) as WithMeta[]) {
      if (typeof one?.meta?.rows_read === "number") trace.rowsRead += one.meta.rows_read;
      else trace.rowsReadComplete = false;
    }
    return r;
  });
}

/** The per-statement log of the sweep route: each statement with the rows it read. */
function logged<T>(result: Promise<T>, statements: Stmt[]): Promise<T> {
  const trace = traces.getStore();
  if (!trace?.log) return result;
  const log = trace.log;
  return result.then((r) => {
    const all = (Array.isArray(r) ? r : [r]) as WithMeta[];
    all.forEach((one, i) => log.push({ sql: statements[i]?.sql ?? "?", rowsRead: one?.meta?.rows_read ?? null }));
    return r;
  });
}

/** The Worker's listener: counts into the trace of the request that made the call. */
const perRequest: D1Listener = {
  roundTrip(statements, batch) {
    const trace = traces.getStore();
    if (!trace) return;
    trace.roundTrips++;
    trace.statementCount += statements.length;
    trace.writeCount += statements.filter((s) => WRITE.test(s.sql)).length;
    if (batch) trace.statements?.push({ sql: `batch(${statements.length})`, params: [] });
    else trace.statements?.push(...statements);
  },
  result: countRows,
};

function countingStatement(stmt: D1PreparedStatement, sql: string, params: unknown[], listener: D1Listener): D1PreparedStatement {
  const proxy = new Proxy(stmt, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      if (prop === "bind") {
        return (...values: unknown[]) => countingStatement(target.bind(...values), sql, values, listener);
      }
      if (ROUND_TRIP_METHODS.has(prop)) {
        return (...args: unknown[]) => {
          listener.roundTrip([{ sql, params }], false);
          return logged(listener.result((value as (...a: unknown[]) => Promise<unknown>).apply(target, args), prop), [{ sql, params }]);
        };
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
  unwrapped.set(proxy, stmt);
  statementOf.set(proxy, { sql, params });
  return proxy;
}

/** D1 with every call that reaches the database reported to `listener`; one batch is one round trip. */
function countingD1(db: D1Database, listener: D1Listener): D1Database {
  return new Proxy(db, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      if (prop === "prepare") return (sql: string) => countingStatement(target.prepare(sql), sql, [], listener);
      if (prop === "batch") {
        return (stmts: D1PreparedStatement[]) => {
          const statements = stmts.map((s) => statementOf.get(s) ?? { sql: "(uncounted statement)", params: [] });
          listener.roundTrip(statements, true);
          return logged(listener.result(target.batch(stmts.map((s) => unwrapped.get(s) ?? s)), "batch"), statements);
        };
      }
      if (prop === "exec") {
        return (query: string) => {
          listener.roundTrip([{ sql: query, params: [] }], false);
          return listener.result(target.exec(query), "exec");
        };
      }
      // A request's session (read replicas, worker/db/read-session.ts) is counted like the binding itself.
      if (prop === "withSession") {
        return (start?: string) => countingD1(target.withSession(start) as unknown as D1Database, listener);
      }
      // Anything newer: not used by the app; passed through uncounted.
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}

const countedEnvs = new WeakMap<Env, Env>();
/** One wrapped env per real env, so the app's per-env caches (settings) behave as in production. */
function countedEnv(env: Env): Env {
  let wrapped = countedEnvs.get(env);
  if (!wrapped) {
    wrapped = { ...env, DB: countingD1(env.DB, perRequest) };
    countedEnvs.set(env, wrapped);
  }
  return wrapped;
}

function withHeader(res: Response, name: string, value: string): Response {
  try {
    res.headers.set(name, value);
    return res;
  } catch {
    // Immutable headers (a response passed through from elsewhere): copy without buffering the body.
    const copy = new Response(res.body, res);
    copy.headers.set(name, value);
    return copy;
  }
}

// ---- the watch-session objects, counted ----

const tally = (): Tally => ({ calls: 0, statements: 0, roundTrips: 0 });

type ObjectRecord = { counters: WatchSessionCounters; qualified: Set<string> };

/**
 * Per object id, at module level: in local workerd the objects share the Worker's isolate, so the counts
 * outlive an eviction of the object itself (which `instances` would show) and cost the object no storage write.
 */
const objectRecords = new Map<string, ObjectRecord>();
function objectRecord(id: string): ObjectRecord {
  let record = objectRecords.get(id);
  if (!record) {
    const counters: WatchSessionCounters = {
      instances: 0,
      starts: tally(),
      events: { ...tally(), refused: 0, notFound: 0 },
      qualifying: tally(),
      alarms: tally(),
      ended: { views: 0, roundTrips: 0 },
      unattributed: { statements: 0, roundTrips: 0 },
      errors: 0,
    };
    objectRecords.set(id, (record = { counters, qualified: new Set() }));
  }
  return record;
}

/** The D1 work of the object call in progress (calls run one at a time in the object, but this does not rely on it). */
const objectCalls = new AsyncLocalStorage<{ statements: number; roundTrips: number }>();
/** A batch made only of `views` inserts is the object writing sessions that ended (a qualified view's batch also refreshes challenges). */
const VIEW_INSERT = /^\s*insert\s+into\s+"?views"?[\s(]/i;

function objectListener(counters: WatchSessionCounters): D1Listener {
  return {
    roundTrip(statements) {
      if (statements.length && statements.every((s) => VIEW_INSERT.test(s.sql))) {
        counters.ended.roundTrips++;
        counters.ended.views += statements.length;
        return;
      }
      const call = objectCalls.getStore() ?? counters.unattributed;
      call.roundTrips++;
      call.statements += statements.length;
    },
    result: (r) => r,
  };
}

/**
 * The real watch-session object (worker/watch-sessions/watch-sessions.ts) with its D1 binding counted:
 * every call is classified (start, event that qualified the view, any other event, alarm) and the D1
 * statements and round trips it made are added to that class; writes of ended sessions are counted apart.
 * wrangler.jsonc binds the class name `WatchSessions`, so this export takes the real one's place.
 */
export class WatchSessions extends Base {
  private readonly record: ObjectRecord;

  constructor(ctx: DurableObjectState, env: Env) {
    const record = objectRecord(ctx.id.toString());
    record.counters.instances++;
    super(ctx, { ...env, DB: countingD1(env.DB, objectListener(record.counters)) });
    this.record = record;
  }

  private async counted<T>(into: (result: T) => Tally, work: () => Promise<T>): Promise<T> {
    const call = { statements: 0, roundTrips: 0 };
    let result: T;
    try {
      result = await objectCalls.run(call, work);
    } catch (err) {
      this.record.counters.errors++;
      throw err;
    }
    const t = into(result);
    t.calls++;
    t.statements += call.statements;
    t.roundTrips += call.roundTrips;
    return result;
  }

  override start(input: StartInput): Promise<{ view_id: string }> {
    return this.counted(() => this.record.counters.starts, () => super.start(input));
  }

  override event(input: EventInput): Promise<EventOutcome> {
    const { counters, qualified } = this.record;
    return this.counted((outcome) => {
      if (!outcome.found) counters.events.notFound++;
      else if (!outcome.accepted) counters.events.refused++;
      if (outcome.found && outcome.qualified && !qualified.has(outcome.view_id)) {
        qualified.add(outcome.view_id);
        return counters.qualifying;
      }
      return counters.events;
    }, () => super.event(input));
  }

  override alarm(): Promise<void> {
    return this.counted(() => this.record.counters.alarms, () => super.alarm());
  }

  /** RPC for the bench route: this object's counts so far. */
  benchCounters(): WatchSessionCounters {
    return this.record.counters;
  }
}

// ---- the D1 path the objects replaced (git show 22510e7:worker/routes/playback.ts), for comparison ----
//
// Start: the content lookup, then an open `views` row and its start event in one batch. Each event: the
// view joined with its content, the old time rule (80 % of the duration reached, and 40 % of it minus 2 s
// of server time since the start), then one batch: the event row, the view's high-water mark, and on
// qualifying the status (plus the challenge refresh, as before). Events go to `bench_playback_events`
// (`playback_events` was dropped by migration 0007), created on first use. Signed in by the same session
// cookie lookup as the API; only ever served by the bench Worker on loopback.

const benchPlaybackEvents = sqliteTable("bench_playback_events", {
  id: text("id").primaryKey(),
  viewId: text("view_id").notNull(),
  eventType: text("event_type", { enum: ["start", "progress", "complete"] }).notNull(),
  secondMark: integer("second_mark_ms").notNull(),
  receivedAt: text("received_at").notNull(),
  accepted: integer("accepted", { mode: "boolean" }).notNull(),
});

const BASELINE_DDL = [
  `create table if not exists bench_playback_events (id text primary key not null, view_id text not null
     references views (id) on delete cascade, event_type text not null, second_mark_ms integer not null,
     received_at text not null, accepted integer not null)`,
  "create index if not exists bench_playback_events_view_idx on bench_playback_events (view_id, received_at)",
];
let baselineTable: Promise<unknown> | null = null;
function ensureBaselineTable(db: D1Database) {
  baselineTable ??= db.batch(BASELINE_DDL.map((q) => db.prepare(q))).catch((err: unknown) => {
    baselineTable = null;
    throw err;
  });
  return baselineTable;
}

/** The replaced time rule (22510e7:worker/domain/views/rules.ts `judgeProgress`). */
type ViewState = { startedAtMs: number; maxPositionMs: number; durationMs: number; qualified: boolean };
function judgeProgressD1(view: ViewState, positionMs: number, nowMs: number) {
  if (positionMs > view.durationMs + END_TOLERANCE_MS) return { accepted: false as const };
  if (positionMs < view.maxPositionMs) return { accepted: false as const };
  const maxPositionMs = Math.min(positionMs, view.durationMs);
  const qualifies = !view.qualified && maxPositionMs >= QUALIFY_FRACTION * view.durationMs &&
    nowMs - view.startedAtMs >= 0.4 * view.durationMs - 2000;
  return { accepted: true as const, maxPositionMs, qualifies };
}

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const baselineStartBody = z.object({
  content_id: z.string().regex(ULID, "content_id must be a content id"),
  event_type: z.literal("start").default("start"),
  second_mark: z.number().min(0).max(0).default(0),
  discovery_method: z.enum(DISCOVERY_METHODS).default("browse"),
  device_fingerprint: z.string().max(128).default(""),
});
const baselineEventBody = z.object({
  content_id: z.string().regex(ULID, "content_id must be a content id"),
  view_id: z.string().regex(ULID, "view_id must be a view id").optional(),
  event_type: z.enum(["start", "progress", "complete"]),
  second_mark: z.number().min(0).max(7 * 24 * 3600),
});

const baselineRoutes = new Hono<SignedInEnv>()
  // The poll as it was before the cheap poll (docs/decisions/022): every home page's call ran the site-wide
  // earnings job, the cron's `runEarningsJob`, with the caller's credit reported as the route does.
  .post("/earnings/calculate", async (c) => {
    const result = await runEarningsJob(c.get("db"), nowIso());
    return c.json({ ...result, credited_usd: 0 }, 200);
  })
  .post("/playback-events", validate("json", baselineStartBody), async (c) => {
    const body = c.req.valid("json");
    const db = c.get("db");
    const item = await findContent(db, body.content_id);
    if (!item) throw notFound("Content not found");
    const now = nowIso();
    const ip = c.req.header("cf-connecting-ip") ?? "";
    const view = {
      id: newId(),
      contentId: item.id,
      viewerId: c.get("user").id,
      creatorId: item.createdBy,
      discoveryMethod: body.discovery_method,
      deviceFingerprint: body.device_fingerprint,
      ipHash: ip ? await addressGroupHash(c.get("settings").sessionSecret, ip) : "",
      startedAt: now,
      lastEventAt: now,
    };
    await db.batch([
      db.insert(views).values(view),
      db.insert(benchPlaybackEvents).values({ id: newId(), viewId: view.id, eventType: "start", secondMark: 0, receivedAt: now, accepted: true }),
    ]);
    return c.json({ view_id: view.id }, 201);
  })
  .post("/events/playback", validate("json", baselineEventBody), async (c) => {
    const body = c.req.valid("json");
    const db = c.get("db");
    const viewerId = c.get("user").id;
    const rows = await db
      .select({ view: views, durationMs: content.durationMs })
      .from(views)
      .innerJoin(content, eq(content.id, views.contentId))
      .where(
        body.view_id
          ? and(eq(views.id, body.view_id), eq(views.viewerId, viewerId), eq(views.contentId, body.content_id))
          : and(eq(views.viewerId, viewerId), eq(views.contentId, body.content_id)),
      )
      .orderBy(desc(views.startedAt))
      .limit(1);
    const row = rows[0];
    if (!row) throw notFound("No playback session for this content; start playing it again");
    const view = row.view;
    const nowMs = Date.now();
    const positionMs = Math.round(body.second_mark * 1000);
    const verdict = judgeProgressD1(
      { startedAtMs: Date.parse(view.startedAt), maxPositionMs: view.maxPositionMs, durationMs: row.durationMs, qualified: view.status !== "open" },
      positionMs,
      nowMs,
    );
    const receivedAt = nowIso(nowMs);
    const event = db.insert(benchPlaybackEvents).values({
      id: newId(), viewId: view.id, eventType: body.event_type, secondMark: positionMs, receivedAt, accepted: verdict.accepted,
    });
    if (!verdict.accepted) {
      await event;
    } else {
      const advance = db
        .update(views)
        .set({ maxPositionMs: verdict.maxPositionMs, lastEventAt: receivedAt, watchTimeMs: verdict.maxPositionMs })
        .where(and(eq(views.id, view.id), sql`${views.maxPositionMs} <= ${verdict.maxPositionMs}`));
      const qualify = verdict.qualifies
        ? [
            db
              .update(views)
              .set({ status: "qualified", qualifiedAt: receivedAt, qualifiedDay: utcDay(receivedAt) })
              .where(and(eq(views.id, view.id), eq(views.status, "open"))),
          ]
        : [];
      await db.batch([event, advance, ...qualify]);
      if (verdict.qualifies) await refreshChallenges(db, [view.viewerId, view.creatorId], receivedAt);
    }
    const qualified = view.status !== "open" || (verdict.accepted && verdict.qualifies);
    return c.json({ view_id: view.id, accepted: verdict.accepted, qualified }, 200);
  });

/** The same middleware as the API (security headers, session cookie, same-origin guard, signed-in guard). */
const baselineApp = new Hono<AppEnv>()
  .basePath("/bench/baseline")
  .use(securityHeaders)
  .use(requestContext)
  .use(sameOriginOnly)
  .route("/", new Hono<AppEnv>().use(requireUser).route("/", baselineRoutes));
baselineApp.onError(handleError);

// ---- bench-only routes ----

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

async function r2PassThrough(request: Request, env: Env, url: URL): Promise<Response> {
  const key = url.searchParams.get("key");
  if (!key) return json({ error: "key is required" }, 400);
  const m = request.headers.get("range")?.match(/^bytes=(\d+)-(\d*)$/);
  const range = m ? { offset: Number(m[1]), length: m[2] ? Number(m[2]) - Number(m[1]) + 1 : undefined } : undefined;
  const obj = await env.MEDIA.get(key, range ? { range } : undefined);
  if (!obj) return json({ error: "not found" }, 404);
  const headers = new Headers({
    "content-type": obj.httpMetadata?.contentType ?? "application/octet-stream",
    etag: obj.httpEtag,
    "accept-ranges": "bytes",
  });
  if (range) {
    const length = range.length ?? obj.size - range.offset;
    headers.set("content-range", `bytes ${range.offset}-${range.offset + length - 1}/${obj.size}`);
    headers.set("content-length", String(length));
  } else {
    headers.set("content-length", String(obj.size));
  }
  return new Response(obj.body, { status: range ? 206 : 200, headers });
}

const BATCH_STATEMENTS = 300;

async function seed(env: Env, url: URL): Promise<Response> {
  const n = Number(url.searchParams.get("n") ?? "0");
  const offset = Number(url.searchParams.get("offset") ?? "0");
  if (!Number.isInteger(n) || !Number.isInteger(offset) || n < 1 || offset < 0 || n > 200_000) {
    return json({ error: "n (1..200000) and offset (>= 0) must be integers" }, 400);
  }
  const statements = seedStatements(offset, offset + n);
  let batches = 0;
  for (let s = 0; s < statements.length; s += BATCH_STATEMENTS) {
    const chunk = statements.slice(s, s + BATCH_STATEMENTS);
    await env.DB.batch(chunk.map((st) => env.DB.prepare(st.sql).bind(...st.params)));
    batches++;
  }
  return json({ offset, n, statements: statements.length, batches });
}

const POLLER_ROWS_PER_STATEMENT = 20;

/**
 * `POST /bench/pollers?n=…`: n signed-in members who only keep a home page open (the cheap-poll phase of
 * bench:load): a user row and a session each, written straight to D1 (n sign-ins through the API would meet
 * its per-address limit). Returns their session cookies.
 */
async function pollers(env: Env, url: URL): Promise<Response> {
  const n = Number(url.searchParams.get("n") ?? "0");
  if (!Number.isInteger(n) || n < 1 || n > 10_000) return json({ error: "n must be an integer within 1..10000" }, 400);
  const now = nowIso();
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  const rows = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const token = `poller-${i}-${crypto.randomUUID()}`;
      return { id: newId(), email: `poller-${i}-${token.slice(-8)}@bench.example`, token, hash: await sha256Hex(token) };
    }),
  );
  const statements: D1PreparedStatement[] = [];
  for (let s = 0; s < rows.length; s += POLLER_ROWS_PER_STATEMENT) {
    const chunk = rows.slice(s, s + POLLER_ROWS_PER_STATEMENT);
    const marks = (cols: number) => chunk.map(() => `(${Array(cols).fill("?").join(", ")})`).join(", ");
    statements.push(env.DB.prepare(`insert into users (id, email, created_at) values ${marks(3)}`).bind(...chunk.flatMap((r) => [r.id, r.email, now])));
    statements.push(
      env.DB.prepare(`insert into sessions (token_hash, user_id, created_at, expires_at) values ${marks(4)}`)
        .bind(...chunk.flatMap((r) => [r.hash, r.id, now, expires])),
    );
  }
  await env.DB.batch(statements);
  return json({ cookies: rows.map((r) => `__Host-rp_session=${r.token}`) });
}

/** Deterministic bytes (xorshift32): incompressible, and the same object on every run. */
function pseudoRandomBytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  const words = new Uint32Array(bytes.buffer, 0, Math.floor(size / 4));
  let x = 2463534242;
  for (let i = 0; i < words.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    words[i] = x >>> 0;
  }
  return bytes;
}

const MEDIA_OWNER = 999_999;

async function media(env: Env, url: URL): Promise<Response> {
  const key = url.searchParams.get("key");
  const size = Number(url.searchParams.get("size"));
  if (!key || !Number.isInteger(size) || size < 1) return json({ error: "key and size are required" }, 400);
  const head = await env.MEDIA.head(key);
  if (head?.size !== size) await env.MEDIA.put(key, pseudoRandomBytes(size), { httpMetadata: { contentType: "video/mp4" } });
  const owner = syntheticUser(MEDIA_OWNER);
  const createdAt = "2023-01-01T00:00:00.000Z";
  const id = ulidLike(Date.parse(createdAt), size, 3);
  await env.DB.batch([
    env.DB.prepare("insert or ignore into users (id, email, username, created_at) values (?, ?, ?, ?)").bind(
      owner.id, owner.email, "bench_uploader", owner.createdAt,
    ),
    env.DB.prepare(
      `insert or replace into content (id, title, description, type, tags, r2_key, media_size, media_content_type,
         thumbnail_key, duration_ms, created_by, created_at, updated_at)
       values (?, ?, ?, 'video', 'bench', ?, ?, 'video/mp4', null, 600000, ?, ?, ?)`,
    ).bind(id, `Bench stream ${size} bytes`, "Throughput test object", key, size, owner.id, createdAt, createdAt),
  ]);
  return json({ id, key, size });
}

// ---- the fraud sweep (npm run bench:sweep) ----

/** One statement per this many rows: a JSON array bound as one parameter (≤ 600 KB) stays under D1's 1 MB per value. */
const HELD_ROWS_PER_STATEMENT = 2000;
/** Column lists of bench/sweep/held-world.ts's tuples, in the order each table must be filled (foreign keys). */
const HELD_INSERTS: Record<keyof Block, string> = {
  users: "insert into users (id, email, created_at) select value ->> 0, value ->> 1, value ->> 2 from json_each(?1)",
  content: `insert into content (id, title, type, r2_key, media_size, media_content_type, duration_ms, created_by, created_at, updated_at)
    select value ->> 0, value ->> 1, 'video', value ->> 2, 1000000, 'video/mp4', value ->> 3, value ->> 4, value ->> 5, value ->> 5 from json_each(?1)`,
  views: `insert into views (id, content_id, viewer_id, creator_id, discovery_method, ip_hash, started_at, max_position_ms,
      last_event_at, qualified_at, qualified_day, status, watch_time_ms, credit_slot)
    select value ->> 0, value ->> 1, value ->> 2, value ->> 3, 'browse', value ->> 4, value ->> 5, value ->> 6,
      value ->> 7, value ->> 7, value ->> 8, 'credited', value ->> 6, value ->> 9 from json_each(?1)`,
  earnings: `insert into earnings (id, user_id, kind, view_id, content_id, amount_micros, description, created_at, available_at)
    select value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, 'Reward for a qualified view', value ->> 6, value ->> 7
    from json_each(?1)`,
};

/** Inserts the rows it is given (users, then items, views, earnings) in one batch, and any settings. */
async function seedHeld(env: Env, request: Request): Promise<Response> {
  const body = await request.json<Partial<Block> & { settings?: Record<string, string> }>();
  const statements: D1PreparedStatement[] = [];
  const counts: Record<string, number> = {};
  for (const table of ["users", "content", "views", "earnings"] as const) {
    const rows = body[table] ?? [];
    counts[table] = rows.length;
    for (let i = 0; i < rows.length; i += HELD_ROWS_PER_STATEMENT) {
      statements.push(env.DB.prepare(HELD_INSERTS[table]).bind(JSON.stringify(rows.slice(i, i + HELD_ROWS_PER_STATEMENT))));
    }
  }
  for (const [key, value] of Object.entries(body.settings ?? {})) {
    statements.push(
      env.DB.prepare("insert into settings (key, value, updated_at) values (?1, ?2, ?3) on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at")
        .bind(key, value, nowIso()),
    );
  }
  if (statements.length) await env.DB.batch(statements);
  return json({ ...counts, statements: statements.length });
}

/**
 * What-ifs for the sweep's SQL, run on the bench database only: each rewrites the statements the sweep
 * prepares (its rules' reads and covers are the ones with the `held` CTE).
 *  - `materialize`: the `matches` CTE is computed once (`as materialized`) instead of being expanded again,
 *    whole, inside each per-subject subquery (`userIds`, `userIdsCount`): a rule whose subject is an
 *    expression (ring, shared_ip) then no longer walks every held earning once per subject and subquery.
 *  - `group-users`: that, and the per-subject account lists taken in one grouped pass over `matches`
 *    (a `subject_users` CTE joined to the result) instead of two subqueries per subject, which still scan
 *    all of `matches` once per subject.
 */
const materialize = (sql: string) => (sql.includes("held as (") ? sql.replace("matches as (", "matches as materialized (") : sql);
const USER_LIST = /\(select json_group_array\(distinct x\) from \(select viewer_id as x from matches where subject = m\.subject\s+union select creator_id from matches where subject = m\.subject\)\) as userIds,\s+\(select count\(\*\) from \(select viewer_id as x from matches where subject = m\.subject\s+union select creator_id from matches where subject = m\.subject\)\) as userIdsCount,/;
const SWEEP_WHATIFS: Record<string, (sql: string) => string> = {
  materialize,
  "group-users": (sql) => {
    if (!sql.includes("held as (") || !USER_LIST.test(sql)) return materialize(sql);
    return materialize(sql)
      .replace(
        /\n {2}select m\.subject,/,
        `, subject_users as (select subject, json_group_array(x) as userIds, count(*) as userIdsCount
      from (select subject, viewer_id as x from matches union select subject, creator_id from matches) group by subject)
  select m.subject,`,
      )
      .replace(USER_LIST, "su.userIds as userIds, su.userIdsCount as userIdsCount,")
      .replace("from matches m where", "from matches m join subject_users su on su.subject = m.subject where");
  },
};

/** D1 whose `prepare` rewrites the SQL first; batches pass the binding's own statements through. */
function rewritingD1(db: D1Database, rewrite: (sql: string) => string): D1Database {
  return new Proxy(db, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (prop === "prepare") return (sql: string) => target.prepare(rewrite(sql));
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

function emptyTrace(keepStatements: boolean): Trace {
  return { roundTrips: 0, statementCount: 0, writeCount: 0, rowsRead: 0, rowsReadComplete: true, statements: keepStatements ? [] : null };
}

/**
 * The sweep as the cron and the admin's "Run sweep" run it (`runReviewSweep(createDb(env.DB), nowIso())`),
 * with D1 counted: round trips, statements, writes, rows read, and per statement its rows read (`log`), so
 * the runner can tell which rule's statement reads what.
 */
async function sweep(env: Env, url: URL): Promise<Response> {
  const whatif = url.searchParams.get("whatif");
  const rewrite = whatif ? SWEEP_WHATIFS[whatif] : undefined;
  if (whatif && !rewrite) return json({ error: `no what-if ${whatif}; known: ${Object.keys(SWEEP_WHATIFS).join(", ")}` }, 400);
  const trace: Trace = { ...emptyTrace(false), log: [] };
  const d1 = countingD1(rewrite ? rewritingD1(env.DB, rewrite) : env.DB, perRequest);
  const result = await traces.run(trace, () => runReviewSweep(createDb(d1), nowIso()));
  const { log, statements: _, ...counts } = trace;
  return json({ ...result, ...counts, whatif, log });
}

/** Forgets every flag (no reversals exist in this bench), so the next sweep finds everything again. */
async function resetReviews(env: Env): Promise<Response> {
  const [earnings, reviews] = await env.DB.batch([env.DB.prepare("delete from review_earnings"), env.DB.prepare("delete from reviews")]);
  return json({ reviewEarnings: earnings?.meta.changes ?? 0, reviews: reviews?.meta.changes ?? 0 });
}

const SWEEP_RULES: EarningRuleName[] = ["ring", "shared_ip", "daily_cap", "same_day_accounts"];
/**
 * Each rule's read as the sweep runs it (?1 is now) and its cover's SELECT part (the rows the insert would
 * add), as shipped and under each what-if: for EXPLAIN QUERY PLAN and timing by hand.
 */
function sweepSql(url: URL): Response {
  const limit = Number(url.searchParams.get("limit") ?? "200");
  const statements = (rewrite: (sql: string) => string) =>
    Object.fromEntries(
      SWEEP_RULES.map((rule) => [rule, {
        candidates: rewrite(candidatesSql(rule, limit)),
        coverSelect: rewrite(coverSql(rule)).replace(/insert or ignore into review_earnings \([^)]*\)\s*/, ""),
      }]),
    );
  return json({
    shipped: statements((sql) => sql),
    whatifs: Object.fromEntries(Object.entries(SWEEP_WHATIFS).map(([name, rewrite]) => [name, statements(rewrite)])),
  });
}

async function stats(env: Env): Promise<Response> {
  const count = (sql: string, ...params: unknown[]) =>
    env.DB.prepare(sql).bind(...params).first<number>("n");
  const [contentRows, users, common, rare, prefix, unique] = await Promise.all([
    count("select count(*) as n from content"),
    count("select count(*) as n from users"),
    count("select count(*) as n from content_search where content_search match ?", `"${QUERY_WORDS.common}"*`),
    count("select count(*) as n from content_search where content_search match ?", `"${QUERY_WORDS.rare}"*`),
    count("select count(*) as n from content_search where content_search match ?", `"${QUERY_WORDS.prefix}"*`),
    count("select count(*) as n from content_search where content_search match ?", `"${QUERY_WORDS.unique}"*`),
  ]);
  return json({ content: contentRows, users, matches: { common, rare, prefix, unique } });
}

async function explain(env: Env, request: Request): Promise<Response> {
  const { sql, params } = await request.json<{ sql: string; params: unknown[] }>();
  if (!/^\s*(select|with)\b/i.test(sql)) return json({ error: "only SELECT statements are explained" }, 400);
  const { results } = await env.DB.prepare(`explain query plan ${sql}`).bind(...params).all<{ id: number; parent: number; detail: string }>();
  return json({ plan: results });
}

/** Runs one SELECT and answers with its row count and first rows: for trying query shapes by hand. */
async function select(env: Env, request: Request): Promise<Response> {
  const { sql, params } = await request.json<{ sql: string; params: unknown[] }>();
  if (!/^\s*(select|with)\b/i.test(sql)) return json({ error: "only SELECT statements run here" }, 400);
  const { results, meta } = await env.DB.prepare(sql).bind(...params).all();
  return json({ rows: results.length, rowsRead: meta.rows_read, first: results.slice(0, 3) });
}

/** One viewer's watch-session object, asked for its counts over RPC (the object is created if it never ran). */
async function watchSessionCounters(env: Env, url: URL): Promise<Response> {
  const viewer = url.searchParams.get("viewer");
  if (!viewer) return json({ error: "viewer (a user id) is required" }, 400);
  const ns = env.WATCH_SESSIONS as unknown as DurableObjectNamespace<WatchSessions>;
  const counters = await ns.get(ns.idFromName(viewer)).benchCounters();
  return json(counters);
}

async function bench(request: Request, env: Env, url: URL): Promise<Response> {
  const route = `${request.method} ${url.pathname}`;
  if (route === "GET /bench/r2") return r2PassThrough(request, env, url);
  if (route === "GET /bench/ping") return json({ ok: true });
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
  if (route === "GET /bench/sweep/sql") return sweepSql(url);
  return json({ error: `no bench route ${route}` }, 404);
}

/** Runs an app with D1 counted for this request: round trips, statements and rows read come back in headers. */
/** The baseline routes write (views, bench_playback_events): on loopback only, whatever else serves this entry. */
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

type FetchApp = { fetch: (r: Request, e: Env, c: ExecutionContext) => Response | Promise<Response> };
async function traced(app: FetchApp, request: Request, env: Env, ctx: ExecutionContext) {
  const trace = emptyTrace(request.headers.get("x-bench-trace") === "1");
  const res = await traces.run(trace, () => app.fetch(request, countedEnv(env), ctx));
  if (trace.statements) {
    await res.body?.cancel();
    return json({ status: res.status, roundTrips: trace.roundTrips, rowsRead: trace.rowsRead, statements: trace.statements });
  }
  let counted = withHeader(res, "x-d1-round-trips", String(trace.roundTrips));
  counted = withHeader(counted, "x-d1-statements", String(trace.statementCount));
  counted = withHeader(counted, "x-d1-writes", String(trace.writeCount));
  // "+" marks a lower bound: some call (raw/first) reported no row count.
  return withHeader(counted, "x-d1-rows-read", `${trace.rowsRead}${trace.rowsReadComplete ? "" : "+"}`);
}

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname.startsWith("/bench/baseline/")) {
      if (!LOOPBACK.has(url.hostname)) return json({ error: "bench routes answer on loopback only" }, 403);
      await ensureBaselineTable(env.DB);
      return traced(baselineApp, request, env, ctx);
    }
    if (url.pathname.startsWith("/bench/")) return bench(request, env, url);
    return traced(app, request, env, ctx);
  },
} satisfies ExportedHandler<Env>;
