// The one place the bench calls the data lifecycle (docs/decisions/051): runLifecycleFor(day) runs the job
// (worker/domain/archive/run-lifecycle.ts runDataLifecycle, with the cron's budget) as the cron would over the
// simulated day after `day`: one run a minute until a run moves nothing. With --baseline nothing runs: the
// "keep everything" baseline the data-growth goal compares with.
import { CRON_BUDGET, runDataLifecycle, type LifecycleReport } from "../../worker/domain/archive/run-lifecycle.ts";
import type { Opened } from "./sqlite-d1.ts";

/** The cron runs once a minute: at most this many runs are simulated for one day. */
const RUNS_PER_DAY = 1_440;
const MINUTE_MS = 60_000;

export type LifecycleDay = {
  runs: number;
  parts: number;
  rows: number;
  bytes: number;
  daysDone: number;
  ms: number;
  lastReport: LifecycleReport | null;
};

/**
 * The lifecycle's work for the day that starts at `nowMs` (the cron's runs from then on), against the bench's D1
 * and the local R2 bucket ARCHIVE. Stops after the first run that moves nothing (the job is idle until another
 * day is old enough); a dataset's error stops the bench (the job itself only reports it). Null in the baseline.
 */
export async function runLifecycleFor(
  _day: number,
  ctx: { opened: Opened; archive: unknown; nowMs: number; enabled: boolean },
): Promise<LifecycleDay | null> {
  if (!ctx.enabled) return null;
  const env = { DB: ctx.opened.d1, ARCHIVE: ctx.archive } as unknown as Parameters<
    typeof runDataLifecycle
  >[0]["ctx"]["env"];
  const out: LifecycleDay = { runs: 0, parts: 0, rows: 0, bytes: 0, daysDone: 0, ms: 0, lastReport: null };
  const start = performance.now();
  // The job logs each run that moved something; a day of the bench makes dozens of them.
  const log = console.log;
  console.log = () => {};
  try {
    while (out.runs < RUNS_PER_DAY) {
      const report = await runDataLifecycle({
        ctx: { env },
        input: { nowMs: ctx.nowMs + out.runs * MINUTE_MS, budget: CRON_BUDGET },
      });
      out.runs++;
      out.lastReport = report;
      const failed = report.datasets.find((d) => d.error);
      if (failed) throw new Error(`data lifecycle, ${failed.dataset}: ${failed.error}`);
      for (const d of report.datasets) {
        out.parts += d.parts;
        out.rows += d.rows;
        out.bytes += d.bytes;
        out.daysDone += d.days_done.length;
      }
      if (report.datasets.every((d) => d.parts === 0 && d.days_done.length === 0)) break;
    }
  } finally {
    console.log = log;
  }
  out.ms = Math.round(performance.now() - start);
  return out;
}
