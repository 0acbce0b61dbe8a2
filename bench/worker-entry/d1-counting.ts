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
  statements: { sql: string; params: unknown[] }[] | null;
  /** When kept (the sweep route): every statement's result as it came back, with its rows read. */
  log?: { sql: string; rowsRead: number | null }[];
};

type Stmt = { sql: string; params: unknown[] };

/** Where a counting D1 reports: once per round trip (one batch is one), with the statements it carries. */
export type D1Listener = {
  roundTrip(statements: Stmt[], batch: boolean): void;
  result<T>(result: Promise<T>, method: PropertyKey): Promise<T>;
};

export const traces = new AsyncLocalStorage<Trace>();
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

export function emptyTrace(keepStatements: boolean): Trace {
  return {
    roundTrips: 0,
    statementCount: 0,
    writeCount: 0,
    rowsRead: 0,
    rowsReadComplete: true,
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
  // "+" marks a lower bound: some call (raw/first) reported no row count.
  return withHeader(counted, "x-d1-rows-read", `${trace.rowsRead}${trace.rowsReadComplete ? "" : "+"}`);
}
