import { describe, expect, it } from "vitest";
import {
  D1_BUDGET_BYTES,
  D1_LIMIT_BYTES,
  D1_RATES_AT_1M,
  DEFAULT_WINDOW_DAYS,
  d1BytesFor,
} from "../../../common/d1-size-model";
import {
  ARCHIVE_WINDOW_DEFAULTS,
  NOTIFICATIONS_KEEP_DEFAULT_DAYS,
  NOTIFICATIONS_KEEP_MIN_DAYS,
  VIEWS_WINDOW_AFTER_HOLD_DAYS,
  VIEWS_WINDOW_FLOOR_DAYS,
  VISITS_WINDOW_MIN_DAYS,
} from "../../../common/data-lifecycle";
import { TUNABLE_EARNING_RULES } from "../../../common/earning-policy";

// The data lifecycle's defaults fit D1 at a million visits a day (docs/decisions/077): what each window keeps,
// by the growth bench's bytes per day (common/d1-size-model.ts), plus the rows kept for good and the rest.

const HOLD = TUNABLE_EARNING_RULES.earnings_hold_days.default;
/** The windows as they apply out of the box: each setting unset, read as max(default, minimum). */
const DEFAULTS = {
  visits: Math.max(ARCHIVE_WINDOW_DEFAULTS.archive_visits_after_days, VISITS_WINDOW_MIN_DAYS),
  views: Math.max(
    ARCHIVE_WINDOW_DEFAULTS.archive_views_after_days,
    VIEWS_WINDOW_FLOOR_DAYS,
    HOLD + VIEWS_WINDOW_AFTER_HOLD_DAYS,
  ),
  notifications: Math.max(NOTIFICATIONS_KEEP_DEFAULT_DAYS, NOTIFICATIONS_KEEP_MIN_DAYS),
};
const GB = (bytes: number) => Math.round(bytes / 1e7) / 100;

describe("the data lifecycle's default windows at a million visits a day", () => {
  it("fit D1 with a 10 % margin, the rows kept for good included", () => {
    const d1 = d1BytesFor(DEFAULTS);
    expect(d1.total, `D1 at its daily peak: ${JSON.stringify(d1, null, 0)}`).toBeLessThanOrEqual(D1_BUDGET_BYTES);
    expect(D1_BUDGET_BYTES).toBeLessThanOrEqual(0.9 * D1_LIMIT_BYTES);
    expect(Object.fromEntries(Object.entries(d1).map(([k, v]) => [k, GB(v)]))).toEqual({
      visits: 1.54,
      views: 3.7,
      notifications: 0.78,
      kept_for_good: 2.27,
      rest: 0.08,
      total: 8.38,
    });
  });

  it("are the least each window may be at the default hold", () => {
    expect(DEFAULT_WINDOW_DAYS).toEqual(DEFAULTS);
    expect(DEFAULTS).toEqual({
      visits: ARCHIVE_WINDOW_DEFAULTS.archive_visits_after_days,
      views: ARCHIVE_WINDOW_DEFAULTS.archive_views_after_days,
      notifications: NOTIFICATIONS_KEEP_DEFAULT_DAYS,
    });
    expect(DEFAULTS).toEqual({ visits: VISITS_WINDOW_MIN_DAYS, views: HOLD + 1, notifications: 7 });
  });

  it("the windows before decision 077 did not fit: 40 GB", () => {
    const before = d1BytesFor({ visits: 3, views: 60, notifications: 90 });
    expect(before.total).toBeGreaterThan(D1_LIMIT_BYTES);
    expect(GB(before.total)).toBe(40.02);
    expect(GB(before.views)).toBe(24.53);
  });

  it("gives back the bench's own figure at the bench's windows (just after the day's move)", () => {
    // bench/growth-results.json: checks.extrapolated_bytes_at_1M_per_day with visits 1, views 2 (hold 1),
    // notifications 7, after 121 days.
    expect(D1_RATES_AT_1M.kept_after_days).toBe(121);
    expect(d1BytesFor({ visits: 1, views: 2, notifications: 7 }, D1_RATES_AT_1M, "after the move").total).toBeCloseTo(
      4_805_517_312,
      -1,
    );
  });
});
