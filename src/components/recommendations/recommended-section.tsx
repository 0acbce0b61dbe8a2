import { useRecommendations } from "../../queries/content";
import { ContentCard } from "../gallery/content-card";
import { RowScrollButtons, useScrollRow, scrollRowClass, scrollRowItemClass } from "./scroll-row";

const PLACEHOLDERS = 4;
const rowItem = scrollRowItemClass;

/**
 * The home shelf's 'Recommended for You' row (signed-in only; docs/decisions/098): the recommender's picks, which learn from
 * likes and finished views (docs/architecture.md §4). Fetched on each visit, so a like made on a content page shows
 * here next time, and again whenever the earnings run credits views (it invalidates "recommendations");
 * a refresh keeps the current row on screen until the new one arrives. The row scrolls sideways: Previous
 * and Next page through it for a mouse, and the arrow keys move between its cards (decision 037).
 */
export function RecommendedRow() {
  const { data: picks, isPending } = useRecommendations();
  const { attach, onScroll, onKeyDown, ...row } = useScrollRow();

  // Without picks (the request failed, and was logged) the shelf has no such tab.
  if (!isPending && !picks) return null;
  const hasRow = !!picks && picks.length > 0;

  return (
    <div className="space-y-2">
      <div className="flex min-h-9 flex-wrap items-center gap-x-3 gap-y-1">
        <p className="text-sm text-slate-400">Picked from what you like and watch</p>
        {hasRow ? <RowScrollButtons row={row} className="ml-auto" /> : null}
      </div>
      {!picks ? (
        <div
          role="status"
          aria-busy="true"
          aria-label="Loading recommendations"
          className="flex gap-4 overflow-hidden pb-2"
        >
          {Array.from({ length: PLACEHOLDERS }, (_, index) => (
            <div
              key={index}
              data-testid="recommendation-placeholder"
              className={`${rowItem} animate-pulse flex-col overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60`}
            >
              <div className="aspect-video bg-slate-800" />
              <div className="space-y-2 p-4">
                <div className="h-4 w-3/4 rounded bg-slate-800" />
                <div className="h-3 w-1/3 rounded bg-slate-800" />
              </div>
            </div>
          ))}
        </div>
      ) : picks.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-800 px-6 py-8 text-center text-slate-400">
          Nothing to recommend yet. Like a few videos or tracks and your picks will show up here.
        </p>
      ) : (
        <ul
          ref={attach}
          aria-label="Recommended for You"
          onScroll={onScroll}
          onKeyDown={onKeyDown}
          className={scrollRowClass}
        >
          {picks.map((item) => (
            <li key={item.id} className={rowItem}>
              <ContentCard item={item} discovery="ai_recommended" compact />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
