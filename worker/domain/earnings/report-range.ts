import {
  daysCovered,
  defaultStartDay,
  isIsoDay,
  isoDay,
  reportRangeProblems,
  type ReportRangeProblem,
} from "../../../common/report-range";
import type { DayRange } from "../../lib/days";
import { badRequest } from "../../lib/errors";

export type ReportRange = DayRange & { days: number };

// The API's words for the shared date rules (the wallet's pickers word the same problems their own way).
const MESSAGES: Record<ReportRangeProblem, (field: "startDate" | "endDate") => string> = {
  not_a_day: (field) => `${field}: must be a date like 2026-01-31`,
  after_today: (field) => `${field}: cannot be after today`,
  before_start: () => "endDate: cannot be before startDate",
  too_long: () => "startDate: the range can span at most 10 years",
};

/** Report dates (docs/product-spec.md §5): start not after today; end between start and today. Default: the last 30 days. */
export function reportRange(start: string | undefined, end: string | undefined, nowMs = Date.now()): ReportRange {
  const today = isoDay(nowMs);
  const endDate = end ?? today;
  // The end is checked before the default start is derived from it: an empty or impossible date (2026-13-01)
  // would otherwise reach toISOString() as NaN and throw (a 500).
  if (!isIsoDay(endDate)) throw badRequest(MESSAGES.not_a_day("endDate"));
  const startDate = start ?? defaultStartDay(endDate);
  const problems = reportRangeProblems(startDate, endDate, today);
  if (problems.startDate === "not_a_day") throw badRequest(MESSAGES.not_a_day("startDate"));
  if (problems.startDate === "after_today") throw badRequest(MESSAGES.after_today("startDate"));
  if (problems.endDate) throw badRequest(MESSAGES[problems.endDate]("endDate"));
  if (problems.startDate) throw badRequest(MESSAGES[problems.startDate]("startDate"));
  return { startDate, endDate, days: daysCovered(startDate, endDate) };
}
