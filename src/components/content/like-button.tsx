import { useLike } from "../../queries/like";

type LikeButtonProps = { contentId: string; initialCount: number };

/** Like/Liked toggle; likes also teach the recommendations what this viewer enjoys. */
export function LikeButton({ contentId, initialCount }: LikeButtonProps) {
  const { liked, like_count: count, ready, toggle } = useLike(contentId, initialCount);
  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        aria-pressed={liked}
        // Until we know whether the viewer already likes it, a click could only guess the direction.
        disabled={!ready}
        onClick={() => void toggle()}
        className={
          "inline-flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400 disabled:opacity-50 " +
          (liked
            ? "border-violet-500 bg-violet-600 text-white hover:bg-violet-500"
            : "border-slate-700 bg-slate-900 text-slate-100 hover:bg-slate-800")
        }
      >
        <svg
          viewBox="0 0 24 24"
          className="size-4"
          aria-hidden="true"
          fill={liked ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M12 20.5s-7.5-4.6-9.2-9.3C1.6 7.8 3.9 4.5 7.3 4.5c2 0 3.6 1.1 4.7 2.7 1.1-1.6 2.7-2.7 4.7-2.7 3.4 0 5.7 3.3 4.5 6.7-1.7 4.7-9.2 9.3-9.2 9.3Z" />
        </svg>
        {liked ? "Liked" : "Like"}
      </button>
      <span className="text-sm text-slate-400" aria-live="polite">
        {count} {count === 1 ? "like" : "likes"}
      </span>
    </div>
  );
}
