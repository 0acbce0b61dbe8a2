import { Hono } from "hono";
import type { ContentListResponse } from "../../common/api-types";
import { contentEditBody, contentListQuery, thumbnailChangeBody } from "../../common/schemas/content";
import type { AppEnv, SignedInEnv } from "../app-env";
import { findContent, findMedia, likeState, listByCreator, listContentPage, listLikedBy, setLike } from "../db/queries/content";
import { replaceThumbnail, tombstoneContent, updateContentText } from "../db/queries/content-writes";
import { decodeCursor, encodeCursor } from "../domain/content/cursor";
import { contentTheUserMayChange } from "../domain/content/ownership";
import { ftsQuery } from "../domain/content/search-query";
import { isDeleted, isHidden, mayOpen, seesModeration } from "../domain/content/visibility";
import { watchSessionsOf } from "../domain/views/watch-sessions-of";
import { usableUpload } from "../domain/uploads/usable-upload";
import { notFound } from "../lib/errors";
import { ID_PATTERN, newId } from "../lib/ids";
import { nowIso } from "../lib/time";
import { validate } from "../lib/validate";
import { contentJson, contentWithModerationJson, likeJson } from "./serializers/content";
import { serveObject } from "./serve-object";

const ONE = `/content/:id${ID_PATTERN}`;
const LIST_LIMIT = 500;

// A hidden item (taken down, or its creator suspended: docs/decisions/027) is listed nowhere and answers 404
// to everyone but its creator and admins, who may still open it, with what moderators did. A deleted item
// (docs/decisions/028) is listed nowhere and answers 404 to everyone.

/** Public: the gallery, search, one item's details and its thumbnail. */
export const contentPublicRoutes = new Hono<AppEnv>()
  .get("/content", validate("query", contentListQuery), async (c) => {
    const q = c.req.valid("query");
    const match = q.search?.trim() ? ftsQuery(q.search) : undefined;
    // Text with no searchable word (only punctuation or emoji) matches nothing rather than everything.
    if (match === null) return c.json({ items: [], nextCursor: null } satisfies ContentListResponse, 200);
    const rows = await listContentPage(c.get("db"), {
      type: q.type,
      creator: q.creator,
      match,
      after: decodeCursor(q.cursor),
      limit: q.limit,
    });
    const page = rows.slice(0, q.limit);
    const last = page.at(-1);
    const nextCursor = rows.length > q.limit && last ? encodeCursor({ key: last.sortKey, id: last.id }) : null;
    return c.json({ items: page.map(contentJson), nextCursor } satisfies ContentListResponse, 200);
  })
  .get(ONE, async (c) => {
    const row = await findContent(c.get("db"), c.req.param("id"));
    const caller = c.get("user");
    if (!row || !mayOpen(row, caller)) throw notFound("Content not found");
    return c.json(seesModeration(row, caller) ? contentWithModerationJson(row) : contentJson(row), 200);
  })
  .get(`${ONE}/thumbnail`, async (c) => {
    const row = await findMedia(c.get("db"), c.req.param("id"));
    if (!row?.thumbnailKey || !mayOpen(row, c.get("user"))) throw notFound("No thumbnail");
    // A hidden item's image goes to its creator and admins only: never into a shared cache.
    const cacheControl = isHidden(row) ? "private, no-store" : "public, max-age=86400";
    return serveObject(c, { bucket: c.env.MEDIA, key: row.thumbnailKey, cacheControl });
  });

