import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { listFollowing } from "../../lib/follows-api";
import { formatDate } from "../../lib/format";
import { queryKeys } from "../../lib/query-keys";
import { useUserId } from "../../stores/auth";
import { FollowButton } from "../follow-button";
import { buttonClass } from "../ui";

/** Profile's "Following" tab: the creators the member follows, most recently followed first, a page at a time. */
export function FollowingList() {
  const userId = useUserId();
  const { data, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } = useInfiniteQuery({
    queryKey: queryKeys.following(userId),
    queryFn: ({ pageParam }) => listFollowing(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    meta: { failure: "Failed to load the creators you follow" },
  });
  const creators = data?.pages.flatMap((p) => p.items) ?? [];

  if (isPending) return <p className="text-slate-400">Loading…</p>;
  if (!creators.length) {
    return (
      <div className="rounded-2xl border border-dashed border-slate-800 px-6 py-8 text-center">
        <p className="font-medium">You don't follow anyone yet</p>
        <p className="mt-1 text-sm text-slate-400">Tap Follow on a creator's page or under the player to see their new uploads here and on Home.</p>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <ul aria-label="Creators you follow" className="divide-y divide-slate-800 rounded-2xl border border-slate-800">
        {creators.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <Link to={`/creator/${c.id}`} className="font-medium wrap-anywhere text-violet-300 hover:underline">
                {c.display_name}
              </Link>
              <p className="text-xs text-slate-400">Following since {formatDate(c.followed_at)}</p>
            </div>
            <FollowButton creatorId={c.id} />
          </li>
        ))}
      </ul>
      {hasNextPage ? (
        <button type="button" className={buttonClass("secondary")} disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          {isFetchingNextPage ? "Loading…" : "Load more"}
        </button>
      ) : null}
    </div>
  );
}
