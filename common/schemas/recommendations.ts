import { z } from "zod";
import { contentOut } from "./content";

const limitQuery = (fallback: number, max: number) =>
  z.object({ limit: z.coerce.number().int().min(1).max(max, `limit must be at most ${max}`).default(fallback) });

/** GET /api/content/recommendations: "Recommended for You" on the home page. */
export const recommendationsQuery = limitQuery(12, 50);

/** GET /api/content/{id}/suggestions: the player's Up Next panel. */
export const suggestionsQuery = limitQuery(6, 20);

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

/** GET /api/content/recommendations: "Recommended for You", best first. */
export const recommendationsOut = z.object({ items: z.array(contentOut) });
export type RecommendationsResponse = z.output<typeof recommendationsOut>;

/** GET /api/content/{id}/suggestions: the Up Next panel, best first. */
export const suggestionsOut = z.object({ suggestions: z.array(contentOut) });
export type SuggestionsResponse = z.output<typeof suggestionsOut>;
