import { type Context, Hono } from "hono";
import {
  contentEditBody,
  contentListOut,
  contentItemOut,
  contentListQuery,
  contentOut,
  likeStatusOut,
  thumbnailChangeBody,
} from "../../common/schemas/content";
import { okOut, type OkResponse } from "../../common/schemas/ok";
import type { AppEnv, SignedInEnv } from "../app-env";
import {
  deleteContent,
  editContent,
  getLikeStatus,
  likeContent,
  replaceContentThumbnail,
  unlikeContent,
} from "../domain/content/changes";
import { getItem } from "../domain/content/get-item";
import { getMediaFile, getThumbnail } from "../domain/content/item-media";
import { listContent, listLikedContent, listMyContent, OWN_LIST_LIMIT } from "../domain/content/list-content";
import { watchSessionsOf } from "../domain/views/watch-sessions-of";
import { ID_PATTERN } from "../lib/ids";
import { primaryDb } from "../middleware/context";
import { validate } from "../lib/validate";
import { responds, type Answer } from "../openapi/responds";
import { contentItemJson, contentWithModerationJson, likeJson } from "./serializers/content";
import { contentPageJson } from "./serializers/content-lists";
import { serveObject } from "./serve-object";
import { forgetThumbnails, serveAndKeepThumbnail, thumbnailPath } from "./thumbnail-cache";
import { publishAfter, thumbsOriginOf } from "./thumbnail-publication";
import { publishThumbnails, thumbnailStores } from "../domain/content/public-thumbnails";

const ONE = `/content/:id${ID_PATTERN}`;

/** The caller (signed in or not) and the request's database, as a read service's context (docs/decisions/070). */
const readerOf = (c: Context<AppEnv>) => ({ db: c.get("db"), actor: c.get("user") });
/** The signed-in member and the request's database, as a content service's context (docs/decisions/041). */
const memberOf = (c: Context<SignedInEnv>) => ({ db: c.get("db"), actor: c.get("user") });

const itemAnswer = (description: string): Record<number, Answer> => ({ 200: { description, schema: contentOut } });
const likeAnswer: Record<number, Answer> = {
  200: { description: "Whether the caller likes the item, and its like count.", schema: likeStatusOut },
};
const ownList = (description: string): Record<number, Answer> => ({
  200: {
    description: `${description} At most ${OWN_LIST_LIMIT}, in one page (nextCursor is null).`,
    schema: contentListOut,
  },
});

// A hidden item (taken down, or its creator suspended: docs/decisions/027) is listed nowhere and answers 404
// to everyone but its creator and admins, who may still open it, with what moderators did. A deleted item
// (docs/decisions/028) is listed nowhere and answers 404 to everyone.

