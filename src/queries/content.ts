import { queryOptions } from "@tanstack/react-query";
import { getRecommendations, getSuggestions } from "../components/recommendations/recommendations-api";
import { ApiError } from "../lib/api";
import { getContent, getCreator, listLiked, listMine } from "../lib/content-api";
import { queryKeys } from "../lib/query-keys";

// Content the screens read: one item, a creator's page, the item's Up Next suggestions, the viewer's
// recommendations and their own lists. Each names how its failure is logged (docs/product-spec.md §8).

/** A 404 is an answer ("not found", shown as such and not logged), so the query resolves to null. */
async function orNotFound<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const contentItemQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.content(id),
    queryFn: ({ signal }) => orNotFound(getContent(id, signal)),
    meta: { failure: "Failed to load content" },
  });

export const creatorQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.creator(id),
    queryFn: ({ signal }) => orNotFound(getCreator(id, signal)),
    // The page and its Follow button (mounted once the page has the data) read the same answer: a second reader
    // within moments must not ask again.
    staleTime: 30_000,
    meta: { failure: "Failed to load creator" },
  });

/** Fetched as soon as an item opens, so the Up Next panel is ready when it ends; never the item itself. */
export const suggestionsQuery = (contentId: string) =>
  queryOptions({
    queryKey: queryKeys.suggestions(contentId),
    queryFn: ({ signal }) =>
      getSuggestions(contentId, signal).then(({ suggestions }) => suggestions.filter((item) => item.id !== contentId)),
    meta: { failure: "Failed to load suggestions" },
  });

export const recommendationsQuery = (userId: string | null) =>
  queryOptions({
    queryKey: queryKeys.recommendations(userId),
    queryFn: ({ signal }) => getRecommendations(signal).then(({ items }) => items),
    meta: { failure: "Failed to load recommendations" },
  });

export const myContentQuery = (userId: string | null) =>
  queryOptions({
    queryKey: queryKeys.myContent(userId),
    queryFn: () => listMine().then(({ items }) => items),
    meta: { failure: "Failed to load content" },
  });

export const likedContentQuery = (userId: string | null) =>
  queryOptions({
    queryKey: queryKeys.likedContent(userId),
    queryFn: () => listLiked().then(({ items }) => items),
    meta: { failure: "Failed to load content" },
  });
