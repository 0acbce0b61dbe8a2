import { Link } from "react-router";
import { useFollowedUploads } from "../../queries/follows";
import { ContentCard } from "../gallery/content-card";
import { RowScrollButtons, useScrollRow, scrollRowClass, scrollRowItemClass } from "../recommendations/scroll-row";
import { buttonClass } from "../ui";

const rowItem = scrollRowItemClass;

/**
 * The home shelf's "From creators you follow" row (signed-in; docs/decisions/046, 098): the newest uploads of the
 * creators the member follows, a keyset page at a time. Nothing while loading and when there is nothing, so
 * members who follow nobody have no such tab.
 */
export function FollowedUploadsRow() {
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = useFollowedUploads();
  const { attach, onScroll, onKeyDown, ...row } = useScrollRow();
  const items = data?.pages.flatMap((p) => p.items) ?? [];
  if (!items.length) return null;

  return (
    <div className="space-y-2">
      <div className="flex items-center justify-end gap-2">
        <Link
          to="/following"
          className="rounded px-2 text-sm text-violet-300 hover:underline focus-visible:outline-2 focus-visible:outline-violet-400"
        >
          See all
        </Link>
        <RowScrollButtons row={row} />
      </div>
      <ul
        ref={attach}
        aria-label="From creators you follow"
        onScroll={onScroll}
        onKeyDown={onKeyDown}
        className={scrollRowClass}
      >
        {items.map((item) => (
          <li key={item.id} className={rowItem}>
            <ContentCard item={item} discovery="follow" compact />
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
    </div>
  );
}
