import { Link } from "react-router";
import { formatDate } from "../../lib/format";
import { useFollowing } from "../../queries/follows";
import { FollowButton } from "../follow-button";
import { buttonClass } from "../ui";

/** Profile's "Following" tab: the creators the member follows, most recently followed first, a page at a time. */
export function FollowingList() {
  const { data, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } = useFollowing();
  const creators = data?.pages.flatMap((p) => p.items) ?? [];

  if (isPending) return <p className="text-slate-400">Loading…</p>;
  if (!creators.length) {
    return (
      <div className="rounded-2xl border border-dashed border-slate-800 px-6 py-8 text-center">
        <p className="font-medium">You don't follow anyone yet</p>
        <p className="mt-1 text-sm text-slate-400">
          Tap Follow on a creator's page or under the player to see their new uploads here and on Home.
        </p>
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
        <button
          type="button"
          className={buttonClass("secondary")}
          disabled={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          {isFetchingNextPage ? "Loading…" : "Load more"}
        </button>
      ) : null}
    </div>
  );
}
