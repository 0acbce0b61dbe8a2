import { useId, useState } from "react";
import { formatDay } from "../../lib/format";
import type { DashboardMode, TrafficRange } from "../../lib/traffic-api";
import { useTrafficDashboard } from "../../queries/traffic-dashboard";
import { Tabs, type TabItem } from "../tabs";
import { CampaignsTab } from "./campaigns-tab";
import { EmptyText } from "./dashboard-parts";
import { DevicesTab } from "./devices-tab";
import { OverviewTab } from "./overview-tab";
import { SourcesTab } from "./sources-tab";
import { RANGE_DAYS, RANGES } from "./traffic-format";

const scopes: Record<DashboardMode, string> = {
  admin: "Visitors across all of Reelpay.",
  creator: "Visitors to your creator page and your content.",
};

/**
 * The traffic analytics dashboard (docs/product-spec.md §2 "Analytics dashboard"): admins see the whole site (the admin
 * Traffic tab), creators the traffic to their own pages (the profile's Analytics tab).
 */
export function TrafficDashboard({ mode }: { mode: DashboardMode }) {
  const [range, setRange] = useState<TrafficRange>("7d");
  // The charts' time axis ends today; "today" is when the dashboard opened.
  const [now] = useState(Date.now);
  const { data, loading, failed } = useTrafficDashboard(mode, range);
  const rangeId = useId();

  let body;
  if (failed) {
    body = (
      <div role="alert" className="rounded-2xl border border-red-500/40 bg-red-500/10 p-6">
        <h3 className="font-semibold text-red-300">Failed to load analytics</h3>
        <p className="mt-1 text-sm text-red-200">Failed to fetch analytics data</p>
      </div>
    );
  } else if (!data) {
    body = (
      <p role="status" className="py-16 text-center text-slate-400">
        Loading analytics...
      </p>
    );
  } else if (data.overview.totalVisitors === 0) {
    body = <EmptyText title="No Analytics Data" text="Analytics data will appear once you have visitor traffic" />;
  } else {
    const tabs: TabItem[] = [
      { id: "overview", label: "Overview", panel: <OverviewTab data={data} days={RANGE_DAYS[range]} now={now} /> },
      { id: "sources", label: "Traffic Sources", panel: <SourcesTab sources={data.overview.topSources} /> },
      { id: "devices", label: "Devices", panel: <DevicesTab devices={data.devices} /> },
      { id: "campaigns", label: "Campaigns", panel: <CampaignsTab campaigns={data.campaigns} /> },
    ];
    body = (
      // While another range loads, the last answer stays (dimmed) so the open tab is kept.
      <div aria-busy={loading} className={loading ? "opacity-60 transition-opacity" : "transition-opacity"}>
        <Tabs label="Analytics sections" tabs={tabs} />
      </div>
    );
  }

  return (
    <section aria-label="Traffic analytics" className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-xl font-semibold">Traffic Analytics</h2>
          <p className="text-sm text-slate-400">{scopes[mode]}</p>
        </div>
        <div className="flex items-center gap-3">
          {loading && data ? (
            <span role="status" className="text-sm text-slate-400">
              Loading analytics...
            </span>
          ) : null}
          <label htmlFor={rangeId} className="text-sm font-medium text-slate-300">
            Date range
          </label>
          <select
            id={rangeId}
            value={range}
            aria-describedby={data ? `${rangeId}-since` : undefined}
            onChange={(event) => setRange(event.target.value as TrafficRange)}
            className="rounded-lg border border-slate-700 bg-slate-900 px-3 py-2 text-sm text-slate-100 [color-scheme:dark] focus-visible:outline-2 focus-visible:outline-violet-400"
          >
            {RANGES.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {data ? (
        // Ranges are whole UTC days (docs/decisions/054): say where this one starts, so the figures add up.
        <p id={`${rangeId}-since`} className="-mt-3 text-right text-xs text-slate-400">
          Since {formatDay(data.since.slice(0, 10), { month: "short", day: "numeric" })}, 00:00 UTC
        </p>
      ) : null}
      {body}
    </section>
  );
}
