import { formatUsd } from "../../../common/usd";
import type { ContentStatsJson } from "../../lib/studio-api";
import { formatCount } from "../traffic/traffic-format";
import { SOURCE_LABELS } from "./studio-labels";

/**
 * The range's totals: views, qualified views, what the creator earned, how much of the item was watched; and the
 * comments the public sees under it now (docs/decisions/095).
 */
export function StudioSummary({ stats }: { stats: ContentStatsJson }) {
  const figures = [
    { label: "Views", value: formatCount(stats.views) },
    { label: "Qualified views", value: formatCount(stats.qualified_views) },
    { label: "Earnings", value: formatUsd(stats.earnings_usd) },
    { label: "Average watched", value: `${stats.avg_watched_percent} %` },
    { label: "Comments", value: formatCount(stats.comment_count) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {figures.map((f) => (
        <div key={f.label} className="rounded-xl border border-slate-800 bg-slate-900/60 p-4">
          <dt className="text-sm text-slate-400">{f.label}</dt>
          <dd className="mt-1 text-2xl font-semibold text-white">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** How viewers came to the item, as bars of the range's views. */
export function StudioSources({ sources }: { sources: ContentStatsJson["sources"] }) {
  const total = sources.reduce((n, s) => n + s.views, 0);
  return (
    <ul aria-label="Sources" className="space-y-3">
      {sources.map((s) => {
        const share = total ? s.views / total : 0;
        return (
          <li key={s.method} className="space-y-1">
            <div className="flex justify-between gap-3 text-sm">
              <span className="text-slate-200">{SOURCE_LABELS[s.method]}</span>
              <span className="text-slate-400 tabular-nums">
                {formatCount(s.views)} · {Math.round(share * 100)} %
              </span>
            </div>
            <div className="h-2 overflow-hidden rounded-full bg-slate-800" aria-hidden="true">
              <div className="h-full rounded-full bg-violet-500" style={{ width: `${share * 100}%` }} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
