import { api } from "./api";

// The recommender's two answers (docs/architecture.md §4 "Recommendations"): picks for the viewer, and the items
// to watch after one item (Up Next, the same model around that item).

/** How many picks the home page's 'Recommended for You' row shows. */
const RECOMMENDATIONS_LIMIT = 12;
/** How many suggestions one item asks for: Up Next's first few at the end, Related beside the player the rest. */
const SUGGESTIONS_LIMIT = 12;

export const getRecommendations = (signal?: AbortSignal) =>
  api.GET("/api/content/recommendations", { params: { query: { limit: RECOMMENDATIONS_LIMIT } }, signal });

export const getSuggestions = (contentId: string, signal?: AbortSignal) =>
  api.GET("/api/content/{id}/suggestions", {
    params: { path: { id: contentId }, query: { limit: SUGGESTIONS_LIMIT } },
    signal,
  });
