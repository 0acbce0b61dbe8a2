import type { EarningsGroupBy } from "../../lib/types";

// The earnings calendar's date rules (docs/product-spec.md §5 "Report dates", §9 default range). Days are "YYYY-MM-DD"
// UTC days, as the API buckets earnings by UTC day and judges "today" in UTC; using the same clock
// means the screen never offers a day the server would refuse.

export type ReportSelection = { startDate: string; endDate: string; groupBy: EarningsGroupBy };
export type DateErrors = { startDate?: string; endDate?: string };

const DAY_MS = 24 * 3600 * 1000;
/** The server refuses longer ranges (a bounded query); saying so here beats a silent empty report. */
export const MAX_RANGE_DAYS = 3660;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

export const todayUtc = (nowMs = Date.now()) => isoDay(nowMs);

/** A real calendar day written as YYYY-MM-DD (rejects "2026-02-31", "2026-13-01" and the empty field). */
export function isDay(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  // A month past 12 parses to NaN, which toISOString() would throw on.
  const ms = dayMs(value);
  return !Number.isNaN(ms) && isoDay(ms) === value;
}

/** Default: the last 30 days up to today, daily. */
export function defaultSelection(nowMs = Date.now()): ReportSelection {
  return { startDate: isoDay(nowMs - 29 * DAY_MS), endDate: todayUtc(nowMs), groupBy: "daily" };
}

/** What is wrong with the chosen dates, per field; an empty object when the report can be asked for. */
export function checkDates({ startDate, endDate }: Pick<ReportSelection, "startDate" | "endDate">, today: string): DateErrors {
  const errors: DateErrors = {};
  if (!isDay(startDate)) errors.startDate = "Choose a start date";
  else if (startDate > today) errors.startDate = "Start date cannot be after today";
  if (!isDay(endDate)) errors.endDate = "Choose an end date";
  else if (endDate > today) errors.endDate = "End date cannot be after today";
  else if (!errors.startDate && endDate < startDate) errors.endDate = "End date cannot be before the start date";
  if (!errors.startDate && !errors.endDate && (dayMs(endDate) - dayMs(startDate)) / DAY_MS + 1 > MAX_RANGE_DAYS) {
    errors.startDate = "Choose a range of at most 10 years";
  }
  return errors;
}
