import type { TrafficDashboard } from "../../../common/schemas/traffic";
import { VisitsChart } from "./charts";
import { Panel, ShareList, StatCards } from "./dashboard-parts";
import { fillTimeline, formatCount, formatPercent, formatSessionDuration, sourceLabel } from "./traffic-format";

type OverviewProps = { data: TrafficDashboard; days: number; now: number };

/** Overview (docs/product-spec.md §2): the four cards, visits by date, top pages and traffic sources. */
export function OverviewTab({ data, days, now }: OverviewProps) {
  const { overview } = data;
  return (
    <div className="space-y-6">
      <StatCards
        stats={[
          { label: "Total Visitors", value: formatCount(overview.totalVisitors) },
          { label: "Page Views", value: formatCount(overview.pageViews) },
          {
            label: "Avg. Session",
            value: formatSessionDuration(overview.avgSessionDuration),
            hint: `${overview.avgSessionDuration} seconds`,
          },
          { label: "Bounce Rate", value: formatPercent(overview.bounceRate) },
        ]}
      />
      <Panel title="Visitors and Page Views">
        <VisitsChart timeline={fillTimeline(data.timeline, days, now)} />
      </Panel>
      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <Panel title="Top Pages">
          {overview.topPages.length === 0 ? (
            <p className="text-sm text-slate-400">No page views in this range</p>
          ) : (
            <ol aria-label="Top Pages" className="divide-y divide-slate-800 text-sm">
              {overview.topPages.map((page) => (
                <li key={page.page} className="flex items-baseline justify-between gap-4 py-2">
                  {/* Text, not a link: paths come from a public endpoint, and `//host` would lead off-site. */}
                  <span className="min-w-0">
                    {/* The content or creator a /content/{id} or /creator/{id} path names, above the id. */}
                    {page.title ? (
                      <span className="block truncate text-slate-100" title={page.title}>
                        {page.title}
                      </span>
                    ) : null}
                    <span
                      className={`block truncate font-mono ${page.title ? "text-xs text-slate-400" : "text-slate-200"}`}
                      title={page.page}
                    >
                      {page.page}
                    </span>
                  </span>
                  <span className="shrink-0 text-slate-400 tabular-nums">
                    {formatCount(page.views)} {page.views === 1 ? "view" : "views"}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </Panel>
        <Panel title="Traffic Sources">
          <ShareList
            label="Traffic Sources"
            rows={overview.topSources.map((s) => ({
              key: s.source ?? "",
              label: sourceLabel(s.source),
              visitors: s.visitors,
              percentage: s.percentage,
            }))}
          />
        </Panel>
      </div>
    </div>
  );
}
