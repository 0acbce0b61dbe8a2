// The one place the bench calls the data lifecycle (docs/decisions/051): runLifecycleFor(day) runs the job
// (worker/domain/archive/run-lifecycle.ts runDataLifecycle) as the cron would over the simulated day after `day`:
// one run a minute, each within the job's own budget, until a run moves nothing more. Before that module exists
// (or with --baseline), nothing runs: the "keep everything" baseline the issue compares with.
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Opened } from "./sqlite-d1.ts";

const MODULE = "worker/domain/archive/run-lifecycle.ts";
/** The cron runs once a minute: at most this many runs are simulated for one day. */
const RUNS_PER_DAY = 1_440;
const MINUTE_MS = 60_000;

type RunDataLifecycle = (env: unknown, nowMs: number, budget?: unknown) => Promise<unknown>;
export type LifecycleDay = { runs: number; partsAdded: number; ms: number; lastReport: unknown };

export const lifecycleAvailable = () => existsSync(MODULE);

let job: RunDataLifecycle | null = null;
async function loadJob(): Promise<RunDataLifecycle> {
  // A computed specifier: the module is helper A's (branch i29-archive) and the bench must build without it.
  job ??= ((await import(pathToFileURL(path.resolve(MODULE)).href)) as { runDataLifecycle: RunDataLifecycle }).runDataLifecycle;
  return job;
}

const partsCount = async (opened: Opened) =>
  Number((await opened.d1.prepare("select count(*) as n from archive_parts").first("n")) ?? 0);

/**
 * The lifecycle's work for the day that starts at `nowMs` (the cron's runs from then on), against the bench's D1
 * and the local R2 bucket ARCHIVE. Stops after the first run that adds no archive part (the job is idle until a
 * new day is old enough). Null when the baseline keeps everything.
 */
export async function runLifecycleFor(
  _day: number,
  ctx: { opened: Opened; archive: unknown; nowMs: number; enabled: boolean },
): Promise<LifecycleDay | null> {
  if (!ctx.enabled) return null;
  const run = await loadJob();
  const env = { DB: ctx.opened.d1, ARCHIVE: ctx.archive };
  const start = performance.now();
  const before = await partsCount(ctx.opened);
  let parts = before;
  let runs = 0;
  let lastReport: unknown = null;
  while (runs < RUNS_PER_DAY) {
    lastReport = await run(env, ctx.nowMs + runs * MINUTE_MS);
    runs++;
    const now = await partsCount(ctx.opened);
    if (now === parts) break;
    parts = now;
  }
  return { runs, partsAdded: parts - before, ms: Math.round(performance.now() - start), lastReport };
}