/** Signed-in: streaming, like state and the caller's lists (suspended members too). */
export const contentSignedInRoutes = new Hono<SignedInEnv>()
  .get("/content/mine", async (c) => {
    const rows = await listByCreator(c.get("db"), c.get("user").id, LIST_LIMIT);
    return c.json({ items: rows.map(contentWithModerationJson), nextCursor: null } satisfies ContentListResponse, 200);
  })
  .get("/content/liked", async (c) => {
    const rows = await listLikedBy(c.get("db"), c.get("user").id, LIST_LIMIT);
    return c.json({ items: rows.map(contentJson), nextCursor: null } satisfies ContentListResponse, 200);
  })
  .get(`${ONE}/stream`, async (c) => {
    const contentId = c.req.param("id");
    const row = await findMedia(c.get("db"), contentId);
    const viewerId = c.get("user").id;
    if (!row || !mayOpen(row, c.get("user"))) throw notFound("Content not found");
    // Proof of delivery (docs/decisions/029): the viewer's watch-session object learns which bytes went out.
    const sessions = watchSessionsOf(c.env, viewerId);
    return serveObject(c, {
      bucket: c.env.MEDIA,
      key: row.r2Key,
      size: row.mediaSize,
      cacheControl: "private, max-age=3600",
      // The browser's cache is per browser, not per member: another account signed in on the same browser
      // must not play (nor be credited for) what the previous one downloaded (docs/decisions/029).
      vary: "Cookie",
      countDelivery: {
        report: (range) => sessions.delivered({ viewerId, contentId, ...range }),
        waitUntil: (work) => c.executionCtx.waitUntil(work),
      },
    });
  })
  .get(`${ONE}/like-status`, async (c) => {
    const [state] = await likeState(c.get("db"), c.get("user").id, c.req.param("id"));
    return c.json(likeJson(state!), 200);
  });

/** Signed-in members in good standing: likes, and changes by the creator (or an admin). */
export const contentActiveRoutes = new Hono<SignedInEnv>()
  .post(`${ONE}/like`, async (c) => {
    const contentId = c.req.param("id");
    const row = await findMedia(c.get("db"), contentId);
    if (!row || !mayOpen(row, c.get("user"))) throw notFound("Content not found");
    const state = await setLike(c.get("db"), { userId: c.get("user").id, contentId, createdAt: nowIso() }, true);
    return c.json(likeJson(state), 200);
  })
  .delete(`${ONE}/like`, async (c) => {
    const change = { userId: c.get("user").id, contentId: c.req.param("id"), createdAt: nowIso() };
    // A deleted item's likes are part of what it leaves behind (docs/decisions/028): no longer changed.
    const row = await findMedia(c.get("db"), change.contentId);
    if (row && isDeleted(row)) throw notFound("Content not found");
    return c.json(likeJson(await setLike(c.get("db"), change, false)), 200);
  })
  .patch(ONE, validate("json", contentEditBody), async (c) => {
    const db = c.get("db");
    const row = await contentTheUserMayChange(db, c.get("user"), c.req.param("id"));
    const edit = c.req.valid("json");
    const updatedAt = nowIso();
    await updateContentText(db, { id: row.id, ...edit, tags: edit.tags.join(","), updatedAt });
    return c.json(contentWithModerationJson({ ...row, ...edit, tags: edit.tags.join(","), updatedAt }), 200);
  })
  .patch(`${ONE}/thumbnail`, validate("json", thumbnailChangeBody), async (c) => {
    const db = c.get("db");
    const user = c.get("user");
    const row = await contentTheUserMayChange(db, user, c.req.param("id"));
    const key = c.req.valid("json").thumbnail_key;
    await usableUpload(db, user, key, "thumbnail");
    const updatedAt = nowIso();
    await replaceThumbnail(db, { id: row.id, thumbnailKey: key, updatedAt });
    if (row.thumbnailKey && row.thumbnailKey !== key) await c.env.MEDIA.delete(row.thumbnailKey);
    return c.json(contentWithModerationJson({ ...row, thumbnailKey: key, updatedAt }), 200);
  })
  .delete(ONE, async (c) => {
    // A tombstone, not a removed row (docs/decisions/028): the item is gone from the product at once, its
    // views, earnings, likes, reports and moderation history stay, and the cron removes its media after the
    // grace period.
    const db = c.get("db");
    const user = c.get("user");
    const row = await contentTheUserMayChange(db, user, c.req.param("id"));
    const deleted = await tombstoneContent(db, { id: row.id, actorId: user.id, now: nowIso(), auditId: newId() });
    if (!deleted) throw notFound("Content not found");
    return c.json({ ok: true }, 200);
  });
