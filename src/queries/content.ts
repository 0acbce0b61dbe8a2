import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../lib/api";
import { getContent, getCreator, listLiked, listMine } from "../lib/content-api";
import { queryKeys } from "../lib/query-keys";
import { getRecommendations, getSuggestions } from "../lib/recommendations-api";
import type { ContentJson } from "../../common/schemas/content";
import { useUserId } from "../stores/auth";

// Content the screens read: one item, a creator's page, the item's Up Next suggestions, the viewer's
// recommendations and their own lists. Each names how its failure is logged (docs/product-spec.md §8).

/** A 404 is an answer ("not found", shown as such and not logged), so the query resolves to null. */
export async function orNotFound<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

const contentItemQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.content(id),
    queryFn: ({ signal }) => orNotFound(getContent(id, signal)),
    meta: { failure: "Failed to load content" },
  });

const creatorQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.creator(id),
    queryFn: ({ signal }) => orNotFound(getCreator(id, signal)),
    // The page and its Follow button (mounted once the page has the data) read the same answer: a second reader
    // within moments must not ask again.
    staleTime: 30_000,
    meta: { failure: "Failed to load creator" },
  });

/** Fetched as soon as an item opens, so the Up Next panel is ready when it ends; never the item itself. */
const suggestionsQuery = (contentId: string) =>
  queryOptions({
    queryKey: queryKeys.suggestions(contentId),
    queryFn: ({ signal }) =>
      getSuggestions(contentId, signal).then(({ suggestions }) => suggestions.filter((item) => item.id !== contentId)),
    meta: { failure: "Failed to load suggestions" },
  });

const recommendationsQuery = (userId: string | null) =>
  queryOptions({
    queryKey: queryKeys.recommendations(userId),
    queryFn: ({ signal }) => getRecommendations(signal).then(({ items }) => items),
    meta: { failure: "Failed to load recommendations" },
  });

const myContentQuery = (userId: string | null) =>
  queryOptions({
    queryKey: queryKeys.myContent(userId),
    queryFn: () => listMine().then(({ items }) => items),
    meta: { failure: "Failed to load content" },
  });

const likedContentQuery = (userId: string | null) =>
  queryOptions({
    queryKey: queryKeys.likedContent(userId),
    queryFn: () => listLiked().then(({ items }) => items),
    meta: { failure: "Failed to load content" },
  });

/** One item (null: not found), shared by its page, the studio and the captions editor. */
export const useContentItem = (id: string) => useQuery(contentItemQuery(id));

/** Marks one item as out of date (its captions changed): whoever shows it loads it again. */
export function useRefreshContentItem(id: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.content(id) });
}

/** A creator's page (null: not found); the page, its Follow button and the gallery's creator filter share it. */
export const useCreator = (id: string) => useQuery(creatorQuery(id));

/** The item's Up Next suggestions, shared by the player's end panel and the Related list. */
export const useSuggestions = (contentId: string) => useQuery(suggestionsQuery(contentId));

/** The signed-in viewer's (or a visitor's) recommendations for the home page. */
export const useRecommendations = () => useQuery(recommendationsQuery(useUserId()));

/** What the signed-in member liked (Profile → Liked). */
export const useLikedContent = () => useQuery(likedContentQuery(useUserId()));

/**
 * The member's own uploads (Profile → My Content), with `update` to show an edit or a deletion the server
 * already answered without loading the list again.
 */
export function useMyContent() {
  const queryClient = useQueryClient();
  const list = myContentQuery(useUserId());
  const query = useQuery(list);
  const update = (change: (items: ContentJson[]) => ContentJson[]) =>
    queryClient.setQueryData(list.queryKey, (current) => current && change(current));
  // Loads the list again: something changed it elsewhere (another tab deleted an item, docs/decisions/103).
  const refresh = () => void queryClient.invalidateQueries({ queryKey: list.queryKey });
  return { data: query.data, isPending: query.isPending, update, refresh };
}
