import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { getHistory } from "../lib/history-api";
import { queryKeys } from "../lib/query-keys";
import { useUserId } from "../stores/auth";

// The watch history (docs/decisions/045): all of it for Profile's History tab, the unfinished items for
// Home's "Continue watching".

/** Profile → History: what the viewer played, the latest first, a keyset page at a time. */
export function useHistory() {
  const userId = useUserId();
  return useInfiniteQuery({
    queryKey: queryKeys.history(userId, false),
    queryFn: ({ pageParam, signal }) => getHistory({ cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    meta: { failure: "Failed to load watch history" },
  });
}

/** Home's "Continue watching": the latest `limit` items the viewer left unfinished. */
export function useContinueWatching(limit: number) {
  const userId = useUserId();
  return useQuery({
    queryKey: queryKeys.history(userId, true),
    queryFn: ({ signal }) => getHistory({ unfinished: true, limit }, signal).then(({ items }) => items),
    meta: { failure: "Failed to load watch history" },
  });
}

/** Loads both lists again after the history changed (an item removed, or all cleared). */
export function useRefreshHistory() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ["history"] });
}
