import { useInfiniteQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { type ContentFeedQuery, listContent } from "../lib/content-api";
import { queryKeys } from "../lib/query-keys";
import type { ContentJson } from "../../common/schemas/content";

/**
 * A keyset-paginated `GET /api/content` list, one page per cursor. A new query starts over (placeholders);
 * a refresh (the earnings run invalidating "content-feed") fetches the loaded pages again in the
 * background, so nothing jumps and the pages further down stay. A failed request is logged only and
 * leaves what was shown (docs/product-spec.md §8 "other fetch failures"), the empty state on the first page.
 */
export function useContentFeed(query: ContentFeedQuery) {
  const feed = useInfiniteQuery({
    queryKey: queryKeys.contentFeed(query),
    queryFn: ({ pageParam, signal }) => listContent({ ...query, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    meta: { failure: "Failed to load content" },
  });

  const items = useMemo(() => uniqueById(feed.data?.pages.flatMap((page) => page.items) ?? []), [feed.data]);
  // A search's matches found only in captions (docs/decisions/049).
  const inCaptions = useMemo(
    () => new Set(feed.data?.pages.flatMap((page) => page.in_captions ?? []) ?? []),
    [feed.data],
  );

  const { hasNextPage, fetchNextPage } = feed;
  const loadMore = useCallback(() => {
    // While a page is on its way, asking again returns that request rather than starting a second one.
    if (hasNextPage) void fetchNextPage({ cancelRefetch: false });
  }, [hasNextPage, fetchNextPage]);

  return {
    items,
    inCaptions,
    loadingFirst: feed.isPending,
    loadingMore: feed.isFetchingNextPage,
    hasMore: hasNextPage,
    /** The last page request failed: scrolling stops loading by itself (no retry loop); the button still retries. */
    failed: feed.isFetchNextPageError,
    loadMore,
  };
}

/** Rows may shift between page requests (new uploads): never show one item twice. */
function uniqueById(items: ContentJson[]): ContentJson[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
}
