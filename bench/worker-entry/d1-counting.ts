// The bench Worker's D1 counting: every call that reaches the database is reported to a listener, once per
// round trip (a batch is one) with the statements it carries, and the rows SQLite read (D1's `meta.rows_read`).
// `traced` runs an app with one request's counts and returns them in the `x-d1-*` headers.
import { AsyncLocalStorage } from "node:async_hooks";
import { json } from "./json.ts";

export type Trace = {
  roundTrips: number;
  /** Statements those round trips carried (a batch of 4 is one round trip, 4 statements). */
  statementCount: number;
  /** Of those, the ones that write (insert, update, delete, replace). */
  writeCount: number;
  /** Rows SQLite read, from D1's result meta (`rows_read`); raw() and first() return no meta. */
  rowsRead: number;
  rowsReadComplete: boolean;
  /** Rows SQLite wrote for it (D1's `meta.rows_written`, indexes included); complete when rowsReadComplete is. */
  rowsWritten: number;
  /** R2 operations on `env.MEDIA` by billing class (A: put, list, multipart create/part/complete; B: get, head). */
  r2ClassA: number;
  r2ClassB: number;
  statements: { sql: string; params: unknown[] }[] | null;
  /** When kept (the sweep route): every statement's result as it came back, with its rows read. */
  log?: { sql: string; rowsRead: number | null }[];
};

type Stmt = { sql: string; params: unknown[] };

/** Where a counting D1 reports: once per round trip (one batch is one), with the statements it carries. */
export type D1Listener = {
  roundTrip(statements: Stmt[], batch: boolean): void;
  result<T>(result: Promise<T>, method: PropertyKey): Promise<T>;
  /** The meta of a raw() answered by `rawWithMeta` (exact-raw mode only). */
  rawMeta?(meta: WithMeta): void;
};

export const traces = new AsyncLocalStorage<Trace>();
const WRITE = /^\s*(insert|update|delete|replace)\b/i;
const ROUND_TRIP_METHODS = new Set<PropertyKey>(["first", "all", "run", "raw"]);
/** Statements in a batch reach D1 unwrapped: the binding expects its own objects. */
const unwrapped = new WeakMap<object, D1PreparedStatement>();
/** The SQL and parameters behind each counting statement, for the batch it may end up in. */
const statementOf = new WeakMap<object, Stmt>();

type WithMeta = { meta?: { rows_read?: number; rows_written?: number } } | null | undefined;

/**
 * `npm run bench:cost` only (`POST /bench/meter/exact-raw`): `raw()` is answered through the binding's own
 * `_sendOrThrow` (what `raw()` itself calls in workerd's d1-api), which keeps D1's meta, so drizzle's selects
 * (which read with `raw()`) are counted whole. Off for every other bench; when the binding has no such
 * method, `raw()` runs as it is and the count stays a lower bound.
 */
let exactRaw = false;
export const setExactRaw = (on: boolean) => {
  exactRaw = on;
};
/** Whether bench:cost's meter is on (the watch-session objects keep their SQLite cursors only then). */
export const metering = () => exactRaw;

type RawAnswer = { results?: { columns: string[]; rows: unknown[][] } | Record<string, unknown>[]; meta?: unknown };
type Sender = { _sendOrThrow: (path: string, sql: string, params: unknown[], format: string) => Promise<unknown> };

/** raw() with D1's meta kept (workerd's own steps after `_sendOrThrow`), or null when the binding cannot. */
function rawWithMeta(stmt: D1PreparedStatement, options: unknown): Promise<{ rows: unknown[]; meta: WithMeta }> | null {
  const s = stmt as unknown as { dbSession?: Sender; database?: Sender; statement?: string; params?: unknown[] };
  const sender = [s.dbSession, s.database].find((x) => typeof x?._sendOrThrow === "function");
  if (!exactRaw || !sender || typeof s.statement !== "string" || !Array.isArray(s.params)) return null;
  return sender._sendOrThrow("/query", s.statement, s.params, "ROWS_AND_COLUMNS").then((answer) => {
    const one = (Array.isArray(answer) ? answer[0] : answer) as RawAnswer;
    const results = one.results;
    let rows: unknown[] = [];
    let columns: string[] = [];
    if (Array.isArray(results)) {
      columns = results[0] ? Object.keys(results[0]) : [];
      rows = results.map((r) => Object.values(r));
    } else if (results) {
      columns = results.columns;
      rows = [...results.rows];
    }
    if ((options as { columnNames?: boolean } | undefined)?.columnNames) rows.unshift(columns);
    return { rows, meta: one as WithMeta };
  });
}

function addMeta(trace: Trace, all: WithMeta[]) {
  for (const one of all) {
    if (typeof one?.meta?.rows_read === "number") trace.rowsRead += one.meta.rows_read;
    else trace.rowsReadComplete = false;
    if (typeof one?.meta?.rows_written === "number") trace.rowsWritten += one.meta.rows_written;
  }
}

