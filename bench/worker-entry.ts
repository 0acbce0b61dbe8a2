// Bench entry Worker: the real Reelpay API (worker/app.ts) with
//  - every D1 call counted per request, reported in the `x-d1-round-trips` response header, and the rows
//    SQLite read for it (D1's `meta.rows_read`) in `x-d1-rows-read`: a measure of work that load does not blur;
//  - `GET /bench/r2?key=…`: a bare R2 pass-through (no D1, no auth), the baseline for streaming throughput;
//  - `POST /bench/seed?n=…&offset=…`: synthetic users and content (bench/synthetic.ts) in db.batch chunks;
//  - `POST /bench/media?key=…&size=…`: one large R2 object and a content row pointing at it;
//  - `GET /bench/ping` (no D1, no R2: the latency noise floor), `GET /bench/stats`, `POST /bench/explain`,
//    `POST /bench/select` (time a query shape by hand),
//    and `x-bench-trace: 1` on an API request (answers with the SQL it ran instead of its body).
// Only ever started by bench/run.ts, on loopback, against its own persistence folder.
import { AsyncLocalStorage } from "node:async_hooks";
import { app } from "../worker/app.ts";
import { QUERY_WORDS, seedStatements, syntheticUser, ulidLike } from "./synthetic.ts";

type Trace = {
  roundTrips: number;
  /** Rows SQLite read, from D1's result meta (`rows_read`); raw() and first() return no meta. */
  rowsRead: number;
  rowsReadComplete: boolean;
  statements: { sql: string; params: unknown[] }[] | null;
};

const traces = new AsyncLocalStorage<Trace>();
const ROUND_TRIP_METHODS = new Set<PropertyKey>(["first", "all", "run", "raw"]);
/** Statements in a batch reach D1 unwrapped: the binding expects its own objects. */
const unwrapped = new WeakMap<object, D1PreparedStatement>();

function record(sql: string, params: unknown[]) {
  const trace = traces.getStore();
  if (!trace) return;
  trace.roundTrips++;
  trace.statements?.push({ sql, params });
}

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

function countingStatement(stmt: D1PreparedStatement, sql: string, params: unknown[]): D1PreparedStatement {
  const proxy = new Proxy(stmt, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      if (prop === "bind") {
        return (...values: unknown[]) => countingStatement(target.bind(...values), sql, values);
      }
      if (ROUND_TRIP_METHODS.has(prop)) {
        return (...args: unknown[]) => {
          record(sql, params);
          return countRows((value as (...a: unknown[]) => Promise<unknown>).apply(target, args), prop);
        };
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
  unwrapped.set(proxy, stmt);
  return proxy;
}

/** D1 with every call that reaches the database counted; one batch is one round trip. */
function countingD1(db: D1Database): D1Database {
  return new Proxy(db, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      if (prop === "prepare") return (sql: string) => countingStatement(target.prepare(sql), sql, []);
      if (prop === "batch") {
        return (stmts: D1PreparedStatement[]) => {
          record(`batch(${stmts.length})`, []);
          return countRows(target.batch(stmts.map((s) => unwrapped.get(s) ?? s)), "batch");
        };
      }
      if (prop === "exec") {
        return (query: string) => {
          record(query, []);
          return countRows(target.exec(query), "exec");
        };
      }
      // withSession and anything newer: not used by the app; passed through uncounted.
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}

const countedEnvs = new WeakMap<Env, Env>();
/** One wrapped env per real env, so the app's per-env caches (settings) behave as in production. */
function countedEnv(env: Env): Env {
  let wrapped = countedEnvs.get(env);
  if (!wrapped) {
    wrapped = { ...env, DB: countingD1(env.DB) };
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

async function bench(request: Request, env: Env, url: URL): Promise<Response> {
  const route = `${request.method} ${url.pathname}`;
  if (route === "GET /bench/r2") return r2PassThrough(request, env, url);
  if (route === "GET /bench/ping") return json({ ok: true });
  if (route === "POST /bench/seed") return seed(env, url);
  if (route === "POST /bench/media") return media(env, url);
  if (route === "GET /bench/stats") return stats(env);
  if (route === "POST /bench/explain") return explain(env, request);
  if (route === "POST /bench/select") return select(env, request);
  return json({ error: `no bench route ${route}` }, 404);
}

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname.startsWith("/bench/")) return bench(request, env, url);
    const trace: Trace = {
      roundTrips: 0,
      rowsRead: 0,
      rowsReadComplete: true,
      statements: request.headers.get("x-bench-trace") === "1" ? [] : null,
    };
    const res = await traces.run(trace, () => app.fetch(request, countedEnv(env), ctx));
    if (trace.statements) {
      await res.body?.cancel();
      return json({ status: res.status, roundTrips: trace.roundTrips, rowsRead: trace.rowsRead, statements: trace.statements });
    }
    const counted = withHeader(res, "x-d1-round-trips", String(trace.roundTrips));
    // "+" marks a lower bound: some call (raw/first) reported no row count.
    return withHeader(counted, "x-d1-rows-read", `${trace.rowsRead}${trace.rowsReadComplete ? "" : "+"}`);
  },
} satisfies ExportedHandler<Env>;
