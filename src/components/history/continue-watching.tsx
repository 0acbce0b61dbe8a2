import { useId } from "react";
import { useContinueWatching } from "../../queries/history";
import { ContentCard } from "../gallery/content-card";
import { RowScrollButtons, useScrollRow, scrollRowClass, scrollRowItemClass } from "../recommendations/scroll-row";
import { WatchedBar } from "./watched-bar";

/** How many unfinished items the row shows; the Profile's History tab has them all. */
const ROW_LIMIT = 12;
const rowItem = `${scrollRowItemClass} flex-col gap-2`;

/**
 * The home page's "Continue watching" row (signed-in only; docs/decisions/045): the items the viewer left
 * unfinished, the latest first, each opening where they left it. Nothing at all while it loads, when it is
 * empty or when the request failed (logged): the home page simply goes on.
 */
export function ContinueWatching() {
  const headingId = useId();
  const { data } = useContinueWatching(ROW_LIMIT);
  const { attach, onScroll, onKeyDown, ...row } = useScrollRow();
  if (!data?.length) return null;

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 id={headingId} className="text-xl font-semibold">
          Continue watching
        </h2>
        <RowScrollButtons row={row} className="ml-auto" />
      </div>
      <ul ref={attach} aria-labelledby={headingId} onScroll={onScroll} onKeyDown={onKeyDown} className={scrollRowClass}>
        {data.map((entry) => (
          <li key={entry.content.id} className={rowItem}>
            <ContentCard item={entry.content} />
            <WatchedBar positionSeconds={entry.position_seconds} percent={entry.percent} />
          </li>
        ))}
      </ul>
    </section>
  );
}
