import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { describeFailure } from "../../lib/api";
import { useFollowingFeed, useReadFollowingFeed } from "../../queries/follows";
import { ContentCard } from "../gallery/content-card";
import { PageSpinner } from "../spinner";
import { buttonClass } from "../ui";

const gridClass = "grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4";

/**
 * /following (docs/decisions/101): the uploads of the creators the member follows, newest first, a page at a time,
 * "New" on those the bell counts as unread. Opening it reads them up to the newest shown, in the bell too; the marks
 * stay as loaded until the page loads again, so the member sees what was new.
 */
export function FollowingFeed() {
  const { data, isPending, isError, hasNextPage, isFetchingNextPage, fetchNextPage } = useFollowingFeed();
  const readFeed = useReadFollowingFeed();
  const items = data?.pages.flatMap((p) => p.items) ?? [];
  const newest = items[0];
  const anyUnread = items.some((i) => i.unread);
  // Read once per newest upload shown, and only when something shown is new: opening an all-read feed writes nothing.
  const readUpTo = useRef<string | null>(null);
  useEffect(() => {
    if (!newest || !anyUnread || readUpTo.current === newest.id) return;
    readUpTo.current = newest.id;
    readFeed(newest.id).catch((error: unknown) =>
      console.error(describeFailure("Failed to mark uploads from creators you follow read", error)),
    );
  }, [newest, anyUnread, readFeed]);

  if (isPending) return <PageSpinner />;
  if (isError) return <p className="text-slate-400">Uploads from creators you follow could not be loaded.</p>;
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-800 px-6 py-16 text-center">
        <p className="text-slate-300">Follow creators to see their new uploads here.</p>
        <Link to="/" className={buttonClass("secondary")}>
          Go to Home
        </Link>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <ul aria-label="Uploads from creators you follow" className={gridClass}>
        {items.map((item, index) => (
          <li key={item.id} className="relative flex min-w-0">
            <ContentCard item={item} discovery="follow" image={index < 4 ? "eager" : "lazy"} />
            {item.unread ? (
              // Over the thumbnail's top-left corner (the card's buttons sit top-right), above the stretched link.
              <span className="pointer-events-none absolute top-2 left-2 z-10 rounded-full bg-violet-600 px-2 py-0.5 text-xs font-semibold text-white shadow">
                New
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {hasNextPage ? (
        <div className="flex justify-center">
          <button
            type="button"
            className={buttonClass("secondary")}
            disabled={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {isFetchingNextPage ? "Loading…" : "Load more"}
          </button>
        </div>
      ) : null}
    </div>
  );
}
