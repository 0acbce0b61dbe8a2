// How long rows that grow with traffic stay in D1 before the data lifecycle moves them to R2
// (docs/decisions/051), bounded alike wherever they are typed or checked. The Worker reads the windows inside
// its SQL (worker/db/queries/archive/archive-settings.ts), as max(setting, minimum).
//
// The defaults are the least each window may be (at the default earnings hold): at a million visits a day every
// further day costs D1 about 0.77 GB of raw visits, 0.40 GB of views with their rewards or 0.11 GB of
// notifications, and longer defaults did not fit D1's 10 GB (docs/decisions/077, common/d1-size-model.ts). An
// operator with less traffic may lengthen any of them on the Data tab.
import { TUNABLE_EARNING_RULES } from "./earning-policy";
import { UPLOAD_NOTICE_DAYS } from "./notifications";

export const ARCHIVE_WINDOW_MAX_DAYS = 3650;

/**
 * Raw visits and sessions: dashboards read only day rollups (ranges are whole UTC days, decision 054), so only
 * the ingest reads a session's row, while the session goes on. A whole day past the day it began (decision 062):
 * a session that comes back after its first day and the next is counted again, as a new one, on its own day.
 */
export const VISITS_WINDOW_MIN_DAYS = 1;

/** Page-day rollups (their own dataset, page-days): the longest dashboard range, 90 days, reads them from the
 *  day that holds now − 90 × 24 h, so they stay 91 days and until the page totals have rolled past them. */
export const PAGE_DAYS_MIN_DAYS = 91;

/**
 * Views stay while a reward may still be held plus a day (earnings_hold_days + this)… Nothing about money reads a
 * view after its hold: the sweep, reviews, takedowns and caps read held rewards, a view a review names or a claim may
 * judge is kept past the window, and the all-time questions read the aggregates (decision 053). Older days show each
 * member the day's summary; the recommender's week of finished items is kept apart (recent_finishes). A view row
 * with its two rewards is the largest thing a view writes, so this window sets most of D1's size (decisions 056,
 * 060, 077): the default is this minimum at the default hold.
 */
export const VIEWS_WINDOW_AFTER_HOLD_DAYS = 1;
/** …and never less than this many days: yesterday and today. */
export const VIEWS_WINDOW_FLOOR_DAYS = 2;

/**
 * The windows' defaults (decision 077): raw visits a day past their own, views the default earnings hold (7 days) + 1.
 * An admin who raises the hold lifts the views window with it (it reads as max(setting, hold + 1)); one who lowers
 * it keeps the 8 days until the window is set lower.
 */
export const ARCHIVE_WINDOW_DEFAULTS = {
  archive_visits_after_days: VISITS_WINDOW_MIN_DAYS,
  archive_views_after_days: Math.max(
    VIEWS_WINDOW_FLOOR_DAYS,
    TUNABLE_EARNING_RULES.earnings_hold_days.default + VIEWS_WINDOW_AFTER_HOLD_DAYS,
  ),
};
export type ArchiveWindowKey = keyof typeof ARCHIVE_WINDOW_DEFAULTS;

/**
 * Days of recent_finishes kept (today and the seven before): the recommender's "just finished" window
 * (RECENTLY_FINISHED_MS, worker/domain/recommendations/model.ts, a week) fits inside it. Past it the data
 * lifecycle deletes the rows, a bounded slice a run (decision 060).
 */
export const RECENT_FINISHES_KEEP_DAYS = 8;

/**
 * How long a notification stays before the lifecycle deletes it, read or unread (docs/decisions/055). A notice is
 * a message about a fact (a credit, a payment, a takedown), not the fact: the ledger and the audit log keep those.
 * Never under a week on the bell (docs/decisions/057). A read mark of a followed creator's upload (kind `upload`,
 * dated with the upload) stays at least as long as the bell tells the upload (UPLOAD_NOTICE_DAYS, 30) whatever the
 * window, or the upload would come back unread; NOTIFICATIONS_UPLOAD_MARK_MIN_DAYS is that floor.
 */
export const NOTIFICATIONS_KEEP_MIN_DAYS = 7;
/** By default the minimum too, a week (decision 077): at 90 days the bell's rows alone took 10 GB at a million
 *  visits a day. */
export const NOTIFICATIONS_KEEP_DEFAULT_DAYS = 7;
export const NOTIFICATIONS_UPLOAD_MARK_MIN_DAYS = UPLOAD_NOTICE_DAYS;
