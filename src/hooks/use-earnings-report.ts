import { useEffect, useState } from "react";
import { describeFailure } from "../lib/api";
import { getEarningsReport, type ReportQuery } from "../lib/earnings-api";
import type { EarningsGroupBy, EarningsReport } from "../lib/types";
import { useEarnings } from "../stores/earnings";

export type ReportState = {
  /** The last answer; null before the first one, and after a failure (the screen shows it as empty). */
  report: EarningsReport | null;
  /** The view mode `report` was made for (its rows are days, weeks or months). */
  groupBy: EarningsGroupBy;
  /** A request for the current query is under way (the last answer stays on screen meanwhile). */
  loading: boolean;
};

type Settled = { key: string; report: EarningsReport | null; groupBy: EarningsGroupBy };

/**
 * The earnings calendar report for `query` (null: the dates are invalid, ask nothing). It refetches when
 * the query or `reloadKey` (the Update button) changes, and when the earnings job credited something.
 * Answers to superseded queries are dropped; a failure is logged only (docs/product-spec.md §8).
 */
export function useEarningsReport(query: ReportQuery | null, reloadKey: number): ReportState {
  const version = useEarnings((s) => s.version);
  const [settled, setSettled] = useState<Settled | null>(null);
  const { startDate, endDate, groupBy } = query ?? {};
  const key = query ? [startDate, endDate, groupBy, reloadKey, version].join("|") : null;

  useEffect(() => {
    if (!key || !startDate || !endDate || !groupBy) return;
    const controller = new AbortController();
    getEarningsReport({ startDate, endDate, groupBy }, controller.signal).then(
      (report) => {
        if (!controller.signal.aborted) setSettled({ key, report, groupBy });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(describeFailure("Failed to load earnings report", error));
        setSettled({ key, report: null, groupBy });
      },
    );
    return () => controller.abort();
  }, [key, startDate, endDate, groupBy]);

  return {
    report: settled?.report ?? null,
    groupBy: settled?.groupBy ?? "daily",
    loading: key !== null && settled?.key !== key,
  };
}
