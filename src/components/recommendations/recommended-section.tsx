import { useEffect, useId, useState } from "react";
import { describeFailure } from "../../lib/api";
import type { ContentJson } from "../../lib/types";
import { useEarnings } from "../../stores/earnings";
import { ContentCard } from "../gallery/content-card";
import { getRecommendations } from "./recommendations-api";

type Picks = { status: "loading" } | { status: "ready"; items: ContentJson[] } | { status: "failed" };

const PLACEHOLDERS = 4;
const rowItem = "flex w-64 shrink-0 snap-start sm:w-72";

/**
 * The home page's 'Recommended for You' row (signed-in only): the recommender's picks, which learn from
 * likes and finished views (docs/architecture.md §4). Fetched on each visit, so a like made on a content page shows
 * here next time, and again whenever the earnings job credits views (the store's version goes up).
 */
export function RecommendedSection() {
  const headingId = useId();
  const earningsVersion = useEarnings((s) => s.version);
  const [picks, setPicks] = useState<Picks>({ status: "loading" });

  useEffect(() => {
    const controller = new AbortController();
    // A refresh keeps the current row on screen until the new one arrives.
    getRecommendations(controller.signal).then(
      ({ items }) => {
        if (!controller.signal.aborted) setPicks({ status: "ready", items });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(describeFailure("Failed to load recommendations", error));
        setPicks((current) => (current.status === "ready" ? current : { status: "failed" }));
      },
    );
    return () => controller.abort();
  }, [earningsVersion]);

  // Without picks (the request failed) the home page simply goes on with the gallery.
  if (picks.status === "failed") return null;

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold">
          Recommended for You
        </h2>
        <p className="text-sm text-slate-400">Picked from what you like and watch</p>
      </div>
      {picks.status === "loading" ? (
        <div role="status" aria-busy="true" aria-label="Loading recommendations" className="flex gap-4 overflow-hidden pb-2">
          {Array.from({ length: PLACEHOLDERS }, (_, index) => (
            <div key={index} data-testid="recommendation-placeholder" className={`${rowItem} animate-pulse flex-col overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60`}>
              <div className="aspect-video bg-slate-800" />
              <div className="space-y-2 p-4">
                <div className="h-4 w-3/4 rounded bg-slate-800" />
                <div className="h-3 w-1/3 rounded bg-slate-800" />
              </div>
            </div>
          ))}
        </div>
      ) : picks.items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-800 px-6 py-8 text-center text-slate-400">
          Nothing to recommend yet. Like a few videos or tracks and your picks will show up here.
        </p>
      ) : (
        <ul className="-mx-1 flex snap-x gap-4 overflow-x-auto px-1 pt-1 pb-3">
          {picks.items.map((item) => (
            <li key={item.id} className={rowItem}>
              <ContentCard item={item} discovery="ai_recommended" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
