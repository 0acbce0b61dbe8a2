// How long rows that grow with traffic stay in D1 before the data lifecycle moves them to R2
// (docs/decisions/051), bounded alike wherever they are typed or checked. The Worker reads the windows inside
// its SQL (worker/db/queries/archive-settings.ts), as max(setting, minimum).

export const ARCHIVE_WINDOW_DEFAULTS = { archive_visits_after_days: 120, archive_views_after_days: 60 } as const;
export type ArchiveWindowKey = keyof typeof ARCHIVE_WINDOW_DEFAULTS;

export const ARCHIVE_WINDOW_MAX_DAYS = 3650;

/** The longest dashboard range (90 days) plus the partial first day it reads session by session. */
export const VISITS_WINDOW_MIN_DAYS = 91;

/** Views stay while a reward may still be held plus a month of review (earnings_hold_days + this)… */
export const VIEWS_WINDOW_AFTER_HOLD_DAYS = 30;
/** …and never less than this many days. */
export const VIEWS_WINDOW_FLOOR_DAYS = 31;
