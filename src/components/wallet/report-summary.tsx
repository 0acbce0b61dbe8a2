import { formatUsd } from "../../lib/format";
import type { EarningsReport } from "../../lib/types";

/** Amounts with 2 decimals (docs/product-spec.md §9); the exact amount (a view pays $0.003) in the tooltip. */
export const exactUsd = (amount: number) => formatUsd(amount, 2, 6);

/** Summary cards above the breakdown: Total Earnings, Total Views, Unique Users, Avg. Daily. */
export function ReportSummary({ summary }: { summary: EarningsReport["summary"] }) {
  const cards: [label: string, value: string, exact?: string][] = [
    ["Total Earnings", formatUsd(summary.totalEarnings, 2), exactUsd(summary.totalEarnings)],
    ["Total Views", summary.totalViews.toLocaleString("en-US")],
    ["Unique Users", summary.uniqueUsers.toLocaleString("en-US")],
    ["Avg. Daily", formatUsd(summary.avgDaily, 2), exactUsd(summary.avgDaily)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {cards.map(([label, value, exact]) => (
        <div key={label} className="rounded-2xl border border-slate-800 bg-slate-900/60 p-4">
          <dt className="text-sm text-slate-400">{label}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums" title={exact}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
