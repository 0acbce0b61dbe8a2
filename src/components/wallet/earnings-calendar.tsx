import { useState } from "react";
import { useEarningsReport } from "../../hooks/use-earnings-report";
import { PageSpinner } from "../spinner";
import { EmptyState } from "./empty-state";
import { ReportControls } from "./report-controls";
import { checkDates, type ReportSelection, todayUtc } from "./report-dates";
import { ReportSummary } from "./report-summary";
import { ReportTable } from "./report-table";

const noSummary = { totalEarnings: 0, totalViews: 0, uniqueUsers: 0, avgDaily: 0 };

type EarningsCalendarProps = {
  /** Held by the wallet page, so switching tabs keeps the chosen range. */
  selection: ReportSelection;
  onSelectionChange: (selection: ReportSelection) => void;
};

/** Earnings Calendar tab: pick a range and view mode; summary cards and a breakdown table. */
export function EarningsCalendar({ selection, onSelectionChange }: EarningsCalendarProps) {
  const [reloadKey, setReloadKey] = useState(0);
  const today = todayUtc();
  const errors = checkDates(selection, today);
  const valid = !errors.startDate && !errors.endDate;
  // Invalid dates ask nothing: the fields say what to fix instead.
  const { report, groupBy, loading } = useEarningsReport(valid ? selection : null, reloadKey);

  return (
    <div className="space-y-6">
      <ReportControls
        selection={selection}
        errors={errors}
        today={today}
        onChange={onSelectionChange}
        onUpdate={() => setReloadKey((n) => n + 1)}
      />
      {!valid ? null : report === null && loading ? (
        <PageSpinner />
      ) : (
        <div aria-busy={loading} className={`space-y-6 transition-opacity ${loading ? "opacity-60" : ""}`}>
          <ReportSummary summary={report?.summary ?? noSummary} />
          {report && report.earnings.length > 0 ? (
            <ReportTable rows={report.earnings} groupBy={groupBy} />
          ) : (
            <EmptyState title="No earnings data found" text="Try adjusting the date range or check back later" />
          )}
        </div>
      )}
    </div>
  );
}
