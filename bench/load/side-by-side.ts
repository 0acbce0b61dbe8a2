// The side-by-side phase: the same stream of playback progress events through the watch-session objects
// (the real `POST /api/events/playback`) and through the D1 path they replaced (bench/worker-entry/baseline.ts,
// `POST /bench/baseline/events/playback`: a select of the view and its content, then an event row and the
// view's high-water mark in one batch). N viewers each start a session on the 600 s item, then send progress
// events as fast as they are answered, positions at real time (nothing qualifies within a phase on either
// path: both measure the steady progress stream). Phases alternate the order of the paths round by round.
import http from "node:http";
import { timedRequest } from "../lib/http.ts";
import { percentile, round } from "../lib/stats.ts";
import { minus, objectTotals, type ObjectTotals } from "./objects.ts";
import type { Item, User } from "./setup.ts";

type PathName = "object" | "d1";
const PATHS: Record<PathName, { label: string; start: string; event: string }> = {
  object: { label: "watch-session object", start: "/api/playback-events", event: "/api/events/playback" },
  d1: {
    label: "D1 path it replaced",
    start: "/bench/baseline/playback-events",
    event: "/bench/baseline/events/playback",
  },
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

type Sample = { ms: number; roundTrips: number; statements: number; writes: number };
type Phase = {
  path: PathName;
  seconds: number;
  events: Sample[];
  starts: Sample[];
  errors: string[];
  object: ObjectTotals | null;
};

async function post(origin: string, path: string, user: User, body: unknown) {
  const res = await timedRequest(origin + path, {
    method: "POST",
    headers: { cookie: user.cookie, origin, "content-type": "application/json" },
    body: JSON.stringify(body),
    keepBody: true,
    agent,
  });
  const sample: Sample = {
    ms: res.ms,
    roundTrips: res.roundTrips ?? NaN,
    statements: res.statements ?? NaN,
    writes: res.writes ?? NaN,
  };
  return { status: res.status, text: res.body?.toString() ?? "", sample };
}

async function phase(origin: string, path: PathName, viewers: User[], item: Item, seconds: number): Promise<Phase> {
  const p = PATHS[path];
  const out: Phase = { path, seconds: 0, events: [], starts: [], errors: [], object: null };
  const before =
    path === "object"
      ? await objectTotals(
          origin,
          viewers.map((v) => v.id),
        )
      : null;
  const views = await Promise.all(
    viewers.map(async (viewer) => {
      const res = await post(origin, p.start, viewer, {
        content_id: item.id,
        discovery_method: "browse",
        device_fingerprint: `sxs-${viewer.email}`,
      });
      out.starts.push(res.sample);
      if (res.status !== 201) {
        out.errors.push(`${p.start} → ${res.status}: ${res.text.slice(0, 200)}`);
        return null;
      }
      return { viewer, viewId: (JSON.parse(res.text) as { view_id: string }).view_id, since: performance.now() };
    }),
  );
  const begin = performance.now();
  const deadline = begin + seconds * 1000;
  await Promise.all(
    views.map(async (v) => {
      if (!v) return;
      while (performance.now() < deadline) {
        const position = Math.round(performance.now() - v.since) / 1000;
        const res = await post(origin, p.event, v.viewer, {
          content_id: item.id,
          view_id: v.viewId,
          event_type: "progress",
          second_mark: position,
        });
        out.events.push(res.sample);
        const answer = res.status === 200 ? (JSON.parse(res.text) as { accepted: boolean; qualified: boolean }) : null;
        if (!answer?.accepted || answer.qualified)
          out.errors.push(`${p.event} → ${res.status}: ${res.text.slice(0, 200)}`);
      }
    }),
  );
  out.seconds = (performance.now() - begin) / 1000;
  if (before)
    out.object = minus(
      await objectTotals(
        origin,
        viewers.map((v) => v.id),
      ),
      before,
    );
  return out;
}

export type PathResult = {
  path: PathName;
  label: string;
  route: string;
  events: number;
  seconds: number;
  perSec: number;
  p50: number;
  p95: number;
  p99: number;
  /** events/s and p99 of each phase, in run order (the spread between rounds is the machine's). */
  perSecByPhase: number[];
  p99ByPhase: number[];
  /** Per event: D1 work in the Worker (session lookup included), in the object, and both. */
  worker: { roundTrips: number; statements: number; writes: number };
  object: { statements: number; roundTrips: number; starts: number; constructions: number } | null;
  total: { roundTrips: number; statements: number; writes: number };
  startP50: number;
  errors: number;
  firstErrors: string[];
};

export type SideBySide = {
  viewers: number;
  item: { title: string; seconds: number };
  secondsPerPhase: number;
  rounds: number;
  order: PathName[];
  loadAverage: number[];
  paths: PathResult[];
  /** object / D1: below 1 for latency and above 1 for throughput means the object path is faster here. */
  ratios: { p50: number; p95: number; p99: number; perSec: number };
};

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

function summarize(path: PathName, phases: Phase[]): PathResult {
  const mine = phases.filter((p) => p.path === path);
  const events = mine.flatMap((p) => p.events);
  const ms = events.map((e) => e.ms);
  const seconds = mine.reduce((s, p) => s + p.seconds, 0);
  const worker = {
    roundTrips: round(mean(events.map((e) => e.roundTrips))),
    statements: round(mean(events.map((e) => e.statements))),
    writes: round(mean(events.map((e) => e.writes))),
  };
  const objects = mine.map((p) => p.object).filter((o): o is ObjectTotals => o !== null);
  const objectEvents = objects.reduce((s, o) => s + o.events.calls + o.qualifying.calls, 0);
  const object = objects.length
    ? {
        statements: round(
          objects.reduce((s, o) => s + o.events.statements + o.qualifying.statements, 0) / objectEvents,
        ),
        roundTrips: round(
          objects.reduce((s, o) => s + o.events.roundTrips + o.qualifying.roundTrips, 0) / objectEvents,
        ),
        starts: objects.reduce((s, o) => s + o.starts.calls, 0),
        /** Objects constructed during the phases (an idle object is evicted, and its next call constructs it again). */
        constructions: objects.reduce((s, o) => s + o.instances, 0),
      }
    : null;
  const errors = mine.flatMap((p) => p.errors);
  return {
    path,
    label: PATHS[path].label,
    route: `POST ${PATHS[path].event}`,
    events: events.length,
    seconds: round(seconds, 1),
    perSec: round(events.length / seconds, 1),
    p50: round(percentile(ms, 50), 1),
    p95: round(percentile(ms, 95), 1),
    p99: round(percentile(ms, 99), 1),
    perSecByPhase: mine.map((p) => round(p.events.length / p.seconds, 1)),
    p99ByPhase: mine.map((p) =>
      round(
        percentile(
          p.events.map((e) => e.ms),
          99,
        ),
        1,
      ),
    ),
    worker,
    object,
    total: {
      roundTrips: round(worker.roundTrips + (object?.roundTrips ?? 0)),
      statements: round(worker.statements + (object?.statements ?? 0)),
      writes: round(worker.writes + (object?.statements ?? 0)), // every statement the object sends D1 writes
    },
    startP50: round(
      percentile(
        mine.flatMap((p) => p.starts.map((s) => s.ms)),
        50,
      ),
      1,
    ),
    errors: errors.length,
    firstErrors: errors.slice(0, 5),
  };
}

export async function sideBySide(
  origin: string,
  viewers: User[],
  item: Item,
  o: { seconds: number; rounds: number; warmupSeconds: number; loadAverage: () => number },
  log: (msg: string) => void,
): Promise<SideBySide> {
  // Warm-up (not counted): both routes compiled and connected, the baseline's table created.
  for (const path of ["object", "d1"] as const) await phase(origin, path, viewers, item, o.warmupSeconds);
  const phases: Phase[] = [];
  const order: PathName[] = [];
  const loads: number[] = [];
  for (let r = 0; r < o.rounds; r++) {
    for (const path of r % 2 === 0 ? (["object", "d1"] as const) : (["d1", "object"] as const)) {
      loads.push(o.loadAverage());
      const p = await phase(origin, path, viewers, item, o.seconds);
      phases.push(p);
      order.push(path);
      log(`side by side, round ${r + 1}: ${PATHS[path].label}: ${p.events.length} events in ${p.seconds.toFixed(1)} s`);
    }
  }
  const paths = [summarize("object", phases), summarize("d1", phases)];
  const [obj, d1] = paths as [PathResult, PathResult];
  return {
    viewers: viewers.length,
    item: { title: item.title, seconds: item.durationMs / 1000 },
    secondsPerPhase: o.seconds,
    rounds: o.rounds,
    order,
    loadAverage: loads.map((l) => round(l)),
    paths,
    ratios: {
      p50: round(obj.p50 / d1.p50),
      p95: round(obj.p95 / d1.p95),
      p99: round(obj.p99 / d1.p99),
      perSec: round(obj.perSec / d1.perSec),
    },
  };
}
