import { useEffect, useRef } from "react";
import { buttonClass } from "../ui";

type LoadMoreProps = {
  loading: boolean;
  /** False after a failed request, so a broken page is not requested over and over while in view. */
  auto: boolean;
  onLoadMore: () => void;
};

// Start loading a little before the end of the grid comes into view.
const ROOT_MARGIN = "400px 0px";

/**
 * Loads the next page when the end of the grid scrolls into view, with a real button for keyboard and
 * assistive-technology users (and browsers without IntersectionObserver).
 */
export function LoadMore({ loading, auto, onLoadMore }: LoadMoreProps) {
  const sentinelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || loading || !auto || typeof IntersectionObserver === "undefined") return;
    // A new observer reports the current state at once, so when a page was too short to fill the
    // screen, the next one loads without waiting for a scroll.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadMore();
      },
      { rootMargin: ROOT_MARGIN },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [loading, auto, onLoadMore]);

  return (
    <div ref={sentinelRef} className="flex justify-center pt-8">
      <button type="button" className={buttonClass("secondary")} disabled={loading} onClick={onLoadMore}>
        {loading ? "Loading…" : "Load more"}
      </button>
    </div>
  );
}
