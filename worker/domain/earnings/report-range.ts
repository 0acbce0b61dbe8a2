import { DAY_MS, dayOf, type DayRange } from "../../lib/days";
import { badRequest } from "../../lib/errors";

export type ReportRange = DayRange & { days: number };

/** A real UTC calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isIsoDay(value: string) {
  const ms = Date.parse(`${value}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(ms) && dayOf(ms) === value;
}

function day(field: "startDate" | "endDate", value: string) {
  if (!isIsoDay(value)) {
    throw badRequest(`${field}: must be a date like 2026-01-31`);
  }
  return value;
}

/** Report dates (docs/product-spec.md §5): start not after today; end between start and today. Default: the last 30 days. */
export function reportRange(start: string | undefined, end: string | undefined, nowMs = Date.now()): ReportRange {
  const today = dayOf(nowMs);
  // Checked before the default start is derived from it: an empty or impossible date (2026-13-01) would
  // otherwise reach toISOString() as NaN and throw (a 500).
  const endDate = day("endDate", end ?? today);
  const startDate = day("startDate", start ?? dayOf(Date.parse(`${endDate}T00:00:00Z`) - 29 * DAY_MS));
  if (startDate > today) throw badRequest("startDate: cannot be after today");
  if (endDate > today) throw badRequest("endDate: cannot be after today");
  if (endDate < startDate) throw badRequest("endDate: cannot be before startDate");
  const days = Math.round((Date.parse(endDate) - Date.parse(startDate)) / DAY_MS) + 1;
  if (days > 3660) throw badRequest("startDate: the range can span at most 10 years");
  return { startDate, endDate, days };
}
