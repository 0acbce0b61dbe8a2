// The real watch-session Durable Object with its D1 calls counted per kind of call (start, event that qualified
// the view, other event, alarm; ended sessions apart), and `GET /bench/watch-sessions?viewer=<userId>` to read
// one viewer's counts (bench/load/objects.ts sums them).
import { AsyncLocalStorage } from "node:async_hooks";
import {
  WatchSessions as Base,
  type EventInput,
  type EventOutcome,
  type StartInput,
} from "../../worker/watch-sessions/watch-sessions.ts";
import type { Tally, WatchSessionCounters } from "../load/object-counters.ts";
import { countingD1, metering, type D1Listener } from "./d1-counting.ts";
import { json } from "./json.ts";

const tally = (): Tally => ({ calls: 0, statements: 0, roundTrips: 0 });

type SqlCursor = { rowsRead: number; rowsWritten: number };
type ObjectRecord = { counters: WatchSessionCounters; qualified: Set<string>; cursors: SqlCursor[] };

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
      cost: {
        requests: 0,
        sqlStatements: 0,
        sqlRowsRead: 0,
        sqlRowsWritten: 0,
        d1RowsRead: 0,
        d1RowsWritten: 0,
        d1Unmetered: 0,
      },
    };
    objectRecords.set(id, (record = { counters, qualified: new Set(), cursors: [] }));
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
    // The rows D1 reports for the object's calls (`meta`), for the cost meter.
    result: (r, method) => {
      if (method !== "all" && method !== "run" && method !== "batch") {
        counters.cost.d1Unmetered++;
        return r;
      }
      return r.then((out) => {
        for (const one of (Array.isArray(out) ? out : [out]) as WithMeta[]) addMeta(counters, one);
        return out;
      });
    },
    rawMeta: (meta) => addMeta(counters, meta as WithMeta),
  };
}

type WithMeta = { meta?: { rows_read?: number; rows_written?: number } } | null | undefined;
function addMeta(counters: WatchSessionCounters, one: WithMeta) {
  if (typeof one?.meta?.rows_read === "number") counters.cost.d1RowsRead += one.meta.rows_read;
  else counters.cost.d1Unmetered++;
  if (typeof one?.meta?.rows_written === "number") counters.cost.d1RowsWritten += one.meta.rows_written;
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
    // Every statement on the object's own SQLite keeps its cursor, read when the counts are asked for (a read's
    // counts grow as it is iterated), as worker/test/views.ts `sqlRowsDuring` does; only while bench:cost meters.
    const sql = ctx.storage.sql;
    const exec = sql.exec.bind(sql);
    Object.defineProperty(sql, "exec", {
      configurable: true,
      writable: true,
      value: (query: string, ...bindings: unknown[]) => {
        const cursor = exec(query, ...(bindings as SqlStorageValue[]));
        if (metering()) record.cursors.push(cursor);
        return cursor;
      },
    });
    super(ctx, { ...env, DB: countingD1(env.DB, objectListener(record.counters)) });
    this.record = record;
  }

  private async counted<T>(into: (result: T) => Tally, work: () => Promise<T>): Promise<T> {
    this.record.counters.cost.requests++;
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
    return this.counted(
      () => this.record.counters.starts,
      () => super.start(input),
    );
  }

  override event(input: EventInput): Promise<EventOutcome> {
    const { counters, qualified } = this.record;
    return this.counted(
      (outcome) => {
        if (!outcome.found) counters.events.notFound++;
        else if (!outcome.accepted) counters.events.refused++;
        if (outcome.found && outcome.qualified && !qualified.has(outcome.view_id)) {
          qualified.add(outcome.view_id);
          return counters.qualifying;
        }
        return counters.events;
      },
      () => super.event(input),
    );
  }

  override alarm(): Promise<void> {
    return this.counted(
      () => this.record.counters.alarms,
      () => super.alarm(),
    );
  }

  // The object's other RPC methods: not classified, but each is a request (bench:cost).
  override delivered(input: Parameters<Base["delivered"]>[0]) {
    this.record.counters.cost.requests++;
    return super.delivered(input);
  }
  override lastPosition(contentId: string) {
    this.record.counters.cost.requests++;
    return super.lastPosition(contentId);
  }
  override historyPage(input: Parameters<Base["historyPage"]>[0]) {
    this.record.counters.cost.requests++;
    return super.historyPage(input);
  }
  override clearHistory(contentId?: string) {
    this.record.counters.cost.requests++;
    return super.clearHistory(contentId);
  }

  /** RPC for the bench route: this object's counts so far (not a request of the app: not counted). */
  benchCounters(): WatchSessionCounters {
    const { counters, cursors } = this.record;
    counters.cost.sqlStatements = cursors.length;
    counters.cost.sqlRowsRead = cursors.reduce((n, c) => n + c.rowsRead, 0);
    counters.cost.sqlRowsWritten = cursors.reduce((n, c) => n + c.rowsWritten, 0);
    return counters;
  }
}

/** One viewer's watch-session object, asked for its counts over RPC (the object is created if it never ran). */
export async function watchSessionCounters(env: Env, url: URL): Promise<Response> {
  const viewer = url.searchParams.get("viewer");
  if (!viewer) return json({ error: "viewer (a user id) is required" }, 400);
  const ns = env.WATCH_SESSIONS as unknown as DurableObjectNamespace<WatchSessions>;
  const counters = await ns.get(ns.idFromName(viewer)).benchCounters();
  return json(counters);
}
