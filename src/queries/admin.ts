import { keepPreviousData, type QueryKey, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { queryKeys } from "../lib/query-keys";

export type AdminQuery<T> = {
  /** The last answer; null before the first one and after a failure (the screen shows its empty state). */
  data: T | null;
  /** Nothing has been answered yet for any key: show a spinner rather than an empty state. */
  firstLoad: boolean;
  /** The last load failed (and was logged): a tab that must not pass a failure off as "nothing here" says so. */
  failed: boolean;
  /** Asks again for the same key (an Update button); the answer on screen stays meanwhile. */
  reload: () => void;
};

/**
 * Loads admin data (under `queryKeys.admin`) when a tab opens and after any saved change (see
 * `useRefreshAdminLists`). Failures are logged only (docs/product-spec.md §8 "admin fetch failures:
 * console only"); while a new key loads, the previous answer stays on screen.
 *
 * Nothing is kept once no tab shows it (`gcTime: 0`): a tab opened again loads afresh behind its spinner,
 * so a form never starts from an answer older than its last save.
 */
export function useAdminQuery<T>(
  queryKey: QueryKey,
  load: (signal: AbortSignal) => Promise<T>,
  failure: string,
): AdminQuery<T> {
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => load(signal),
    placeholderData: keepPreviousData,
    gcTime: 0,
    meta: { failure },
  });
  return {
    data: query.isError ? null : (query.data ?? null),
    firstLoad: query.isPending,
    failed: query.isError,
    reload: () => void query.refetch(),
  };
}

/**
 * After every saved admin change, each list on screen (and the summary cards) loads again
 * (docs/product-spec.md §4: "A saved change in an admin list triggers a refresh of the lists").
 */
export function useRefreshAdminLists() {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }), [queryClient]);
}
