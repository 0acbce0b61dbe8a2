import { Hono } from "hono";
import {
  recommendationsOut,
  recommendationsQuery,
  suggestionsOut,
  suggestionsQuery,
} from "../../common/schemas/recommendations";
import type { SignedInEnv } from "../app-env";
import { recommendContent, suggestNext } from "../domain/recommendations/recommend-content";
import { ID_PATTERN } from "../lib/ids";
import { validate } from "../lib/validate";
import { responds } from "../openapi/responds";
import { recommendationsJson, suggestionsJson } from "./serializers/content-lists";
import { thumbsOriginOf } from "./thumbnail-publication";

/**
 * Signed-in: "Recommended for You" (home) and "Up Next" (player), both from the model in
 * domain/recommendations (recommend-content.ts). `/content/recommendations`
 * cannot collide with `/content/:id`, whose id is a 26-character ULID.
 */
export const recommendationRoutes = new Hono<SignedInEnv>()
  .get(
    "/content/recommendations",
    responds("Recommend content to me", {
      200: {
        description:
          "Up to `limit` items for the caller, best first; topped up with popular, then new, items when the model finds too few.",
        schema: recommendationsOut,
      },
    }),
    validate("query", recommendationsQuery),
    async (c) => {
      const items = await recommendContent({
        ctx: { db: c.get("db"), actor: c.get("user") },
        input: { limit: c.req.valid("query").limit, nowMs: Date.now() },
      });
      return c.json(recommendationsJson(items, thumbsOriginOf(c)), 200);
    },
  )
  .get(
    `/content/:id${ID_PATTERN}/suggestions`,
    responds("Suggest what to play next", {
      200: {
        description:
          "Up to `limit` items to play after this one, best first; topped up like the recommendations when too few match.",
        schema: suggestionsOut,
      },
    }),
    validate("query", suggestionsQuery),
    async (c) => {
      const input = { contentId: c.req.param("id"), limit: c.req.valid("query").limit, nowMs: Date.now() };
      return c.json(
        suggestionsJson(
          await suggestNext({ ctx: { db: c.get("db"), actor: c.get("user") }, input }),
          thumbsOriginOf(c),
        ),
        200,
      );
    },
  );
