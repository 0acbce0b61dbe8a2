import { useCallback, useEffect, useRef, useState } from "react";
import { describeFailure } from "../lib/api";
import { type ContentQuery, listContent } from "../lib/content-api";
import type { ContentJson } from "../lib/types";

export type ContentFeedQuery = Omit<ContentQuery, "cursor">;

type FeedState = {
  items: ContentJson[];
  nextCursor: string | null;
  /** "first" while the first page of the current query loads, "more" while a further page loads. */
  loading: "first" | "more" | null;
  /** The last request failed: scrolling stops loading by itself (no retry loop); the button still retries. */
  failed: boolean;
  /** Pages shown so far; a refresh keeps the later ones (see `refreshKey`). */
  pages: number;
};

const firstPage: FeedState = { items: [], nextCursor: null, loading: "first", failed: false, pages: 0 };

/**
 * A keyset-paginated `GET /api/content` list. A new query starts over; requests for an older query are
 * aborted and their answers ignored. A failed request is logged only and leaves what was shown
 * (docs/product-spec.md §8 "other fetch failures"), the empty state on the first page.
 */
/**
 * A change of `refreshKey` fetches the first page again in the background (no placeholders, nothing
 * jumps): its items replace those shown, and pages loaded further down stay.
 */
export function useContentFeed({ type, search, creator }: ContentFeedQuery, refreshKey = 0) {
  const [state, setState] = useState<FeedState>(firstPage);
  // The controller of the current query: aborting it cancels every page request made for that query.
  const queryRef = useRef<AbortController | null>(null);
  // Guards against a second page request before the re-render that shows the first one is loading.
  const busyRef = useRef(false);

  const fetchPage = useCallback(
    async (cursor: string | null, controller: AbortController) => {
      busyRef.current = true;
      try {
        const page = await listContent({ type, search, creator, cursor }, controller.signal);
        if (controller.signal.aborted) return;
        busyRef.current = false;
        setState((prev) => {
          // Rows may shift between page requests (new uploads); never show one item twice.
          const seen = new Set(prev.items.map((item) => item.id));
          const fresh = page.items.filter((item) => !seen.has(item.id));
          return {
            items: [...prev.items, ...fresh],
            nextCursor: page.nextCursor,
            loading: null,
            failed: false,
            pages: prev.pages + 1,
          };
        });
      } catch (error) {
        if (controller.signal.aborted) return;
        busyRef.current = false;
        console.error(describeFailure("Failed to load content", error));
        setState((prev) => ({ ...prev, loading: null, failed: true }));
      }
    },
    [type, search, creator],
  );

  useEffect(() => {
    const controller = new AbortController();
    queryRef.current = controller;
    setState(firstPage);
    void fetchPage(null, controller);
    return () => controller.abort();
  }, [fetchPage]);

  const refreshedKeyRef = useRef(refreshKey);
  useEffect(() => {
    const controller = queryRef.current;
    if (refreshedKeyRef.current === refreshKey || !controller) return;
    refreshedKeyRef.current = refreshKey;
    listContent({ type, search, creator }, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        setState((prev) => {
          const fresh = new Set(page.items.map((item) => item.id));
          const later = prev.pages > 1 ? prev.items.filter((item) => !fresh.has(item.id)) : [];
          return {
            ...prev,
            items: [...page.items, ...later],
            nextCursor: prev.pages > 1 ? prev.nextCursor : page.nextCursor,
            pages: Math.max(prev.pages, 1),
          };
        });
      },
      (error: unknown) => {
        // A failed refresh leaves what is shown; the next refresh or a reload tries again.
        if (!controller.signal.aborted) console.error(describeFailure("Failed to load content", error));
      },
    );
  }, [refreshKey, type, search, creator]);

  const { nextCursor, loading } = state;
  const loadMore = useCallback(() => {
    const controller = queryRef.current;
    if (!controller || busyRef.current || !nextCursor) return;
    setState((prev) => ({ ...prev, loading: "more" }));
    void fetchPage(nextCursor, controller);
  }, [fetchPage, nextCursor]);

  return {
    items: state.items,
    loadingFirst: loading === "first",
    loadingMore: loading === "more",
    hasMore: nextCursor !== null,
    failed: state.failed,
    loadMore,
  };
}
