import { lazy, Suspense, useState } from "react";
import { Link, useParams } from "react-router";
import { itemEarnBlock } from "../../common/media-floor";
import { STATS_RANGES } from "../../common/schemas/studio";
import { WontEarn } from "../components/content/wont-earn";
import { VisibilityBadge } from "../components/visibility/visibility-badge";
import { PageSpinner } from "../components/spinner";
import { percentText } from "../components/studio/studio-labels";
import { SeekPreviews } from "../components/studio/seek-previews";
import { StudioSources, StudioSummary } from "../components/studio/studio-summary";
import { formatCount } from "../components/traffic/traffic-format";
import { buttonClass, card } from "../components/ui";
import { useContentItem } from "../queries/content";
import { useEarningRules } from "../queries/earning-rules";
import type { StatsRange } from "../lib/studio-api";
import { useContentStats } from "../queries/studio";

// chart.js loads with the charts, after the numbers (docs/architecture.md §6: charts load lazily).
const ViewsChart = lazy(() => import("../components/studio/studio-charts").then((m) => ({ default: m.ViewsChart })));
const RetentionChart = lazy(() =>
  import("../components/studio/studio-charts").then((m) => ({ default: m.RetentionChart })),
);

const RANGE_LABELS: Record<StatsRange, string> = { "7d": "7 days", "30d": "30 days", "90d": "90 days" };
const chartBox = (label: string) => (
  <div className="h-full animate-pulse rounded-xl bg-slate-800/40" aria-label={label} />
);

/**
 * Why the item's views can't earn, if they can't (docs/decisions/063), from the item as its creator reads it
 * (the same answer and cache as its page): the media floor it missed at upload, or too short by the rule.
 * Nothing until the rules arrive too: the rule decides whether "too short" comes first, and no minimum is guessed.
 */
function StudioEarnBlock({ id }: { id: string }) {
  const { data: item } = useContentItem(id);
  const minSeconds = useEarningRules()?.min_earning_seconds;
  const block =
    item && minSeconds !== undefined ? itemEarnBlock(item.duration * 1000, item.earn_block ?? null, minSeconds) : null;
  return (
    <>
      {/* Who may see it (docs/decisions/094), from the same answer. */}
      {item ? <VisibilityBadge item={item} className="self-start" /> : null}
      {block ? <WontEarn block={block} /> : null}
    </>
  );
}

/** The item's seek previews (docs/decisions/102), from the same answer as its page. */
function StudioSeekPreviews({ id }: { id: string }) {
  const { data: item } = useContentItem(id);
  return item ? <SeekPreviews item={item} /> : null;
}

/** /studio/:id (signed-in): one item's stats for its creator, or for an admin (docs/decisions/048). */
function StudioPage() {
  const { id = "" } = useParams();
  const [range, setRange] = useState<StatsRange>("30d");
  const { data: stats, isPending, isError } = useContentStats(id, range);
  // Where a view is paid, as the server states it (docs/decisions/067): the retention card's sentence and dashed
  // line wait for it, never a copied 80 %.
  const paidAt = useEarningRules()?.qualify_percent;

  if (isPending) return <PageSpinner />;
  if (isError || !stats) {
    return (
      <section className="py-16 text-center">
        <h1 className="text-2xl font-semibold">Stats not available</h1>
        <p className="mt-2 text-slate-400">
          {isError ? "The stats could not be loaded. Try again later." : "Only the item's creator can see its stats."}
        </p>
        <Link to="/profile" className={`${buttonClass()} mt-6`}>
          Back to Profile
        </Link>
      </section>
    );
  }
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <Link to="/profile" className="text-sm text-violet-300 hover:underline">
          ← Profile
        </Link>
        <h1 className="text-2xl font-semibold">Stats</h1>
        <p className="line-clamp-2 wrap-anywhere text-slate-300" title={stats.title}>
          <Link to={`/content/${stats.content_id}`} className="hover:underline">
            {stats.title}
          </Link>
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <StudioEarnBlock id={stats.content_id} />
        </div>
      </div>
      <div role="group" aria-label="Range" className="flex flex-wrap gap-2">
        {STATS_RANGES.map((r) => (
          <button
            key={r}
            type="button"
            aria-pressed={r === range}
            className={buttonClass(r === range ? "primary" : "secondary")}
            onClick={() => setRange(r)}
          >
            {RANGE_LABELS[r]}
          </button>
        ))}
      </div>
      <StudioSummary stats={stats} />
      <section className={`${card} space-y-3`} aria-labelledby="studio-views">
        <h2 id="studio-views" className="text-lg font-semibold">
          Views over time
        </h2>
        <div className="relative h-56">
          <Suspense fallback={chartBox("Loading the chart")}>
            <ViewsChart days={stats.days} />
          </Suspense>
        </div>
      </section>
      <section className={`${card} space-y-3`} aria-labelledby="studio-retention">
        <h2 id="studio-retention" className="text-lg font-semibold">
          Where viewers stop
        </h2>
        {stats.retention_views === 0 ? (
          <p className="text-sm text-slate-400">No views yet: the curve appears after the first one.</p>
        ) : (
          <>
            <p className="text-sm text-slate-400">
              From all {formatCount(stats.retention_views)} {stats.retention_views === 1 ? "view" : "views"} so far.
              {paidAt === undefined ? null : (
                <>
                  {" "}
                  {percentText(stats.retention[paidAt] ?? 0)} of viewers reached {paidAt} %, where a view is paid (the
                  dashed line).
                </>
              )}
            </p>
            <div className="relative h-64">
              {paidAt === undefined ? (
                chartBox("Loading the chart")
              ) : (
                <Suspense fallback={chartBox("Loading the chart")}>
                  <RetentionChart retention={stats.retention} paidAt={paidAt} />
                </Suspense>
              )}
            </div>
          </>
        )}
      </section>
      <section className={`${card} space-y-3`} aria-labelledby="studio-sources">
        <h2 id="studio-sources" className="text-lg font-semibold">
          How viewers found it
        </h2>
        <StudioSources sources={stats.sources} />
      </section>
      <StudioSeekPreviews id={stats.content_id} />
      <p className="text-sm text-slate-400">
        Views by you are not counted. Earnings are your rewards from this item's views, less any reversed.
      </p>
    </div>
  );
}

export { StudioPage as Component };
