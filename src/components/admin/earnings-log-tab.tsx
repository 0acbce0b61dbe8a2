import { useState } from "react";
import { earningsCsvUrl, getAdminEarningsReport } from "../../lib/admin-api";
import { queryKeys } from "../../lib/query-keys";
import { PageSpinner } from "../spinner";
import { buttonClass } from "../ui";
import { ReportControls } from "../wallet/report-controls";
import { checkDates, defaultSelection, type ReportSelection, todayUtc } from "../wallet/report-dates";
import { ReportSummary } from "../wallet/report-summary";
import { EmptyMessage } from "./admin-ui";
import { EarningsLogTable } from "./earnings-log-table";
import { useAdminQuery } from "../../queries/admin";

const noSummary = { totalEarnings: 0, totalViews: 0, uniqueUsers: 0, avgDaily: 0 };

/**
 * Earnings Log tab: the earnings calendar across all users (docs/product-spec.md §2), with the wallet's date rules and
 * controls; each row also counts the users who earned in it.
 */
export function EarningsLogTab() {
  const [selection, setSelection] = useState<ReportSelection>(() => defaultSelection());
  const [shown, setShown] = useState<ReportSelection>(selection);
  const today = todayUtc();
  const errors = checkDates(selection, today);
  // The report follows the fields whenever they are valid (invalid dates ask nothing: the fields say what
  // to fix, and the last valid report stays); Update asks again for the same range.
  const change = (next: ReportSelection) => {
    setSelection(next);
    const nextErrors = checkDates(next, today);
    if (!nextErrors.startDate && !nextErrors.endDate) setShown(next);
  };
  const {
    data: report,
    firstLoad,
    reload,
  } = useAdminQuery(
    queryKeys.admin.list("earnings-report", shown),
    (signal) => getAdminEarningsReport(shown, signal),
    "Failed to load earnings report",
  );

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <ReportControls selection={selection} errors={errors} today={today} onChange={change} onUpdate={reload} />
        <a href={earningsCsvUrl(shown)} download className={`${buttonClass("secondary")} sm:mt-6`}>
          Download CSV
        </a>
      </div>
      {firstLoad ? (
        <PageSpinner />
      ) : (
        <>
          <ReportSummary summary={report?.summary ?? noSummary} />
          {report && report.earnings.length > 0 ? (
            <EarningsLogTable rows={report.earnings} groupBy={shown.groupBy} />
          ) : (
            <EmptyMessage title="No earnings data found" text="Try adjusting the date range or check back later" />
          )}
        </>
      )}
    </div>
  );
}
