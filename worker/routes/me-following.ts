import { Hono } from "hono";
import {
  followedUploadsOut,
  followedUploadsReadBody,
  followingOut,
  followPageQuery,
} from "../../common/schemas/follows";
import { notificationsReadOut } from "../../common/schemas/notifications";
import type { SignedInEnv } from "../app-env";
import { followedUploadsOf, followingOf, readFollowedUploads } from "../domain/follows/follow-creator";
import { bellOf } from "../domain/notifications/bell";
import { validate } from "../lib/validate";
import { responds } from "../openapi/responds";
import { followedUploadsJson, followingJson } from "./serializers/content-lists";
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
          'The following feed (/following and Home\'s "From creators you follow"): the listed items of the creators the caller follows, newest published first, a keyset page (nextCursor null on the last), each with `unread` exactly when the bell counts it as an unread upload.',
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
      return c.json(followedUploadsJson(page, thumbsOriginOf(c)), 200);
    },
  )
  .post(
    "/me/following/uploads/read",
    responds("Mark the following feed read up to an upload", {
      200: {
        description:
          "Every upload of a followed creator published up to the given one (the newest the feed showed) is read, in the bell and the feed; the bell's unread count after. An item not of a followed creator changes nothing.",
        schema: notificationsReadOut,
      },
    }),
    validate("json", followedUploadsReadBody),
    async (c) => {
      const ctx = { db: c.get("db"), actor: c.get("user") };
      await readFollowedUploads({ ctx, input: { newestId: c.req.valid("json").newest_id } });
      const bell = await bellOf({ ctx, input: {} });
      return c.json({ unread: bell.unread }, 200);
    },
  );
