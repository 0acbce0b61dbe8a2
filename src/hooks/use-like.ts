import { useCallback, useEffect, useRef, useState } from "react";
import { describeFailure } from "../lib/api";
import { like, likeStatus, unlike } from "../lib/content-api";
import type { LikeStatusResponse } from "../lib/types";

/**
 * The viewer's like of one item (docs/product-spec.md §4: not liked → POST, liked → DELETE). The click shows at once;
 * the server's answer then sets the true count, and a failure puts back what was shown before.
 * `initialCount` (from the content itself) shows until the like status arrives.
 */
export function useLike(contentId: string, initialCount: number) {
  const [status, setStatus] = useState<LikeStatusResponse>({ liked: false, like_count: initialCount });
  const [ready, setReady] = useState(false);
  // One change at a time: a second click while one is on its way would race it.
  const busyRef = useRef(false);

  useEffect(() => {
    let current = true;
    likeStatus(contentId).then(
      (answer) => {
        if (!current) return;
        setStatus(answer);
        setReady(true);
      },
      (error: unknown) => {
        if (current) console.error(describeFailure("Failed to load like status", error));
      },
    );
    return () => {
      current = false;
    };
  }, [contentId]);

  const toggle = useCallback(async () => {
    if (busyRef.current) return;
    busyRef.current = true;
    const before = status;
    setStatus({ liked: !before.liked, like_count: Math.max(0, before.like_count + (before.liked ? -1 : 1)) });
    try {
      setStatus(await (before.liked ? unlike(contentId) : like(contentId)));
    } catch (error) {
      console.error(describeFailure(before.liked ? "Failed to unlike content" : "Failed to like content", error));
      setStatus(before);
    } finally {
      busyRef.current = false;
    }
  }, [contentId, status]);

  return { ...status, ready, toggle };
}