/** Adds the rows read and written that D1 reports; the trace is captured when the call is made. */
function countRows<T>(result: Promise<T>, method: PropertyKey): Promise<T> {
  const trace = traces.getStore();
  if (!trace) return result;
  if (method !== "all" && method !== "run" && method !== "batch") {
    trace.rowsReadComplete = false;
    return result;
  }
  return result.then((r) => {
    addMeta(trace, (Array.isArray(r) ? r : [r]) as WithMeta[]);
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
export const perRequest: D1Listener = {
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
  rawMeta(meta) {
    const trace = traces.getStore();
    if (trace) addMeta(trace, [meta]);
  },
};

function countingStatement(
  stmt: D1PreparedStatement,
  sql: string,
  params: unknown[],
  listener: D1Listener,
): D1PreparedStatement {
  const proxy = new Proxy(stmt, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      if (prop === "bind") {
        return (...values: unknown[]) => countingStatement(target.bind(...values), sql, values, listener);
      }
      if (ROUND_TRIP_METHODS.has(prop)) {
        return (...args: unknown[]) => {
          const exact = prop === "raw" && listener.rawMeta ? rawWithMeta(target, args[0]) : null;
          if (exact) {
            listener.roundTrip([{ sql, params }], false);
            return exact.then(({ rows, meta }) => {
              listener.rawMeta!(meta);
              return rows;
            });
          }
          listener.roundTrip([{ sql, params }], false);
          return logged(listener.result((value as (...a: unknown[]) => Promise<unknown>).apply(target, args), prop), [
            { sql, params },
          ]);
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
export function countingD1(db: D1Database, listener: D1Listener): D1Database {
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

const R2_CLASS_A = new Set<PropertyKey>(["put", "list", "createMultipartUpload", "uploadPart", "complete"]);
const R2_CLASS_B = new Set<PropertyKey>(["get", "head"]);

/** Counts R2 operations by billing class into the request's trace; multipart uploads it hands out count too. */
function countingR2<T extends object>(target: T): T {
  return new Proxy(target, {
    get(t, prop) {
      const value: unknown = Reflect.get(t, prop, t);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const trace = traces.getStore();
        if (trace && R2_CLASS_A.has(prop)) trace.r2ClassA++;
        if (trace && R2_CLASS_B.has(prop)) trace.r2ClassB++;
        const out = (value as (...a: unknown[]) => unknown).apply(t, args);
        if (prop === "resumeMultipartUpload" && out && typeof out === "object") return countingR2(out);
        if (prop === "createMultipartUpload" && out instanceof Promise)
          return out.then((u: object) => (u && typeof u === "object" ? countingR2(u) : u));
        return out;
      };
    },
  });
}

const countedEnvs = new WeakMap<Env, Env>();
/** One wrapped env per real env, so the app's per-env caches (settings) behave as in production. */
export function countedEnv(env: Env): Env {
  let wrapped = countedEnvs.get(env);
  if (!wrapped) {
    wrapped = { ...env, DB: countingD1(env.DB, perRequest), MEDIA: countingR2(env.MEDIA) };
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

export function emptyTrace(keepStatements: boolean): Trace {
  return {
    roundTrips: 0,
    statementCount: 0,
    writeCount: 0,
    rowsRead: 0,
    rowsReadComplete: true,
    rowsWritten: 0,
    r2ClassA: 0,
    r2ClassB: 0,
    statements: keepStatements ? [] : null,
  };
}

export type FetchApp = { fetch: (r: Request, e: Env, c: ExecutionContext) => Response | Promise<Response> };
/** Runs an app with D1 counted for this request: round trips, statements and rows read come back in headers. */
export async function traced(app: FetchApp, request: Request, env: Env, ctx: ExecutionContext) {
  const trace = emptyTrace(request.headers.get("x-bench-trace") === "1");
  const res = await traces.run(trace, () => app.fetch(request, countedEnv(env), ctx));
  if (trace.statements) {
    await res.body?.cancel();
    return json({
      status: res.status,
      roundTrips: trace.roundTrips,
      rowsRead: trace.rowsRead,
      statements: trace.statements,
    });
  }
  let counted = withHeader(res, "x-d1-round-trips", String(trace.roundTrips));
  counted = withHeader(counted, "x-d1-statements", String(trace.statementCount));
  counted = withHeader(counted, "x-d1-writes", String(trace.writeCount));
  counted = withHeader(counted, "x-d1-rows-written", `${trace.rowsWritten}${trace.rowsReadComplete ? "" : "+"}`);
  counted = withHeader(counted, "x-r2-class-a", String(trace.r2ClassA));
  counted = withHeader(counted, "x-r2-class-b", String(trace.r2ClassB));
  // "+" marks a lower bound: some call (raw/first) reported no row count.
  return withHeader(counted, "x-d1-rows-read", `${trace.rowsRead}${trace.rowsReadComplete ? "" : "+"}`);
}
