import { useId } from "react";
import { useFollowedUploads } from "../../queries/follows";
import { ContentCard } from "../gallery/content-card";
import { RowScrollButtons, useScrollRow, scrollRowClass, scrollRowItemClass } from "../recommendations/scroll-row";
import { buttonClass } from "../ui";

const rowItem = scrollRowItemClass;

/**
 * Home's "From creators you follow" (signed-in): the newest uploads of the creators the member follows, a
 * keyset page at a time (docs/decisions/046). Hidden while loading and when there is nothing, so members who
 * follow nobody see the home page as before.
 */
export function FollowedUploadsSection() {
  const headingId = useId();
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = useFollowedUploads();
  const { attach, onScroll, onKeyDown, ...row } = useScrollRow();
  const items = data?.pages.flatMap((p) => p.items) ?? [];
  if (!items.length) return null;

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 id={headingId} className="text-xl font-semibold">
          From creators you follow
        </h2>
        <RowScrollButtons row={row} className="ml-auto" />
      </div>
      <ul ref={attach} aria-labelledby={headingId} onScroll={onScroll} onKeyDown={onKeyDown} className={scrollRowClass}>
        {items.map((item) => (
          <li key={item.id} className={rowItem}>
            <ContentCard item={item} discovery="follow" />
          </li>
        ))}
        {hasNextPage ? (
          <li className="flex shrink-0 items-center px-2">
            <button
              type="button"
              className={buttonClass("secondary")}
              disabled={isFetchingNextPage}
              onClick={() => void fetchNextPage()}
            >
              {isFetchingNextPage ? "Loading…" : "More"}
            </button>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
