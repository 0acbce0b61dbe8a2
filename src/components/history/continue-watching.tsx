import { useContinueWatching } from "../../queries/history";
import { ContentCard } from "../gallery/content-card";
import { RowScrollButtons, useScrollRow, scrollRowClass, scrollRowItemClass } from "../recommendations/scroll-row";
import { WatchedBar } from "./watched-bar";

/** How many unfinished items the row shows; the Profile's History tab has them all. */
export const CONTINUE_WATCHING_LIMIT = 12;
const rowItem = `${scrollRowItemClass} flex-col gap-2`;

/**
 * The home shelf's "Continue watching" row (signed-in only; docs/decisions/045, 098): the items the viewer left
 * unfinished, the latest first, each opening where they left it. Nothing at all while it loads, when it is
 * empty or when the request failed (logged): the shelf then has no such tab.
 */
export function ContinueWatchingRow() {
  const { data } = useContinueWatching(CONTINUE_WATCHING_LIMIT);
  const { attach, onScroll, onKeyDown, ...row } = useScrollRow();
  if (!data?.length) return null;

  return (
    <div className="space-y-2">
      <RowScrollButtons row={row} className="justify-end" />
      <ul
        ref={attach}
        aria-label="Continue watching"
        onScroll={onScroll}
        onKeyDown={onKeyDown}
        className={scrollRowClass}
      >
        {data.map((entry) => (
          <li key={entry.content.id} className={rowItem}>
            <ContentCard item={entry.content} compact />
            <WatchedBar positionSeconds={entry.position_seconds} percent={entry.percent} />
          </li>
        ))}
      </ul>
    </div>
  );
}
