// The watch-session objects' own D1 work: `GET /bench/watch-sessions?viewer=<userId>` answers one viewer's
// object's counts (bench/worker-entry/watch-sessions.ts, class WatchSessions); the suite sums them over the viewers it used.
import { getJson } from "../lib/http.ts";
import { round } from "../lib/stats.ts";
import type { Tally, WatchSessionCounters } from "./object-counters.ts";

type ObjectCounters = WatchSessionCounters;

export type ObjectTotals = ObjectCounters & { objects: number };

const zero = (): ObjectTotals => ({
  objects: 0,
  instances: 0,
  starts: { calls: 0, statements: 0, roundTrips: 0 },
  events: { calls: 0, statements: 0, roundTrips: 0, refused: 0, notFound: 0 },
  qualifying: { calls: 0, statements: 0, roundTrips: 0 },
  alarms: { calls: 0, statements: 0, roundTrips: 0 },
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
});

type Tree = { [k: string]: number | Tree };

/** a + sign × b, leaf by leaf (both are trees of counts of the same shape). */
function combine(a: Tree, b: Tree, sign: 1 | -1): Tree {
  const out: Tree = {};
  for (const [k, v] of Object.entries(a)) {
    const w = b[k];
    out[k] =
      typeof v === "number"
        ? v + sign * (typeof w === "number" ? w : 0)
        : combine(v, typeof w === "object" ? w : {}, sign);
  }
  return out;
}

/** The counts of these viewers' objects, summed (objects that never ran answer zeros). */
export async function objectTotals(origin: string, userIds: string[]): Promise<ObjectTotals> {
  let total = zero() as unknown as Tree;
  for (const id of userIds) {
    const { json } = await getJson<ObjectCounters>(`${origin}/bench/watch-sessions?viewer=${encodeURIComponent(id)}`);
    total = combine(total, { ...json, objects: 1 } as unknown as Tree, 1);
  }
  return total as unknown as ObjectTotals;
}

/** after − before: the counts of one phase. */
export const minus = (after: ObjectTotals, before: ObjectTotals): ObjectTotals => ({
  ...(combine(after as unknown as Tree, before as unknown as Tree, -1) as unknown as ObjectTotals),
  objects: after.objects,
});

export type ObjectRow = {
  call: string;
  calls: number;
  statements: number;
  roundTrips: number;
  statementsPerCall: number | null;
  roundTripsPerCall: number | null;
};

const per = (n: number, d: number) => (d ? round(n / d, 2) : null);

/** The report's rows: D1 work inside the objects per kind of call, and the sessions they ended. */
export function objectRows(t: ObjectTotals): ObjectRow[] {
  const row = (call: string, x: Tally): ObjectRow => ({
    call,
    calls: x.calls,
    statements: x.statements,
    roundTrips: x.roundTrips,
    statementsPerCall: per(x.statements, x.calls),
    roundTripsPerCall: per(x.roundTrips, x.calls),
  });
  return [
    row("start", t.starts),
    row(
      `event that did not qualify its view (progress; ${t.events.refused} refused positions, ${t.events.notFound} unknown views)`,
      t.events,
    ),
    row("event that qualified its view", t.qualifying),
    row("alarm (expiry, 5 min or more after a session's last event: none within a run)", t.alarms),
    {
      call: "session ended without qualifying (views written)",
      calls: t.ended.views,
      statements: t.ended.views,
      roundTrips: t.ended.roundTrips,
      statementsPerCall: per(t.ended.views, t.ended.views),
      roundTripsPerCall: per(t.ended.roundTrips, t.ended.views),
    },
  ];
}
