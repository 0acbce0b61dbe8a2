// The data lifecycle job (docs/decisions/051): moves each dataset's due days from D1 to R2 in bounded parts.
// Per part: read the rows after the day's last part, put the part in R2, then ONE D1 batch inserts the part's
// permit row (archive_parts) and removes exactly those rows. A crash between the put and the batch leaves the
// rows in D1 and the next run writes the same part again; a batch that runs twice fails on the permit's primary
// key and removes nothing. A day whose rows are all gone gets its manifest (chained to the previous day's).
// Then old notifications and the recommender's finished items past its week are deleted, a bounded slice a run
// (docs/decisions/055, 060).
import {
  dayLastPartAt,
  dayParts,
  dayStatus,
  lastPart,
  markDayDone,
  openDay,
  partStatements,
  previousDoneSha,
  saveLastRun,
} from "../../db/queries/archive/archive";
import type { LifecycleRunJson } from "../../../common/schemas/archive";
import { nowIso } from "../../lib/time";
import type { ArchiveDataset } from "./dataset";
import { ARCHIVE_DATASETS } from "./datasets";
import { buildManifest, manifestBytes } from "./manifest";
import { pruneNotifications, type NotificationsReport } from "./notifications-retention";
import { errorMessage } from "./prune-slices";
import { pruneRecentFinishes, type RecentFinishesReport } from "./recent-finishes-retention";
import { encodePart, manifestObjectKey, partObjectKey, sha256OfBytes } from "./part-file";

export type LifecycleBudget = {
  /**
   * Rows per part (one R2 object, one D1 batch). Every run of a deployment must use the same number: two runs
   * that race for a day's part then read the same rows and put the same bytes under its name.
   */
  rowsPerPart: number;
  /** Parts per dataset and run. Notifications are deleted in as many slices of `rowsPerPart` rows a run. */
  partsPerRun: number;
  /** Wall time per run in ms, shared out evenly between the datasets; a part under way is finished. */
  timeMs: number;
};

/** The cron's budget, and "Run now"'s: a few seconds and a few batches a minute. */
export const CRON_BUDGET: LifecycleBudget = { rowsPerPart: 2000, partsPerRun: 4, timeMs: 3000 };

// The report is the admin answer's shape (common/schemas/archive.ts), with the notifications and recent finishes
// parts always present (the schema allows them absent only for reports kept before decisions 055 and 060).
type DatasetReport = LifecycleRunJson["datasets"][number];

export type LifecycleReport = Omit<LifecycleRunJson, "notifications" | "recent_finishes"> & {
  notifications: NotificationsReport;
  recent_finishes: RecentFinishesReport;
};

type ArchiveEnv = { DB: D1Database; ARCHIVE: R2Bucket };

/** The job's shape (docs/decisions/070): the bindings it archives with; the instant, the bounds, the datasets. */
type LifecycleCall = {
  ctx: { env: ArchiveEnv };
  input: { nowMs: number; budget: LifecycleBudget; datasets?: readonly ArchiveDataset[] };
};

async function finishDay(env: ArchiveEnv, ds: ArchiveDataset, day: string, nowMs: number) {
  const parts = await dayParts(env.DB, ds.name, day);
  const prev = await previousDoneSha(env.DB, ds.name, day);
  // Made of D1's records only (no clock), so two runs finishing the same day put the same bytes.
  const createdAt = (await dayLastPartAt(env.DB, ds.name, day)) ?? nowIso(nowMs);
  const bytes = manifestBytes(buildManifest(ds.name, day, parts, prev ?? null, createdAt));
  const sha256 = await sha256OfBytes(bytes);
  const manifestKey = manifestObjectKey(ds.name, day);
  await env.ARCHIVE.put(manifestKey, bytes, { sha256, httpMetadata: { contentType: "application/json" } });
  await markDayDone(env.DB, {
    dataset: ds.name,
    day,
    manifestKey,
    sha256,
    prevSha256: prev ?? null,
    doneAt: nowIso(nowMs),
  });
  // Only once the day is done: its parts hold every line, so what waited elsewhere may go.
  await ds.afterDone?.(env.ARCHIVE, day);
}

