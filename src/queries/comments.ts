import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import type { CommentSort } from "../../common/comments";
import { listComments } from "../lib/comments-api";
import { queryKeys } from "../lib/query-keys";
import { useUserId } from "../stores/auth";

// Comments under items (docs/decisions/093): a keyset page at a time, per sort.

export function useComments(contentId: string, sort: CommentSort) {
  const userId = useUserId();
  return useInfiniteQuery({
    queryKey: queryKeys.comments(userId, contentId, sort),
    queryFn: ({ pageParam, signal }) => listComments(contentId, sort, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    meta: { failure: "Failed to load comments" },
  });
}

/** After a change: both sorts of the item's comments load again. */
export function useRefreshComments(contentId: string) {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.comments(userId, contentId) });
}
