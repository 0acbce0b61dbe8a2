// The pollers phase of bench:load: members with a home page open call `POST /api/earnings/calculate` every
// 30 s (docs/product-spec.md §7). With the load mix running, the same pollers call, phase by phase, the poll as
// it is (settles only what the caller is owed: docs/decisions/022) and the poll as it was (the site-wide job
// on every call: `POST /bench/baseline/earnings/calculate`). Each poller fires at its own offset within the
// interval, so polls arrive evenly (1,000 pollers every 30 s: 33 a second).
import http from "node:http";
import { timedRequest } from "../lib/http.ts";
import { percentile, round } from "../lib/stats.ts";

type PollPath = "cheap" | "siteWide";
const POLL_PATHS: Record<PollPath, { label: string; route: string }> = {
  siteWide: { label: "site-wide job on every poll (before)", route: "/bench/baseline/earnings/calculate" },
  cheap: { label: "the caller's own settling (after)", route: "/api/earnings/calculate" },
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

type Poll = { ms: number; statements: number; writes: number; roundTrips: number; processed: number };

type PollResult = {
  path: PollPath;
  label: string;
  route: string;
  polls: number;
  seconds: number;
  perSec: number;
  p50: number;
  p95: number;
  p99: number;
  /** Per poll, in the Worker (the session lookup included). */
  statements: number;
  writes: number;
  roundTrips: number;
  /** Polls that found nothing to settle, and the statements those cost. */
  idlePolls: number;
  idleStatements: number;
  /** Views and bonuses the phase's polls settled. */
  processed: number;
  errors: number;
  firstErrors: string[];
};

export type PollersReport = {
  pollers: number;
  everyMs: number;
  secondsPerPhase: number;
  order: PollPath[];
  paths: PollResult[];
  /** after / before. */
  ratios: { statements: number; p50: number; p95: number };
};

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

async function phase(
  origin: string,
  path: PollPath,
  cookies: string[],
  everyMs: number,
  seconds: number,
  mix: (deadline: number) => Promise<unknown>,
) {
  const polls: Poll[] = [];
  const errors: string[] = [];
  const begin = performance.now();
  const deadline = begin + seconds * 1000;
  await Promise.all([
    mix(deadline),
    ...cookies.map(async (cookie, i) => {
      for (let at = begin + (i / cookies.length) * everyMs; at < deadline; at += everyMs) {
        await sleep(at - performance.now());
        const res = await timedRequest(origin + POLL_PATHS[path].route, {
          method: "POST",
          headers: { cookie, origin, "content-type": "application/json" },
          body: "{}",
          keepBody: true,
          agent,
        });
        const text = res.body?.toString() ?? "";
        if (res.status !== 200) {
          errors.push(`${POLL_PATHS[path].route} → ${res.status}: ${text.slice(0, 200)}`);
          continue;
        }
        const processed = (JSON.parse(text) as { processed: number }).processed;
        polls.push({
          ms: res.ms,
          statements: res.statements ?? NaN,
          writes: res.writes ?? NaN,
          roundTrips: res.roundTrips ?? NaN,
          processed,
        });
      }
    }),
  ]);
  return { path, polls, errors, seconds: (performance.now() - begin) / 1000 };
}

type Phase = Awaited<ReturnType<typeof phase>>;

function summarize(path: PollPath, phases: Phase[]): PollResult {
  const mine = phases.filter((p) => p.path === path);
  const polls = mine.flatMap((p) => p.polls);
  const ms = polls.map((p) => p.ms);
  const idle = polls.filter((p) => p.processed === 0);
  const seconds = mine.reduce((s, p) => s + p.seconds, 0);
  const errors = mine.flatMap((p) => p.errors);
  return {
    path,
    label: POLL_PATHS[path].label,
    route: `POST ${POLL_PATHS[path].route}`,
    polls: polls.length,
    seconds: round(seconds, 1),
    perSec: round(polls.length / seconds, 1),
    p50: round(percentile(ms, 50)),
    p95: round(percentile(ms, 95)),
    p99: round(percentile(ms, 99)),
    statements: round(mean(polls.map((p) => p.statements))),
    writes: round(mean(polls.map((p) => p.writes))),
    roundTrips: round(mean(polls.map((p) => p.roundTrips))),
    idlePolls: idle.length,
    idleStatements: round(mean(idle.map((p) => p.statements))),
    processed: polls.reduce((s, p) => s + p.processed, 0),
    errors: errors.length,
    firstErrors: errors.slice(0, 3),
  };
}

/** Runs the phases (before first, then after), each with the load mix alongside, and compares them. */
export async function pollersSideBySide(
  origin: string,
  cookies: string[],
  opts: { everyMs: number; seconds: number; mix: (deadline: number) => Promise<unknown> },
  log: (msg: string) => void,
): Promise<PollersReport> {
  const order: PollPath[] = ["siteWide", "cheap"];
  const phases: Phase[] = [];
  for (const path of order) {
    log(`pollers: ${cookies.length} every ${opts.everyMs / 1000} s for ${opts.seconds} s, ${POLL_PATHS[path].label}`);
    phases.push(await phase(origin, path, cookies, opts.everyMs, opts.seconds, opts.mix));
  }
  const [before, after] = order.map((p) => summarize(p, phases)) as [PollResult, PollResult];
  return {
    pollers: cookies.length,
    everyMs: opts.everyMs,
    secondsPerPhase: opts.seconds,
    order,
    paths: [before, after],
    ratios: {
      statements: round(after.statements / before.statements),
      p50: round(after.p50 / before.p50),
      p95: round(after.p95 / before.p95),
    },
  };
}
