// The report date rules (docs/product-spec.md §5 "Report dates"): days are "YYYY-MM-DD" UTC days, as the
// API buckets earnings by UTC day and judges "today" in UTC; the wallet's date pickers and the API apply
// the same rules, each in its own words.

const DAY_MS = 24 * 3600 * 1000;
/** The longest range a report covers (a bounded query). */
const MAX_REPORT_DAYS = 3660;

export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** A real UTC calendar day written YYYY-MM-DD (2026-02-30, 2026-13-01 and "" are not). */
export function isIsoDay(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  // A month past 12 parses to NaN, which toISOString() would throw on.
  const ms = dayMs(value);
  return !Number.isNaN(ms) && isoDay(ms) === value;
}

/** The default range: the 30 days ending with `endDate`. */
export const defaultStartDay = (endDate: string) => isoDay(dayMs(endDate) - 29 * DAY_MS);

/** Days a range covers, both ends included. */
export const daysCovered = (startDate: string, endDate: string) =>
  Math.round((dayMs(endDate) - dayMs(startDate)) / DAY_MS) + 1;

export type ReportRangeProblem = "not_a_day" | "after_today" | "before_start" | "too_long";
export type ReportRangeProblems = { startDate?: ReportRangeProblem; endDate?: ReportRangeProblem };

/** What is wrong with a range, per field; an empty object when a report can be made for it. */
export function reportRangeProblems(startDate: string, endDate: string, today: string): ReportRangeProblems {
  const problems: ReportRangeProblems = {};
  if (!isIsoDay(startDate)) problems.startDate = "not_a_day";
  else if (startDate > today) problems.startDate = "after_today";
  if (!isIsoDay(endDate)) problems.endDate = "not_a_day";
  else if (endDate > today) problems.endDate = "after_today";
  else if (!problems.startDate && endDate < startDate) problems.endDate = "before_start";
  if (!problems.startDate && !problems.endDate && daysCovered(startDate, endDate) > MAX_REPORT_DAYS) {
    problems.startDate = "too_long";
  }
  return problems;
}
