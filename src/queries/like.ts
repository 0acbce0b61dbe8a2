import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { describeFailure } from "../lib/api";
import { like, likeStatus, unlike } from "../lib/content-api";
import { queryKeys } from "../lib/query-keys";
import type { LikeStatusResponse } from "../../common/schemas/content";
import { useUserId } from "../stores/auth";

/**
 * The viewer's like of one item (docs/product-spec.md §4: not liked → POST, liked → DELETE). The click
 * shows at once; the server's answer then becomes the cached status (the true count), and a failure
 * leaves the cache as it was, so what was shown before comes back. `initialCount` (from the content
 * itself) shows until the like status arrives; until then a click could only guess the direction.
 */
export function useLike(contentId: string, initialCount: number) {
  const userId = useUserId();
  const queryClient = useQueryClient();
  const queryKey = queryKeys.likeStatus(userId, contentId);
  const status = useQuery({
    queryKey,
    queryFn: () => likeStatus(contentId),
    meta: { failure: "Failed to load like status" },
  });
  // What the click shows while its request is on the way. Component state rather than a cache write:
  // it re-renders in the click's own event, and it doubles as "one change at a time" (a second click
  // while one is on its way would race it).
  const [sending, setSending] = useState<LikeStatusResponse | null>(null);

  const shown = sending ?? status.data ?? { liked: false, like_count: initialCount };

  async function toggle() {
    const before = status.data;
    if (sending || !before) return;
    setSending({ liked: !before.liked, like_count: Math.max(0, before.like_count + (before.liked ? -1 : 1)) });
    // A status load still under way would otherwise land after, and over, the server's answer.
    void queryClient.cancelQueries({ queryKey });
    try {
      queryClient.setQueryData(queryKey, await (before.liked ? unlike(contentId) : like(contentId)));
    } catch (error) {
      console.error(describeFailure(before.liked ? "Failed to unlike content" : "Failed to like content", error));
    } finally {
      setSending(null);
    }
  }

  return { ...shown, ready: status.data !== undefined, toggle };
}
