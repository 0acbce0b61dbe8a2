// How long rows that grow with traffic stay in D1 before the data lifecycle moves them to R2
// (docs/decisions/051), bounded alike wherever they are typed or checked. The Worker reads the windows inside
// its SQL (worker/db/queries/archive-settings.ts), as max(setting, minimum).

export const ARCHIVE_WINDOW_DEFAULTS = { archive_visits_after_days: 120, archive_views_after_days: 60 } as const;
export type ArchiveWindowKey = keyof typeof ARCHIVE_WINDOW_DEFAULTS;

export const ARCHIVE_WINDOW_MAX_DAYS = 3650;

/** The longest dashboard range (90 days) plus the partial first day it reads session by session. */
export const VISITS_WINDOW_MIN_DAYS = 91;

/** Views stay while a reward may still be held, plus a month of review; never under 31 days. */
export const viewsWindowMinDays = (earningsHoldDays: number) => Math.max(31, earningsHoldDays + 30);

/** The least each window may be set to, given the current earnings hold. */
export const archiveWindowMinimums = (earningsHoldDays: number): Record<ArchiveWindowKey, number> => ({
  archive_visits_after_days: VISITS_WINDOW_MIN_DAYS,
  archive_views_after_days: viewsWindowMinDays(earningsHoldDays),
});
