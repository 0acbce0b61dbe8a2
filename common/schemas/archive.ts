import { z } from "zod";
import { ARCHIVE_WINDOW_MAX_DAYS, NOTIFICATIONS_KEEP_MIN_DAYS, VISITS_WINDOW_MIN_DAYS } from "../data-lifecycle";

// The data lifecycle's admin API (docs/decisions/051): its windows, its last run, the archived days and their
// files. The views window's minimum depends on the earnings hold, so the server checks it (a 400 naming it);
// the schema holds the bounds that never change.

const windowDays = (key: string, min: number) =>
  z
    .number(`${key} must be a number`)
    .int(`${key} must be a whole number of days`)
    .min(min, `${key} must be at least ${min} ${min === 1 ? "day" : "days"}`)
    .max(ARCHIVE_WINDOW_MAX_DAYS, `${key} must be at most ${ARCHIVE_WINDOW_MAX_DAYS} days`);

/** PUT /api/admin/archive/windows */
export const archiveWindowsChange = z.object({
  archive_visits_after_days: windowDays("archive_visits_after_days", VISITS_WINDOW_MIN_DAYS),
  // Its minimum (the earnings hold plus 1, never under 2) is the server's check, which names it.
  archive_views_after_days: windowDays("archive_views_after_days", 1),
  // How long notifications stay (docs/decisions/055); left out, it stays as it is.
  notifications_keep_days: windowDays("notifications_keep_days", NOTIFICATIONS_KEEP_MIN_DAYS).optional(),
});
export type ArchiveWindowsChange = z.input<typeof archiveWindowsChange>;

const ARCHIVE_DATASET_NAMES = ["visits", "page-days", "views", "member-days"] as const;
const dataset = z.enum(ARCHIVE_DATASET_NAMES, "dataset must be visits, page-days, views or member-days");

/** GET /api/admin/archive/{dataset}/{day}[/manifest] */
export const archiveDayParams = z.object({
  dataset,
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "day must be a UTC date written YYYY-MM-DD")
    .refine(
      (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
      "day is not a calendar date",
    ),
});

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

const windowOut = z.object({
  /** As stored (the default when never set). */
  value: z.number().int(),
  /** What applies now: max(value, min). */
  effective: z.number().int(),
  min: z.number().int(),
  max: z.number().int(),
  default: z.number().int(),
});

const archivedDayOut = z.object({
  day: z.string(),
  status: z.enum(["open", "done"]),
  parts: z.number().int(),
  rows: z.number().int(),
  kept: z.number().int(),
  bytes: z.number().int(),
  sha256: z.string().nullable(),
  prev_sha256: z.string().nullable(),
  started_at: z.string(),
  done_at: z.string().nullable(),
});

export const lifecycleRunOut = z.object({
  started_at: z.string(),
  finished_at: z.string(),
  datasets: z.array(
    z.object({
      dataset,
      days_done: z.array(z.string()),
      parts: z.number().int(),
      rows: z.number().int(),
      kept: z.number().int(),
      bytes: z.number().int(),
      stopped: z.string(),
      error: z.string().nullable(),
    }),
  ),
  /** The notifications the run deleted (docs/decisions/055); absent from reports kept before it did. */
  notifications: z
    .object({
      removed: z.number().int(),
      keep_days: z.number().int(),
      /** Notifications dated before this went. */
      before: z.string(),
      stopped: z.string(),
      error: z.string().nullable(),
    })
    .optional(),
  /** The recommender's finished items the run deleted, days before `before_day` (docs/decisions/060); absent from
   *  reports kept before it did. */
  recent_finishes: z
    .object({
      removed: z.number().int(),
      before_day: z.string(),
      stopped: z.string(),
      error: z.string().nullable(),
    })
    .optional(),
});
export type LifecycleRunJson = z.output<typeof lifecycleRunOut>;

/** GET /api/admin/archive and PUT /api/admin/archive/windows */
export const lifecycleOut = z.object({
  windows: z.object({
    archive_visits_after_days: windowOut,
    archive_views_after_days: windowOut,
    notifications_keep_days: windowOut,
  }),
  earnings_hold_days: z.number().int(),
  last_run: lifecycleRunOut.nullable(),
  /** Per dataset the job moves, its archived days, newest first (at most the last 120). */
  datasets: z.array(z.object({ dataset, days: z.array(archivedDayOut) })),
});
export type LifecycleJson = z.output<typeof lifecycleOut>;

/** GET /api/admin/archive/{dataset}/{day}/manifest: the manifest as stored in R2. */
export const archiveManifestOut = z.object({
  dataset,
  day: z.string(),
  parts: z.array(
    z.object({
      part: z.number().int(),
      object_key: z.string(),
      after_key: z.string(),
      last_key: z.string(),
      rows: z.number().int(),
      kept: z.number().int(),
      bytes: z.number().int(),
      sha256: z.string(),
    }),
  ),
  rows: z.number().int(),
  kept: z.number().int(),
  bytes: z.number().int(),
  prev_sha256: z.string().nullable(),
  created_at: z.string(),
});
