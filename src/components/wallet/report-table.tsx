import { SideScroll } from "../scroll-edges";
import { formatDay, formatUsd } from "../../lib/format";
import type { EarningsGroupBy } from "../../../common/schemas/reports";
import type { EarningsReportRow } from "../../../common/schemas/earnings-report";

/** A row's period as people say it; the API dates a week by its Monday and a month by its first day. */
function periodLabel(date: string, groupBy: EarningsGroupBy): string {
  if (groupBy === "weekly") return `Week of ${formatDay(date)}`;
  if (groupBy === "monthly") return formatDay(date, { month: "long", year: "numeric" });
  return formatDay(date);
}

const captions: Record<EarningsGroupBy, string> = {
  daily: "Earnings by day",
  weekly: "Earnings by week",
  monthly: "Earnings by month",
};

const th = "px-4 py-3 text-left font-medium text-slate-400";
const td = "px-4 py-3 tabular-nums";

function Usd({ amount = 0 }: { amount?: number }) {
  return <td className={`${td} text-right`}>{formatUsd(amount)}</td>;
}

type ReportTableProps = {
  rows: EarningsReportRow[];
  groupBy: EarningsGroupBy;
  /** Opens a day's views; only days have a list of their own, so weeks and months get no button. */
  onOpenDay?: (date: string) => void;
};

/** The report's breakdown; dates are UTC days, as the server groups them. */
export function ReportTable({ rows, groupBy, onOpenDay }: ReportTableProps) {
  const openDay = groupBy === "daily" ? onOpenDay : undefined;
  return (
    <div className="space-y-2">
      {openDay ? (
        <p className="text-sm text-slate-400">Choose a day to see each view and why it earned or not.</p>
      ) : null}
      <SideScroll label={captions[groupBy]} className="rounded-2xl border border-slate-800">
        <table className="w-full text-sm">
          <caption className="sr-only">{captions[groupBy]}</caption>
          <thead className="bg-slate-900">
            <tr>
              <th scope="col" className={th}>
                Date
              </th>
              <th scope="col" className={`${th} text-right`}>
                Views
              </th>
              <th scope="col" className={`${th} text-right`}>
                Viewer Earnings
              </th>
              <th scope="col" className={`${th} text-right`}>
                Creator Earnings
              </th>
              <th scope="col" className={`${th} text-right`}>
                Total
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-800">
            {rows.map((row) => (
              <tr key={row.date}>
                <th scope="row" className={`${td} text-left font-normal text-slate-200`}>
                  {openDay ? (
                    <button
                      type="button"
                      aria-haspopup="dialog"
                      aria-label={`Views on ${periodLabel(row.date, groupBy)}`}
                      onClick={() => openDay(row.date)}
                      className="rounded whitespace-nowrap text-violet-300 underline decoration-violet-400/40 underline-offset-4 hover:decoration-violet-300 focus-visible:outline-2 focus-visible:outline-violet-400"
                    >
                      {periodLabel(row.date, groupBy)}
                    </button>
                  ) : (
                    periodLabel(row.date, groupBy)
                  )}
                </th>
                <td className={`${td} text-right`}>{row.view_count}</td>
                <Usd amount={row.viewer_earnings} />
                <Usd amount={row.creator_earnings} />
                <Usd amount={row.total_earnings} />
              </tr>
            ))}
          </tbody>
        </table>
      </SideScroll>
    </div>
  );
}
