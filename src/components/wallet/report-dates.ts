import {
  defaultStartDay,
  isIsoDay,
  isoDay,
  reportRangeProblems,
  type ReportRangeProblem,
} from "../../../common/report-range";
import type { EarningsGroupBy } from "../../../common/schemas/reports";

// The earnings calendar's date rules (docs/product-spec.md §5 "Report dates", §9 default range), in the
// screen's words; the rules themselves are common/report-range.ts, the ones the API applies.

export type ReportSelection = { startDate: string; endDate: string; groupBy: EarningsGroupBy };
export type DateErrors = { startDate?: string; endDate?: string };

export const todayUtc = (nowMs = Date.now()) => isoDay(nowMs);

/** A real calendar day written as YYYY-MM-DD (rejects "2026-02-31", "2026-13-01" and the empty field). */
export const isDay = isIsoDay;

/** Default: the last 30 days up to today, daily. */
export function defaultSelection(nowMs = Date.now()): ReportSelection {
  const endDate = todayUtc(nowMs);
  return { startDate: defaultStartDay(endDate), endDate, groupBy: "daily" };
}

const WORDS: Record<keyof DateErrors, Partial<Record<ReportRangeProblem, string>>> = {
  startDate: {
    not_a_day: "Choose a start date",
    after_today: "Start date cannot be after today",
    too_long: "Choose a range of at most 10 years",
  },
  endDate: {
    not_a_day: "Choose an end date",
    after_today: "End date cannot be after today",
    before_start: "End date cannot be before the start date",
  },
};

/** What is wrong with the chosen dates, per field; an empty object when the report can be asked for. */
export function checkDates(
  { startDate, endDate }: Pick<ReportSelection, "startDate" | "endDate">,
  today: string,
): DateErrors {
  const problems = reportRangeProblems(startDate, endDate, today);
  const errors: DateErrors = {};
  if (problems.startDate) errors.startDate = WORDS.startDate[problems.startDate];
  if (problems.endDate) errors.endDate = WORDS.endDate[problems.endDate];
  return errors;
}
