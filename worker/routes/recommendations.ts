import { Hono } from "hono";
import {
  recommendationsOut,
  recommendationsQuery,
  suggestionsOut,
  suggestionsQuery,
  type RecommendationsResponse,
  type SuggestionsResponse,
} from "../../common/schemas/recommendations";
import type { SignedInEnv } from "../app-env";
import { loadCandidates, loadFallbackCandidates, loadItemAndProfile, loadViewerProfile } from "../db/queries/recommendations/recommendations";
import { mayOpen } from "../domain/content/visibility";
import { profileTags, recommend, seedsOf, suggest, suggestRelaxed, withFallback } from "../domain/recommendations/model";
import { parseTags, tagMatchQuery } from "../domain/recommendations/tags";
import { utcDay } from "../domain/views/rules";
import { notFound } from "../lib/errors";
import { ID_PATTERN } from "../lib/ids";
import { nowIso } from "../lib/time";
import { validate } from "../lib/validate";
import { responds } from "../openapi/responds";
import { contentJson } from "./serializers/content";

/**
 * Signed-in: "Recommended for You" (home) and "Up Next" (player), both from the model in
 * domain/recommendations; two D1 round trips each (profile, then candidates), a third only when the list
 * comes up short (the fallback pool). `/content/recommendations`
 * cannot collide with `/content/:id`, whose id is a 26-character ULID.
 */
export const recommendationRoutes = new Hono<SignedInEnv>()
  .get(
    "/content/recommendations",
    responds("Recommend content to me", {
      200: {
        description: "Up to `limit` items for the caller, best first; topped up with popular, then new, items when the model finds too few.",
        schema: recommendationsOut,
      },
    }),
    validate("query", recommendationsQuery),
    async (c) => {
      const db = c.get("db");
      const viewerId = c.get("user").id;
      const now = Date.now();
      const profile = await loadViewerProfile(db, viewerId, utcDay(nowIso(now)));
      const candidates = await loadCandidates(db, {
        viewerId,
        seeds: seedsOf(profile),
        tagQuery: tagMatchQuery(profileTags(profile)),
      });
      const { limit } = c.req.valid("query");
      let items = recommend(profile, candidates, now, limit);
      // A short list (a fresh install, or everything popular already seen): all-time popular, then newest.
      if (items.length < limit) {
        const pool = await loadFallbackCandidates(db, viewerId);
        items = withFallback(items, (p, relaxed) => recommend(profile, p, now, limit, relaxed), pool, limit);
      }
      return c.json({ items: items.map(contentJson) } satisfies RecommendationsResponse, 200);
    },
  )
  .get(
    `/content/:id${ID_PATTERN}/suggestions`,
    responds("Suggest what to play next", {
      200: {
        description: "Up to `limit` items to play after this one, best first; topped up like the recommendations when too few match.",
        schema: suggestionsOut,
      },
    }),
    validate("query", suggestionsQuery),
    async (c) => {
      const db = c.get("db");
      const viewerId = c.get("user").id;
      const now = Date.now();
      const { item, profile } = await loadItemAndProfile(db, c.req.param("id"), viewerId, utcDay(nowIso(now)));
      if (!item || !mayOpen(item, c.get("user"))) throw notFound("Content not found");
      const candidates = await loadCandidates(db, {
        viewerId,
        seeds: [[item.id, 1]],
        tagQuery: tagMatchQuery(new Map(parseTags(item.tags).map((t) => [t, 1]))),
      });
      const { limit } = c.req.valid("query");
      let suggestions = suggest(item, profile, candidates, now, limit);
      if (suggestions.length < limit) {
        const pool = await loadFallbackCandidates(db, viewerId);
        suggestions = withFallback(
          suggestions,
          (p, relaxed) => (relaxed ? suggestRelaxed(item, profile, p, now, limit) : suggest(item, profile, p, now, limit)),
          pool,
          limit,
        );
      }
      return c.json({ suggestions: suggestions.map(contentJson) } satisfies SuggestionsResponse, 200);
    },
  );
