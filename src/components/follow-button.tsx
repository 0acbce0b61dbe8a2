import { useState } from "react";
import { useShallow } from "zustand/react/shallow";
import { describeFailure, refusalOf } from "../lib/api";
import { useCreator } from "../queries/content";
import { useFollowChange } from "../queries/follows";
import { useAuth } from "../stores/auth";

const followersText = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "follower" : "followers"}`;

/**
 * Follow / Following for one creator, with their follower count (docs/decisions/046). It reads the creator
 * page's data (followers, and whether the caller follows), so the creator page and the player share one
 * cached answer; a click shows at once and the server's answer then becomes the cached state. A visitor's
 * click goes to sign in; on one's own items and page there is no button, only the count. A refusal (the
 * follow rate limit's 429, docs/decisions/064) shows the server's words under the button until the next click.
 */
export function FollowButton({ creatorId }: { creatorId: string }) {
  const { user, redirectToLogin } = useAuth(useShallow((s) => ({ user: s.user, redirectToLogin: s.redirectToLogin })));
  const { data: creator } = useCreator(creatorId);
  const changeFollow = useFollowChange(creatorId);
  const [sending, setSending] = useState<{ following: boolean; followers: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (!creator) return null;
  // After signing out the cached page still says whom the last member followed; a visitor follows nobody.
  const shown = sending ?? { followers: creator.followers, following: !!user && creator.following };

  async function toggle() {
    if (!user) return void redirectToLogin();
    if (sending || !creator) return;
    const before = shown.following;
    setProblem(null);
    setSending({ following: !before, followers: Math.max(0, creator.followers + (before ? -1 : 1)) });
    try {
      await changeFollow(user.id, !before);
    } catch (error) {
      // The server's refusal is for the member to read; a failure it did not explain is also a bug to log.
      const refusal = refusalOf(error);
      setProblem(refusal ?? `Could not ${before ? "unfollow" : "follow"}. Please try again.`);
      if (!refusal) console.error(describeFailure(before ? "Failed to unfollow" : "Failed to follow", error));
    } finally {
      setSending(null);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      {user?.id === creatorId ? null : (
        <button
          type="button"
          aria-pressed={shown.following}
          disabled={!!sending}
          onClick={() => void toggle()}
          className={
            "inline-flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400 disabled:opacity-50 " +
            (shown.following
              ? "border-slate-600 bg-slate-800 text-slate-100 hover:bg-slate-700"
              : "border-violet-500 bg-violet-600 text-white hover:bg-violet-500")
          }
        >
          {shown.following ? "Following" : "Follow"}
        </button>
      )}
      <span className="text-sm whitespace-nowrap text-slate-400" aria-live="polite">
        {followersText(shown.followers)}
      </span>
      {problem ? (
        <p role="alert" className="basis-full text-sm break-words text-red-400">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
