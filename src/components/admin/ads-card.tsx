import { lazy, Suspense } from "react";
import { getAdAnalytics } from "../../lib/admin-api";
import { formatDay } from "../../lib/format";
import type { AdAnalyticsResponse, AdFiguresJson } from "../../../common/schemas/admin-analytics";
import { queryKeys } from "../../lib/query-keys";
import { formatCount as count, formatPercent as percent } from "../traffic/traffic-format";
import { EmptyMessage, num, Section, StatCards, Table, td, tdNum } from "./admin-ui";
import { useAdminQuery } from "../../queries/admin";

// chart.js arrives only when there are figures to draw (docs/architecture.md §6: charts load lazily).
const AdDaysChart = lazy(() => import("./ad-days-chart").then((m) => ({ default: m.AdDaysChart })));

const breakLabels: Record<AdAnalyticsResponse["byPosition"][number]["position"], string> = {
  pre: "Pre-roll",
  post: "Post-roll",
  // Beacons sent before the player knew the break (an ad feed that failed to load).
  unknown: "Not reported",
};

const anyEvents = (t: AdFiguresJson) =>
  t.impressions +
    t.starts +
    t.first_quartiles +
    t.midpoints +
    t.third_quartiles +
    t.completes +
    t.skips +
    t.clicks +
    t.errors >
  0;

/**
 * Admin Analytics: what the ad feed's beacons counted over the last 30 days (docs/decisions/018).
 * Completion and click-through are per impression.
 */
export function AdsCard() {
  const { data, firstLoad } = useAdminQuery(
    queryKeys.admin.list("ad-analytics"),
    getAdAnalytics,
    "Failed to load ad figures",
  );
  const range = data ? (
    <span className="text-sm text-slate-400">{`${formatDay(data.startDate)} – ${formatDay(data.endDate)}`}</span>
  ) : null;
  return (
    <Section title="Ads" actions={range}>
      {firstLoad ? (
        <p role="status" className="text-sm text-slate-400">
          Loading ad figures…
        </p>
      ) : data && anyEvents(data.totals) ? (
        <AdFigures figures={data} />
      ) : (
        <EmptyMessage
          title="No ad events yet"
          text="Impressions, completions, skips and clicks appear once viewers see pre- and post-roll ads."
        />
      )}
    </Section>
  );
}

function AdFigures({ figures }: { figures: AdAnalyticsResponse }) {
  const { totals } = figures;
  const rows = [
    ...figures.byPosition.map((p) => ({ key: p.position, label: breakLabels[p.position], f: p as AdFiguresJson })),
    { key: "total", label: "Total", f: totals },
  ];
  return (
    <>
      <StatCards
        label="Ad totals"
        stats={[
          { label: "Impressions", value: count(totals.impressions) },
          {
            label: "Completion Rate",
            value: percent(totals.completion_rate),
            exact: `${count(totals.completes)} completes of ${count(totals.impressions)} impressions`,
          },
          { label: "Skips", value: count(totals.skips), exact: `${percent(totals.skip_rate)} of impressions` },
          {
            label: "Clicks",
            value: count(totals.clicks),
            exact: `${percent(totals.click_through_rate)} click-through rate`,
          },
        ]}
      />
      <Table
        caption="Ads by break"
        columns={[
          "Break",
          num("Impressions"),
          num("Completes"),
          num("Completion"),
          num("Skips"),
          num("Clicks"),
          num("Click-through"),
          num("Errors"),
        ]}
      >
        {rows.map(({ key, label, f }) => (
          <tr key={key} className={key === "total" ? "font-semibold" : undefined}>
            <td className={`${td} whitespace-nowrap`}>{label}</td>
            <td className={tdNum}>{count(f.impressions)}</td>
            <td className={tdNum}>{count(f.completes)}</td>
            <td className={tdNum}>{percent(f.completion_rate)}</td>
            <td className={tdNum}>{count(f.skips)}</td>
            <td className={tdNum}>{count(f.clicks)}</td>
            <td className={tdNum}>{percent(f.click_through_rate)}</td>
            <td className={tdNum}>{count(f.errors)}</td>
          </tr>
        ))}
      </Table>
      <p className="text-sm text-slate-400">Completion and click-through are per impression.</p>
      <div className="relative h-56">
        <Suspense fallback={<div className="h-full animate-pulse rounded-xl bg-slate-800/40" aria-hidden="true" />}>
          <AdDaysChart days={figures.days} />
        </Suspense>
      </div>
    </>
  );
}
