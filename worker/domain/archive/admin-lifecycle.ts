// The admin's side of the data lifecycle (docs/decisions/051): the windows (audited settings), the last run,
// the archived days, "Run now", and an archived day's file and manifest.
import type { ArchiveWindowsChange, LifecycleJson } from "../../../common/schemas/archive";
import {
  ARCHIVE_WINDOW_DEFAULTS,
  ARCHIVE_WINDOW_MAX_DAYS,
  NOTIFICATIONS_KEEP_DEFAULT_DAYS,
  NOTIFICATIONS_KEEP_MIN_DAYS,
  VIEWS_WINDOW_AFTER_HOLD_DAYS,
  VISITS_WINDOW_MIN_DAYS,
} from "../../../common/data-lifecycle";
import { archivedDays, readLastRun, type ArchiveDatasetName } from "../../db/queries/archive/archive";
import { readArchiveWindows } from "../../db/queries/archive/archive-settings";
import { badRequest, notFound } from "../../lib/errors";
import { checkAdmin, type AdminCall } from "../admin/admin-context";
import { changeSetting } from "../settings/change-setting";
import { ARCHIVE_DATASETS } from "./datasets";
import { archivedDayManifest, archivedDayStream } from "./read-archive";
import { CRON_BUDGET, runDataLifecycle, type LifecycleReport } from "./run-lifecycle";

type ArchiveEnv = { DB: D1Database; ARCHIVE: R2Bucket };

/** How many archived days per dataset the screen lists (newest first). */
const DAYS_LISTED = 120;

export async function readLifecycle({ ctx, input }: AdminCall<{ env: ArchiveEnv }>): Promise<LifecycleJson> {
  checkAdmin(ctx);
  const w = await readArchiveWindows(input.env.DB);
  const lastRun = await readLastRun(input.env.DB);
  const datasets = await Promise.all(
    ARCHIVE_DATASETS.map(async (ds) => ({
      dataset: ds.name,
      days: (await archivedDays(input.env.DB, ds.name, DAYS_LISTED)).map(
        ({ dataset: _, manifest_key: __, ...day }) => day,
      ),
    })),
  );
  const window = (value: number, effective: number, min: number, byDefault: number) => ({
    value,
    effective,
    min,
    max: ARCHIVE_WINDOW_MAX_DAYS,
    default: byDefault,
  });
  return {
    windows: {
      archive_visits_after_days: window(
        w.visits_stored,
        w.visits_effective,
        VISITS_WINDOW_MIN_DAYS,
        ARCHIVE_WINDOW_DEFAULTS.archive_visits_after_days,
      ),
      archive_views_after_days: window(
        w.views_stored,
        w.views_effective,
        w.views_min,
        ARCHIVE_WINDOW_DEFAULTS.archive_views_after_days,
      ),
      notifications_keep_days: window(
        w.notices_stored,
        w.notices_effective,
        NOTIFICATIONS_KEEP_MIN_DAYS,
        NOTIFICATIONS_KEEP_DEFAULT_DAYS,
      ),
    },
    earnings_hold_days: w.hold_days,
    last_run: lastRun ? (JSON.parse(lastRun) as LifecycleReport) : null,
    datasets,
  };
}

/**
 * Sets the windows (and how long notifications stay, when sent), each change audited like any setting. The views window may not be under the earnings hold
 * plus VIEWS_WINDOW_AFTER_HOLD_DAYS (never under VIEWS_WINDOW_FLOOR_DAYS) as the hold is now; the schema checks the
 * bounds that never change.
 */
export async function changeArchiveWindows({
  ctx,
  input,
}: AdminCall<{ env: ArchiveEnv; windows: ArchiveWindowsChange }>): Promise<LifecycleJson> {
  checkAdmin(ctx);
  const { views_min: viewsMin } = await readArchiveWindows(input.env.DB);
  if (input.windows.archive_views_after_days < viewsMin) {
    throw badRequest(
      `archive_views_after_days must be at least ${viewsMin} days (the earnings hold plus ${VIEWS_WINDOW_AFTER_HOLD_DAYS} ${VIEWS_WINDOW_AFTER_HOLD_DAYS === 1 ? "day" : "days"})`,
    );
  }
  const defaults = {
    archive_visits_after_days: String(ARCHIVE_WINDOW_DEFAULTS.archive_visits_after_days),
    archive_views_after_days: String(ARCHIVE_WINDOW_DEFAULTS.archive_views_after_days),
    notifications_keep_days: String(NOTIFICATIONS_KEEP_DEFAULT_DAYS),
  };
  for (const key of ["archive_visits_after_days", "archive_views_after_days", "notifications_keep_days"] as const) {
    const value = input.windows[key];
    if (value !== undefined) await changeSetting({ ctx, input: { defaults, key, value: String(value) } });
  }
  return readLifecycle({ ctx, input: { env: input.env } });
}

export async function runLifecycleNow({
  ctx,
  input,
}: AdminCall<{ env: ArchiveEnv; nowMs: number }>): Promise<LifecycleReport> {
  checkAdmin(ctx);
  // The cron's bounds: a click cannot hold a request for long, and its parts are the cron's parts.
  return runDataLifecycle({ ctx: { env: input.env }, input: { nowMs: input.nowMs, budget: CRON_BUDGET } });
}

type DayInput = { env: ArchiveEnv; dataset: ArchiveDatasetName; day: string };

const notArchived = (i: DayInput) =>
  notFound(`No archived ${i.dataset} day ${i.day}: it is still in the database or had no rows`, "not_archived");

export async function downloadArchivedDay({ ctx, input }: AdminCall<DayInput>) {
  checkAdmin(ctx);
  const file = await archivedDayStream(input.env, input.dataset, input.day);
  if (!file) throw notArchived(input);
  return file;
}

export async function readArchivedManifest({ ctx, input }: AdminCall<DayInput>) {
  checkAdmin(ctx);
  const manifest = await archivedDayManifest(input.env, input.dataset, input.day);
  if (!manifest) throw notArchived(input);
  return manifest;
}
