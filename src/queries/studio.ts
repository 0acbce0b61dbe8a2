import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { queryKeys } from "../lib/query-keys";
import { getContentStats, type StatsRange } from "../lib/studio-api";
import { useUserId } from "../stores/auth";
import { orNotFound } from "./content";

/**
 * One item's studio stats for `range` (docs/decisions/048); null when the caller may not see them or the item
 * is gone (a 404 is an answer). A new range loads while the previous range's stats stay on screen.
 */
export function useContentStats(id: string, range: StatsRange) {
  const userId = useUserId();
  return useQuery({
    queryKey: queryKeys.contentStats(userId, id, range),
    queryFn: ({ signal }) => orNotFound(getContentStats(id, range, signal)),
    placeholderData: keepPreviousData,
    meta: { failure: "Failed to load stats" },
  });
}
