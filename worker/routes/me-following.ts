import { Hono } from "hono";
import { followedUploadsOut, followingOut, followPageQuery } from "../../common/schemas/follows";
import type { SignedInEnv } from "../app-env";
import { followedUploadsOf, followingOf } from "../domain/follows/follow-creator";
import { validate } from "../lib/validate";
import { responds } from "../openapi/responds";
import { contentPageJson, followingJson } from "./serializers/content-lists";
import { thumbsOriginOf } from "./thumbnail-publication";

const PAGE = 24;

/** Signed-in: whom the caller follows, and what those creators uploaded (docs/decisions/046). */
export const followingRoutes = new Hono<SignedInEnv>()
  .get(
    "/me/following",
    responds("List the creators I follow", {
      200: {
        description:
          "The creators the caller follows, most recently followed first, a keyset page (nextCursor null on the last).",
        schema: followingOut,
      },
    }),
    validate("query", followPageQuery),
    async (c) => {
      const { cursor, limit = PAGE } = c.req.valid("query");
      const page = await followingOf({ ctx: { db: c.get("db"), actor: c.get("user") }, input: { cursor, limit } });
      return c.json(followingJson(page), 200);
    },
  )
  .get(
    "/me/following/uploads",
    responds("List new uploads of the creators I follow", {
      200: {
        description:
          'The visible items of the creators the caller follows, newest first, a keyset page (Home\'s "From creators you follow").',
        schema: followedUploadsOut,
      },
    }),
    validate("query", followPageQuery),
    async (c) => {
      const { cursor, limit = PAGE } = c.req.valid("query");
      const page = await followedUploadsOf({
        ctx: { db: c.get("db"), actor: c.get("user") },
        input: { cursor, limit },
      });
      return c.json(contentPageJson(page, thumbsOriginOf(c)), 200);
    },
  );