/** Public: the gallery, search, one item's details and its thumbnail. */
export const contentPublicRoutes = new Hono<AppEnv>()
  .get(
    "/content",
    responds("List content", {
      200: {
        description:
          "The gallery, newest first, or the matches of `search`; filtered by type and creator. `nextCursor` asks for the next page; null on the last.",
        schema: contentListOut,
      },
    }),
    validate("query", contentListQuery),
    async (c) =>
      c.json(
        contentPageJson(await listContent({ ctx: readerOf(c), input: c.req.valid("query") }), thumbsOriginOf(c)),
        200,
      ),
  )
  .get(
    ONE,
    responds(
      "Get an item",
      {
        200: {
          description:
            "The item. Its creator and admins also get `removed` and `removed_note`. A signed-in caller also learns where they left it (`resume_at_seconds`) and whether the pre-roll is skipped (`resume_skips_preroll`).",
          schema: contentItemOut,
        },
      },
      "A hidden item (taken down, or its creator suspended) answers 404 to everyone but its creator and admins; a deleted one answers 404 to everyone.",
    ),
    async (c) => {
      const result = await getItem({
        ctx: { ...readerOf(c), env: c.env },
        input: { id: c.req.param("id"), nowMs: Date.now() },
      });
      return c.json(contentItemJson(result, thumbsOriginOf(c)), 200);
    },
  )
  .get(
    `${ONE}/thumbnail`,
    responds(
      "Get an item's thumbnail",
      {
        200: {
          description:
            "The image (JPEG, PNG, WebP or GIF). At the current version (`v`, as `thumbnail_url` names it) it is immutable: kept by browsers for a year and served from the edge cache; a hidden item's goes to its creator and admins only, never into a cache.",
          media: "image/*",
        },
        206: { description: "The bytes a Range header asked for.", media: "image/*" },
        302: {
          description:
            "`v` is missing or no longer current: Location is the current version's address (kept a minute).",
        },
        304: { description: "Not modified: the ETag in If-None-Match is current." },
      },
      "A hidden item's thumbnail answers 404 to everyone but its creator and admins; a deleted one's answers 404 to everyone.",
    ),
    async (c) => {
      const id = c.req.param("id");
      const asked = c.req.query("v");
      // A GET at a version may go into the edge cache, which every member then gets for a day: its rows come from
      // the primary, so a replica that has not yet seen a takedown cannot put the image back (docs/decisions/074).
      const db = c.req.method === "GET" && asked !== undefined ? primaryDb(c.env) : c.get("db");
      const thumbnail = await getThumbnail({ ctx: { db, actor: c.get("user") }, input: { id } });
      // A hidden item's image goes to its creator and admins only, whatever the address: never into a cache.
      if (thumbnail.hidden) {
        return serveObject(c, { bucket: c.env.MEDIA, key: thumbnail.key, cacheControl: "private, no-store" });
      }
      // A missing or stale version is sent to the current address rather than answered here: nothing is kept
      // under an address that is not current, the image itself is then one cached copy per version (this answer
      // reads D1 but not R2), and a page that kept an old address still finds the current image. 302, kept a
      // minute: the current address changes with the next version (docs/decisions/074).
      if (asked !== thumbnail.version) {
        c.header("Cache-Control", "public, max-age=60");
        return c.redirect(thumbnailPath(id, thumbnail.version), 302);
      }
      // A visible item whose image has no public copy (one that failed, one from before the public bucket, a
      // reinstated creator's older items) gets one once this answer is sent: later pages name the copy
      // (docs/decisions/083). From the primary's rows, like the answer.
      if (!thumbnail.published) {
        const item = [{ id, thumbnailKey: thumbnail.key }];
        c.executionCtx.waitUntil(publishThumbnails(db, thumbnailStores(c.env), item));
      }
      return serveAndKeepThumbnail(c, { id, version: thumbnail.version, key: thumbnail.key });
    },
  );

/** Signed-in: streaming, like state and the caller's lists (suspended members too). */
export const contentSignedInRoutes = new Hono<SignedInEnv>()
  .get(
    "/content/mine",
    responds("List my uploads", ownList("The caller's own items, newest first, with what moderators did to each.")),
    async (c) => {
      return c.json(
        contentPageJson(await listMyContent({ ctx: memberOf(c), input: {} }), thumbsOriginOf(c), { moderation: true }),
        200,
      );
    },
  )
  .get(
    "/content/liked",
    responds("List what I liked", ownList("The items the caller likes, the latest liked first.")),
    async (c) => {
      return c.json(contentPageJson(await listLikedContent({ ctx: memberOf(c), input: {} }), thumbsOriginOf(c)), 200);
    },
  )
  .get(
    `${ONE}/stream`,
    responds(
      "Stream an item",
      {
        200: {
          description: "The whole file: video/mp4 for a video, audio/mpeg for an audio item.",
          media: "video/mp4",
        },
        206: { description: "The bytes a Range header asked for (the player seeks this way).", media: "video/mp4" },
        416: { description: "The Range asked for lies outside the file; Content-Range gives its size." },
      },
      "Every byte sent is reported to the viewer's watch sessions as proof of delivery (docs/decisions/029), so a view earns only once 80 % of the file was served. Private to the browser (Vary: Cookie); If-None-Match is ignored.",
    ),
    async (c) => {
      const contentId = c.req.param("id");
      const file = await getMediaFile({ ctx: memberOf(c), input: { id: contentId } });
      const viewerId = c.get("user").id;
      // Proof of delivery (docs/decisions/029): the viewer's watch-session object learns which bytes went out.
      const sessions = watchSessionsOf(c.env, viewerId);
      return serveObject(c, {
        bucket: c.env.MEDIA,
        key: file.key,
        size: file.size,
        cacheControl: "private, max-age=3600",
        // The browser's cache is per browser, not per member: another account signed in on the same browser
        // must not play (nor be credited for) what the previous one downloaded (docs/decisions/029).
        vary: "Cookie",
        countDelivery: {
          report: (range) => sessions.delivered({ viewerId, contentId, ...range }),
          waitUntil: (work) => c.executionCtx.waitUntil(work),
        },
      });
    },
  )
  .get(`${ONE}/like-status`, responds("Get my like of an item", likeAnswer), async (c) => {
    return c.json(likeJson(await getLikeStatus({ ctx: memberOf(c), input: { contentId: c.req.param("id") } })), 200);
  });

