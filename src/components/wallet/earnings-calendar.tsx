import { useState } from "react";
import type { EarningRulesJson } from "../../../common/schemas/earning-rules";
import { useEarningsReport } from "../../queries/earnings-report";
import { PageSpinner } from "../spinner";
import { DayViewsModal } from "./day-views-modal";
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
  /** For the views list's reasons ("a view earns at 80 %"): the wallet's rules, undefined until the server answers. */
  rules: EarningRulesJson | undefined;
};

/** Earnings Calendar tab: pick a range and view mode; summary cards and a breakdown table; a day's views. */
export function EarningsCalendar({ selection, onSelectionChange, rules }: EarningsCalendarProps) {
  const [openDay, setOpenDay] = useState<string | null>(null);
  const today = todayUtc();
  const errors = checkDates(selection, today);
  const valid = !errors.startDate && !errors.endDate;
  // Invalid dates ask nothing: the fields say what to fix instead.
  const { report, groupBy, loading, reload } = useEarningsReport(valid ? selection : null);

  return (
    <div className="space-y-6">
      <ReportControls
        selection={selection}
        errors={errors}
        today={today}
        onChange={onSelectionChange}
        onUpdate={reload}
      />
      {!valid ? null : report === null && loading ? (
        <PageSpinner />
      ) : (
        <div aria-busy={loading} className={`space-y-6 transition-opacity ${loading ? "opacity-60" : ""}`}>
          <ReportSummary summary={report?.summary ?? noSummary} />
          {report && report.earnings.length > 0 ? (
            <ReportTable rows={report.earnings} groupBy={groupBy} onOpenDay={setOpenDay} />
          ) : (
            <EmptyState title="No earnings data found" text="Try adjusting the date range or check back later" />
          )}
        </div>
      )}
      {openDay ? <DayViewsModal date={openDay} rules={rules} onClose={() => setOpenDay(null)} /> : null}
    </div>
  );
}