async function runDataset(
  env: ArchiveEnv,
  ds: ArchiveDataset,
  nowMs: number,
  budget: LifecycleBudget,
): Promise<DatasetReport> {
  const r: DatasetReport = {
    dataset: ds.name,
    days_done: [],
    parts: 0,
    rows: 0,
    kept: 0,
    bytes: 0,
    stopped: "",
    error: null,
  };
  const deadline = Date.now() + budget.timeMs;
  try {
    for (;;) {
      if (r.parts >= budget.partsPerRun) return { ...r, stopped: "part budget used; the next run goes on" };
      if (Date.now() >= deadline) return { ...r, stopped: "time budget used; the next run goes on" };
      let day = await openDay(env.DB, ds.name);
      if (!day) {
        day = await ds.nextDay(env.DB, nowMs);
        if (!day) return { ...r, stopped: "no day is due" };
        // A dataset that offers a finished day again would loop; stop and say so instead.
        if ((await dayStatus(env.DB, ds.name, day)) === "done") return { ...r, stopped: `${day} is already archived` };
      }
      const last = await lastPart(env.DB, ds.name, day);
      const afterKey = last?.last_key ?? "";
      const rows = await ds.readRows(env.DB, day, afterKey, budget.rowsPerPart, env.ARCHIVE);
      // Another run may have written this part meanwhile: then these rows are its successor's, and putting them
      // under this part's name would overwrite the part it wrote. Its permit is in D1 before its rows leave, so
      // looking again after the read tells; a run that still sees no new part read the same rows it did.
      if ((await lastPart(env.DB, ds.name, day))?.part !== last?.part)
        return { ...r, stopped: "another run is archiving this day" };
      if (rows.length === 0) {
        if (!last) return { ...r, stopped: `${day} has no rows to archive` };
        await finishDay(env, ds, day, nowMs);
        r.days_done.push(day);
        continue;
      }
      const lastKey = rows[rows.length - 1]!.key;
      const part = (last?.part ?? 0) + 1;
      const body = await encodePart(rows);
      const sha256 = await sha256OfBytes(body);
      const objectKey = partObjectKey(ds.name, day, part);
      const kept = (await ds.keptIn?.(env.DB, day, afterKey, lastKey, nowMs)) ?? 0;
      await env.ARCHIVE.put(objectKey, body, { sha256, httpMetadata: { contentType: "application/gzip" } });
      await env.DB.batch([
        ...partStatements(env.DB, {
          dataset: ds.name,
          day,
          part,
          afterKey,
          lastKey,
          rows: rows.length,
          kept,
          bytes: body.byteLength,
          sha256,
          objectKey,
          createdAt: nowIso(nowMs),
        }),
        ...ds.removeStatements(env.DB, day, afterKey, lastKey, nowMs),
      ]);
      r.parts += 1;
      r.rows += rows.length;
      r.kept += kept;
      r.bytes += body.byteLength;
    }
  } catch (e) {
    // One dataset's failure (another run's batch won the race, R2 down) must not stop the others or the cron.
    return { ...r, stopped: "error", error: errorMessage(e) };
  }
}

/**
 * One run over `datasets`, each within `budget`, then the notifications' and the recent finishes' slices; the
 * report is kept for the admin screen and returned.
 */
export async function runDataLifecycle({ ctx: { env }, input }: LifecycleCall): Promise<LifecycleReport> {
  const { nowMs, budget, datasets = ARCHIVE_DATASETS } = input;
  const startedAt = nowIso();
  const reports: DatasetReport[] = [];
  const share = { ...budget, timeMs: budget.timeMs / Math.max(1, datasets.length) };
  for (const ds of datasets) reports.push(await runDataset(env, ds, nowMs, share));
  const notifications = await pruneNotifications(env.DB, nowMs, budget);
  const finishes = await pruneRecentFinishes(env.DB, nowMs, budget);
  const report: LifecycleReport = {
    started_at: startedAt,
    finished_at: nowIso(),
    datasets: reports,
    notifications,
    recent_finishes: finishes,
  };
  await saveLastRun(env.DB, JSON.stringify(report), report.finished_at);
  const pruned = [notifications, finishes].some((p) => p.removed > 0 || p.error);
  if (reports.some((d) => d.parts > 0 || d.error) || pruned) {
    console.log("data lifecycle", JSON.stringify(report));
  }
  return report;
}
