import { keepPreviousData, skipToken, useQuery } from "@tanstack/react-query";
import { getEarningsReport, getMyViews, type ReportQuery, type ViewSide } from "../lib/earnings-api";
import { queryKeys } from "../lib/query-keys";
import type { EarningsGroupBy } from "../../common/schemas/reports";
import type { EarningsReport } from "../../common/schemas/earnings-report";
import { useUserId } from "../stores/auth";

export type ReportState = {
  /** The last answer; null before the first one, and after a failure (the screen shows it as empty). */
  report: EarningsReport | null;
  /** The view mode `report` was made for (its rows are days, weeks or months). */
  groupBy: EarningsGroupBy;
  /** A request for the current query is under way (the last answer stays on screen meanwhile). */
  loading: boolean;
  /** Asks again for the same query (the Update button). */
  reload: () => void;
};

/**
 * The earnings calendar report for `query` (null: the dates are invalid, ask nothing). It loads again when
 * the query changes, on `reload`, and when the earnings run credited something (it invalidates
 * "earnings-report"). While a new query loads, the previous report stays; a failure is logged only
 * (docs/product-spec.md §8).
 */
export function useEarningsReport(query: ReportQuery | null): ReportState {
  const userId = useUserId();
  // The answer keeps the view mode it was asked for.
  const load = (
    asked: ReportQuery,
    signal: AbortSignal,
  ): Promise<{ report: EarningsReport; groupBy: EarningsGroupBy }> =>
    getEarningsReport(asked, signal).then((report) => ({ report, groupBy: asked.groupBy }));
  const report = useQuery({
    queryKey: queryKeys.earningsReport(userId, query),
    queryFn: query ? ({ signal }) => load(query, signal) : skipToken,
    placeholderData: keepPreviousData,
    meta: { failure: "Failed to load earnings report" },
  });
  const shown = report.isError ? null : report.data;
  return {
    report: shown?.report ?? null,
    groupBy: shown?.groupBy ?? "daily",
    loading: report.isFetching,
    reload: () => void report.refetch(),
  };
}

/** A day's views on one side (docs/decisions/019), for the calendar's day list. */
export function useDayViews(date: string, side: ViewSide) {
  const userId = useUserId();
  return useQuery({
    queryKey: queryKeys.dayViews(userId, date, side),
    queryFn: ({ signal }) => getMyViews(date, side, signal),
    meta: { failure: "Failed to load views" },
  });
}
