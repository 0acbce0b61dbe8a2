import { formatUsd, formatUsdToCents } from "../../lib/format";
import type { EarningsReport } from "../../../common/schemas/earnings-report";

/** Summary cards above the breakdown: Total Earnings, Total Views, Unique Users, Avg. Daily. */
export function ReportSummary({ summary }: { summary: EarningsReport["summary"] }) {
  // Amounts are exact (docs/decisions/032): a day of one $0.003 view shows "$0.003", not "$0.00". The average
  // is no amount anyone is paid, so it is a report figure to the cent (formatUsdToCents): "$2.00", not "$2.000033".
  const cards: [label: string, value: string][] = [
    ["Total Earnings", formatUsd(summary.totalEarnings)],
    ["Total Views", summary.totalViews.toLocaleString("en-US")],
    ["Unique Users", summary.uniqueUsers.toLocaleString("en-US")],
    ["Avg. Daily", formatUsdToCents(summary.avgDaily)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {cards.map(([label, value]) => (
        <div key={label} className="rounded-2xl border border-slate-800 bg-slate-900/60 p-4">
          <dt className="text-sm text-slate-400">{label}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