/** Signed-in members in good standing: likes, and changes by the creator (or an admin). */
export const contentActiveRoutes = new Hono<SignedInEnv>()
  .post(`${ONE}/like`, responds("Like an item", likeAnswer), async (c) => {
    const state = await likeContent({ ctx: memberOf(c), input: { contentId: c.req.param("id") } });
    return c.json(likeJson(state), 200);
  })
  .delete(`${ONE}/like`, responds("Unlike an item", likeAnswer), async (c) => {
    return c.json(likeJson(await unlikeContent({ ctx: memberOf(c), input: { contentId: c.req.param("id") } })), 200);
  })
  .patch(
    ONE,
    responds(
      "Edit an item's text, visibility or schedule",
      itemAnswer("The item with its new text, visibility and schedule."),
      "Its creator, or an admin. `visibility` and `publish_at` (docs/decisions/094): a scheduled item is private until its time.",
    ),
    validate("json", contentEditBody),
    async (c) => {
      const { item, publication, retiredThumbnails } = await editContent({
        ctx: memberOf(c),
        input: { id: c.req.param("id"), edit: c.req.valid("json") },
      });
      forgetThumbnails(c, retiredThumbnails);
      await publishAfter(c, publication);
      return c.json(contentWithModerationJson(item, thumbsOriginOf(c)), 200);
    },
  )
  .patch(
    `${ONE}/thumbnail`,
    responds(
      "Replace an item's thumbnail",
      itemAnswer("The item with its new thumbnail; the old image is deleted."),
      "Its creator, or an admin; `thumbnail_key` is an image the caller uploaded (POST /api/uploads/sign).",
    ),
    validate("json", thumbnailChangeBody),
    async (c) => {
      const input = { id: c.req.param("id"), thumbnailKey: c.req.valid("json").thumbnail_key };
      const changed = await replaceContentThumbnail({
        ctx: { ...memberOf(c), stores: thumbnailStores(c.env) },
        input,
      });
      forgetThumbnails(c, changed.retiredThumbnails);
      return c.json(contentWithModerationJson(changed.item, thumbsOriginOf(c)), 200);
    },
  )
  .delete(
    ONE,
    responds(
      "Delete an item",
      {
        200: {
          description: "Deleted: gone from the product at once; its views, earnings and history stay.",
          schema: okOut,
        },
      },
      "Its creator, or an admin. The media is removed after a grace period (docs/decisions/028).",
    ),
    async (c) => {
      const { retiredThumbnails, publication } = await deleteContent({
        ctx: memberOf(c),
        input: { id: c.req.param("id") },
      });
      forgetThumbnails(c, retiredThumbnails);
      await publishAfter(c, publication);
      return c.json({ ok: true } satisfies OkResponse, 200);
    },
  );
