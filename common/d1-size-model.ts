// What D1 holds at a million page visits a day, per dataset of the data lifecycle, for a choice of windows
// (docs/decisions/077). The figures are `npm run bench:growth`'s (bench/growth-results.json, run of 2026-11-27:
// 5,000 visits and 1,250 views a day, 80 % of the views qualified, × 200): each class's tables at the end of the
// run, divided by the days its window held then. The defaults in common/data-lifecycle.ts are held to this model
// (worker/domain/archive/d1-size-model.test.ts), and the growth bench reports it from its own run's figures
// (bench/growth/report.ts): re-run the bench and copy its `checks.d1_model_at_1M.rates` here when the rows change.
import {
  ARCHIVE_WINDOW_DEFAULTS,
  NOTIFICATIONS_KEEP_DEFAULT_DAYS,
  NOTIFICATIONS_KEEP_MIN_DAYS,
  VIEWS_WINDOW_AFTER_HOLD_DAYS,
  VIEWS_WINDOW_FLOOR_DAYS,
  VISITS_WINDOW_MIN_DAYS,
} from "./data-lifecycle";
import { TUNABLE_EARNING_RULES } from "./earning-policy";

/** D1's limit per database. */
export const D1_LIMIT_BYTES = 10e9;
/** What D1 may hold at a million visits a day with the default windows: the limit less a 10 % margin. */
export const D1_BUDGET_BYTES = 9e9;

/** Bytes per day of each window at a million page visits and 250,000 views a day (one view for four visits). */
type D1SizeRates = {
  /** `page_visits` and `traffic_sessions`: bytes per day of the visits window. */
  visits_per_day: number;
  /** `views` and `earnings` (a view with its rewards): bytes per day of the views window. */
  views_per_day: number;
  /** `notifications`: bytes per day of notifications_keep_days. */
  notifications_per_day: number;
  /** `recent_finishes`: the recommender's 8 days, whatever the views window. */
  recent_finishes: number;
  /**
   * The rows kept for good that grow with views (`view_addresses`, `view_pairs`, `member_view_days`, `earning_days`,
   * and the ledger's `opening_balances`) after `kept_after_days` days: no window removes them.
   */
  kept_for_good: number;
  kept_after_days: number;
  /** Everything else, as measured (it grows with pages, creators and members, not visits): rollups (page-day
   *  totals 91 days), members, items, free pages. */
  rest: number;
};

/** bench/growth-results.json of 2026-11-27 (windows: visits 1, views 2, notifications 7, 121 days). */
export const D1_RATES_AT_1M: D1SizeRates = {
  visits_per_day: 771_686_400,
  views_per_day: 400_588_800,
  notifications_per_day: 111_645_257,
  recent_finishes: 98_304_000,
  kept_for_good: 2_273_280_000,
  kept_after_days: 121,
  rest: 79_552_512,
};

type WindowDays = { visits: number; views: number; notifications: number };

/** The windows as they apply out of the box: no setting stored, the default earnings hold; each max(default, minimum). */
export const DEFAULT_WINDOW_DAYS: WindowDays = {
  visits: Math.max(ARCHIVE_WINDOW_DEFAULTS.archive_visits_after_days, VISITS_WINDOW_MIN_DAYS),
  views: Math.max(
    ARCHIVE_WINDOW_DEFAULTS.archive_views_after_days,
    VIEWS_WINDOW_FLOOR_DAYS,
    TUNABLE_EARNING_RULES.earnings_hold_days.default + VIEWS_WINDOW_AFTER_HOLD_DAYS,
  ),
  notifications: Math.max(NOTIFICATIONS_KEEP_DEFAULT_DAYS, NOTIFICATIONS_KEEP_MIN_DAYS),
};

/**
 * D1's bytes per dataset with these windows (in days, as they apply: each at least its minimum). `at: "peak"`, the
 * default, is the most a day holds: visits and views leave a whole UTC day at a time, just after midnight, so
 * before that they hold their window and the day going on (window + 1 days); `"after the move"` is what the bench
 * measures, just after the day's move (window days). Notifications leave minute by minute: their window either way.
 */
export function d1BytesFor(w: WindowDays, rates: D1SizeRates = D1_RATES_AT_1M, at: "peak" | "after the move" = "peak") {
  const extra = at === "peak" ? 1 : 0;
  const parts = {
    visits: (w.visits + extra) * rates.visits_per_day,
    views: (w.views + extra) * rates.views_per_day + rates.recent_finishes,
    notifications: w.notifications * rates.notifications_per_day,
    kept_for_good: rates.kept_for_good,
    rest: rates.rest,
  };
  return { ...parts, total: Object.values(parts).reduce((a, b) => a + b, 0) };
}

/**
 * The rates from a run of the growth bench: each class's bytes at the end of the run, the windows that held them
 * (in days), the days the run lasted and the factor to a million visits a day.
 */
export function ratesFromRun(
  end: {
    visits: number;
    views: number;
    notifications: number;
    recent_finishes: number;
    kept_for_good: number;
    rest: number;
  },
  w: WindowDays,
  days: number,
  factor: number,
): D1SizeRates {
  return {
    visits_per_day: Math.round((factor * end.visits) / w.visits),
    views_per_day: Math.round((factor * end.views) / w.views),
    notifications_per_day: Math.round((factor * end.notifications) / w.notifications),
    recent_finishes: Math.round(factor * end.recent_finishes),
    kept_for_good: Math.round(factor * end.kept_for_good),
    kept_after_days: days,
    rest: Math.round(end.rest),
  };
}
