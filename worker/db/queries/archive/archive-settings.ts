// The data lifecycle's windows as SQL expressions (docs/decisions/051), and how long notifications stay (055),
// read inside the statements that pick a day to archive or the notices to delete. Each is max(setting, minimum):
// a stored value under today's minimum (the views window after an admin raised the earnings hold) reads as the
// minimum, so no reader ever loses rows it still needs.
import {
  ARCHIVE_WINDOW_DEFAULTS,
  ARCHIVE_WINDOW_MAX_DAYS,
  PAGE_DAYS_MIN_DAYS,
  NOTIFICATIONS_KEEP_DEFAULT_DAYS,
  NOTIFICATIONS_KEEP_MIN_DAYS,
  VIEWS_WINDOW_AFTER_HOLD_DAYS,
  VIEWS_WINDOW_FLOOR_DAYS,
  VISITS_WINDOW_MIN_DAYS,
  type ArchiveWindowKey,
} from "../../../../common/data-lifecycle";
import { EARNINGS_HOLD_DAYS_SQL } from "../earnings/earning-rule-settings";

const DEFAULTS = { ...ARCHIVE_WINDOW_DEFAULTS, notifications_keep_days: NOTIFICATIONS_KEEP_DEFAULT_DAYS };

const stored = (key: ArchiveWindowKey | "notifications_keep_days") =>
  `coalesce((select cast(value as integer) from settings where key = '${key}' and cast(value as integer) between 1 and ${ARCHIVE_WINDOW_MAX_DAYS}), ${DEFAULTS[key]})`;

/** Days a page visit and session row stays in D1. */
export const VISITS_WINDOW_DAYS_SQL = `max(${stored("archive_visits_after_days")}, ${VISITS_WINDOW_MIN_DAYS})`;
/** Days a page-day rollup stays: while the longest dashboard range's top pages may read it, and never less
 * than the visits (decision 054). */
export const PAGE_DAYS_WINDOW_DAYS_SQL = `max(${VISITS_WINDOW_DAYS_SQL}, ${PAGE_DAYS_MIN_DAYS})`;

/** The least the views window may be: the earnings hold plus 1 day, never under 2 (common/data-lifecycle.ts). */
const VIEWS_WINDOW_MIN_DAYS_SQL = `max(${VIEWS_WINDOW_FLOOR_DAYS}, ${EARNINGS_HOLD_DAYS_SQL} + ${VIEWS_WINDOW_AFTER_HOLD_DAYS})`;
/** Days a view (with its earnings rows) stays in D1: the views dataset's nextDay reads it (decision 053).
 * @public */
export const VIEWS_WINDOW_DAYS_SQL = `max(${stored("archive_views_after_days")}, ${VIEWS_WINDOW_MIN_DAYS_SQL})`;

/** Days a notification stays before the lifecycle deletes it (docs/decisions/055). */
export const NOTIFICATIONS_KEEP_DAYS_SQL = `max(${stored("notifications_keep_days")}, ${NOTIFICATIONS_KEEP_MIN_DAYS})`;

/** The windows as stored (defaults for keys never set) and as they apply now, with today's minimums. */
export async function readArchiveWindows(d1: D1Database) {
  return (await d1
    .prepare(
      `select ${stored("archive_visits_after_days")} as visits_stored, ${VISITS_WINDOW_DAYS_SQL} as visits_effective,
         ${stored("archive_views_after_days")} as views_stored, ${VIEWS_WINDOW_DAYS_SQL} as views_effective,
         ${VIEWS_WINDOW_MIN_DAYS_SQL} as views_min, ${EARNINGS_HOLD_DAYS_SQL} as hold_days,
         ${stored("notifications_keep_days")} as notices_stored, ${NOTIFICATIONS_KEEP_DAYS_SQL} as notices_effective`,
    )
    .first<{
      visits_stored: number;
      visits_effective: number;
      views_stored: number;
      views_effective: number;
      views_min: number;
      hold_days: number;
      notices_stored: number;
      notices_effective: number;
    }>())!;
}
