import { useState } from "react";
import { useShallow } from "zustand/react/shallow";
import { describeFailure, refusalOf } from "../../lib/api";
import { addToPlaylist, removeFromPlaylist } from "../../lib/playlists-api";
import { useRefreshPlaylists, useWatchLater } from "../../queries/playlists";
import { useAuth } from "../../stores/auth";
import { ClockIcon } from "./playlist-icons";

type WatchLaterButtonProps = { contentId: string; title: string; variant: "card" | "player" };

/**
 * One click saves the item to the member's Watch later (its id is the member's own), another takes it out
 * (docs/decisions/090). A visitor's click goes to sign in. On a card it is a round icon over the thumbnail.
 */
export function WatchLaterButton({ contentId, title, variant }: WatchLaterButtonProps) {
  const { user, redirectToLogin } = useAuth(useShallow((s) => ({ user: s.user, redirectToLogin: s.redirectToLogin })));
  const { data: later } = useWatchLater();
  const refresh = useRefreshPlaylists();
  const [sending, setSending] = useState<boolean | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const saved = sending ?? !!later?.items.some((entry) => entry.content.id === contentId);

  async function toggle() {
    if (!user) return void redirectToLogin();
    if (sending !== null) return;
    setProblem(null);
    setSending(!saved);
    try {
      await (saved ? removeFromPlaylist(user.id, contentId) : addToPlaylist(user.id, contentId));
      await refresh();
    } catch (error) {
      const refusal = refusalOf(error);
      setProblem(refusal ?? "Could not change Watch later. Please try again.");
      if (!refusal) console.error(describeFailure("Failed to change Watch later", error));
    } finally {
      setSending(null);
    }
  }

  const label = saved ? "Saved to Watch later" : "Watch later";
  const alert = problem ? (
    <p role="alert" className={variant === "card" ? "sr-only" : "basis-full text-sm wrap-anywhere text-red-400"}>
      {problem}
    </p>
  ) : null;
  if (variant === "card") {
    return (
      <>
        <button
          type="button"
          aria-pressed={saved}
          aria-label={`Watch later: ${title}`}
          title={problem ?? label}
          onClick={() => void toggle()}
          className={`${cardIconClass} ${saved ? "bg-violet-600 text-white" : "bg-slate-950/80 text-slate-100"}`}
        >
          <ClockIcon filled={saved} />
        </button>
        {alert}
      </>
    );
  }
  return (
    <>
      <button
        type="button"
        aria-pressed={saved}
        onClick={() => void toggle()}
        className={`${pillClass} ${saved ? "border-violet-500 bg-violet-600 text-white hover:bg-violet-500" : "border-slate-700 bg-slate-900 text-slate-100 hover:bg-slate-800"}`}
      >
        <ClockIcon filled={saved} />
        {label}
      </button>
      {alert}
    </>
  );
}

export const cardIconClass =
  "grid size-9 place-items-center rounded-full shadow transition hover:bg-violet-500 hover:text-white " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400";
export const pillClass =
  "inline-flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-medium transition " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400 disabled:opacity-50";
