// The simulated days: traffic, views and their earnings, the crons, the lifecycle, and the sizes, day by day.
import { rollPageTotals } from "../../worker/domain/traffic/page-totals.ts";
import { archiveBytes, type R2Like } from "./archive.ts";
import { runLifecycleFor, type LifecycleDay } from "./lifecycle.ts";
import { measureD1, openFresh, tableBytes, type Opened } from "./sqlite-d1.ts";
import { ingestVisits, visitsOfDay } from "./traffic-day.ts";
import { insertViews, settleDay } from "./views-day.ts";
import { seedWorld } from "./world.ts";

const DAY_MS = 86_400_000;
/** The first simulated day (UTC midnight). */
const START_MS = Date.parse("2026-01-01T00:00:00.000Z");
/** The cron's runs that close a day happen this long after midnight (page totals wait 5 minutes for late visits). */
const CRON_AFTER_MS = 10 * 60_000;

export type Day = {
  day: number;
  date: string;
  /** The D1 file after a WAL checkpoint, no VACUUM (sqlite-d1.ts measureD1). */
  d1_bytes: number;
  /** The pages in use: d1_bytes less the free pages SQLite reuses for the next rows. */
  d1_used_bytes: number;
  /** Every archive object in R2 (parts and manifests). */
  r2_bytes: number;
  /** Pages the day's visits and their rollups took (used bytes after − before). */
  visits_bytes_added: number;
  /** Pages the day's views, their earnings and notices took. */
  views_bytes_added: number;
  /** Pages the lifecycle freed (negative) for the day, 0 in the baseline. */
  lifecycle_bytes: number;
  credited_views: number;
  lifecycle: { runs: number; parts: number; rows: number; bytes: number; days_done: number; ms: number } | null;
  ms: { visits: number; views: number; lifecycle: number };
};

export type Simulation = {
  opened: Opened;
  days: Day[];
  baseBytes: number;
  credits: Map<string, number>;
  totals: { visits: number; views: number };
  endMs: number;
  lastLifecycleReport: unknown;
  /** Bytes per table after `snapshotDay` days (before anything is old enough to archive) and at the end. */
  tables: { snapshotDays: number; atSnapshot: ReturnType<typeof tableBytes>; atEnd: ReturnType<typeof tableBytes> };
};

export async function simulate(opts: {
  file: string;
  archive: R2Like;
  days: number;
  visits: number;
  views: number;
  lifecycle: boolean;
  snapshotDay: number;
  log: (msg: string) => void;
}): Promise<Simulation> {
  let atSnapshot: ReturnType<typeof tableBytes> = [];
  const opened = openFresh(opts.file);
  await seedWorld(opened, new Date(START_MS - DAY_MS).toISOString());
  const baseBytes = measureD1(opened).fileBytes;
  const credits = new Map<string, number>();
  const totals = { visits: 0, views: 0 };
  const days: Day[] = [];
  let lastLifecycleReport: unknown = null;
  for (let d = 0; d < opts.days; d++) {
    const dayStart = START_MS + d * DAY_MS;
    const next = dayStart + DAY_MS;
    const date = new Date(dayStart).toISOString().slice(0, 10);
    const t0 = performance.now();
    const before = measureD1(opened).usedBytes;
    const traffic = visitsOfDay(d, dayStart, opts.visits);
    await ingestVisits(opened, traffic);
    totals.visits += traffic.visits.length;
    const afterVisits = measureD1(opened).usedBytes;
    const t1 = performance.now();
    await insertViews(opened, d, dayStart, opts.views);
    totals.views += opts.views;
    // The earnings cron just after midnight settles the day's qualified views (held one day).
    const credited = await settleDay(opened, new Date(next + 60_000).toISOString(), date, credits);
    await rollPageTotals({
      ctx: { env: { DB: opened.d1 as unknown as D1Database } },
      input: { nowMs: next + CRON_AFTER_MS },
    });
    const afterViews = measureD1(opened).usedBytes;
    const t2 = performance.now();
    const lifecycle: LifecycleDay | null = await runLifecycleFor(d, {
      opened,
      archive: opts.archive,
      nowMs: next + CRON_AFTER_MS,
      enabled: opts.lifecycle,
    });
    if (lifecycle) lastLifecycleReport = lifecycle.lastReport;
    const size = measureD1(opened);
    const t3 = performance.now();
    days.push({
      day: d,
      date,
      d1_bytes: size.fileBytes,
      d1_used_bytes: size.usedBytes,
      r2_bytes: await archiveBytes(opts.archive),
      visits_bytes_added: afterVisits - before,
      views_bytes_added: afterViews - afterVisits,
      lifecycle_bytes: size.usedBytes - afterViews,
      credited_views: credited,
      lifecycle: lifecycle && {
        runs: lifecycle.runs,
        parts: lifecycle.parts,
        rows: lifecycle.rows,
        bytes: lifecycle.bytes,
        days_done: lifecycle.daysDone,
        ms: lifecycle.ms,
      },
      ms: { visits: Math.round(t1 - t0), views: Math.round(t2 - t1), lifecycle: Math.round(t3 - t2) },
    });
    if (d + 1 === opts.snapshotDay) atSnapshot = tableBytes(opened);
    if (d % 10 === 9 || d === opts.days - 1) {
      const mb = (b: number) => (b / 1e6).toFixed(1);
      opts.log(
        `day ${d + 1}/${opts.days} (${date}): D1 ${mb(size.fileBytes)} MB (in use ${mb(size.usedBytes)}), R2 ${mb(days.at(-1)!.r2_bytes)} MB; ` +
          `visits ${Math.round(t1 - t0)} ms, views ${Math.round(t2 - t1)} ms, lifecycle ${Math.round(t3 - t2)} ms`,
      );
    }
  }
  return {
    opened,
    days,
    baseBytes,
    credits,
    totals,
    endMs: START_MS + opts.days * DAY_MS + CRON_AFTER_MS,
    lastLifecycleReport,
    tables: { snapshotDays: opts.snapshotDay, atSnapshot, atEnd: tableBytes(opened) },
  };
}
