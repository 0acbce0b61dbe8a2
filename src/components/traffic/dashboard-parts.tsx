import type { ReactNode } from "react";
import { card } from "../ui";
import { chartColor, formatCount, formatPercent } from "./traffic-format";

// Building blocks of the traffic dashboard: stat cards, titled panels, lists of shares, empty texts.

export type Stat = { label: string; value: string; hint?: string };

export function StatCards({ stats }: { stats: Stat[] }) {
  return (
    <dl aria-label="Traffic summary" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {stats.map(({ label, value, hint }) => (
        <div key={label} className="rounded-2xl border border-slate-800 bg-slate-900/60 p-4">
          <dt className="text-sm text-slate-400">{label}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums" title={hint}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A titled card; its title names it for screen readers and tests. */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className={`${card} space-y-4`}>
      <h3 className="text-lg font-semibold">{title}</h3>
      {children}
    </section>
  );
}

export type ShareRow = { key: string; label: string; visitors: number; percentage: number };

/** Rows of "label · visitors · percent" with a bar in the chart colour of the row. */
export function ShareList({ rows, label }: { rows: ShareRow[]; label: string }) {
  return (
    <ul aria-label={label} className="space-y-3">
      {rows.map((row, index) => (
        <li key={row.key} className="space-y-1.5">
          <div className="flex items-baseline justify-between gap-4 text-sm">
            <span className="flex min-w-0 items-center gap-2">
              <span
                className="size-2.5 shrink-0 rounded-full"
                style={{ backgroundColor: chartColor(index) }}
                aria-hidden="true"
              />
              <span className="truncate font-medium text-slate-200">{row.label}</span>
            </span>
            <span className="shrink-0 text-slate-400 tabular-nums">
              {formatCount(row.visitors)} {row.visitors === 1 ? "visitor" : "visitors"} ·{" "}
              {formatPercent(row.percentage)}
            </span>
          </div>
          <div className="h-1.5 overflow-hidden rounded-full bg-slate-800" aria-hidden="true">
            <div
              className="h-full rounded-full"
              style={{ width: `${Math.min(100, row.percentage * 100)}%`, backgroundColor: chartColor(index) }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function EmptyText({ title, text }: { title?: string; text: string }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-800 px-6 py-10 text-center">
      {title ? <p className="font-semibold text-slate-200">{title}</p> : null}
      <p className={title ? "mt-1 text-sm text-slate-400" : "text-sm text-slate-400"}>{text}</p>
    </div>
  );
}
