import { Hono } from "hono";
import { z } from "zod";
import type { ContentListResponse, LikeStatusResponse } from "../api-types";
import type { SignedInEnv } from "../app-env";
import { findMedia, likeState, listByCreator, listLikedBy, setLike } from "../db/queries/content";
import { deleteContentRow, replaceThumbnail, updateContentText } from "../db/queries/content-writes";
import { contentTheUserMayChange } from "../domain/content/ownership";
import { contentText } from "../domain/content/rules";
import { usableUpload } from "../domain/uploads/usable-upload";
import { notFound } from "../lib/errors";
import { ID_PATTERN } from "../lib/ids";
import { nowIso } from "../lib/time";
import { validate } from "../lib/validate";
import { contentJson } from "./content-json";
import { serveObject } from "./serve-object";

const ONE = `/content/:id${ID_PATTERN}`;
const LIST_LIMIT = 500;

const editBody = z.object({
  title: contentText.title,
  description: contentText.description.default(""),
  tags: contentText.tags.default([]),
});
const thumbnailBody = z.object({ thumbnail_key: z.string().min(1, "thumbnail_key is required").max(512) });

const likeJson = (s: { liked: number; likeCount: number }): LikeStatusResponse => ({
  liked: Boolean(s.liked),
  like_count: Number(s.likeCount),
});

/** Signed-in: streaming, likes, the caller's lists, and changes by the creator (or an admin). */
export const contentSignedInRoutes = new Hono<SignedInEnv>()
  .get("/content/mine", async (c) => {
    const rows = await listByCreator(c.get("db"), c.get("user").id, LIST_LIMIT);
    return c.json({ items: rows.map(contentJson), nextCursor: null } satisfies ContentListResponse, 200);
  })
  .get("/content/liked", async (c) => {
    const rows = await listLikedBy(c.get("db"), c.get("user").id, LIST_LIMIT);
    return c.json({ items: rows.map(contentJson), nextCursor: null } satisfies ContentListResponse, 200);
  })
  .get(`${ONE}/stream`, async (c) => {
    const row = await findMedia(c.get("db"), c.req.param("id"));
    if (!row) throw notFound("Content not found");
    return serveObject(c, {
      bucket: c.env.MEDIA,
      key: row.r2Key,
      size: row.mediaSize,
      cacheControl: "private, max-age=3600",
    });
  })
  .get(`${ONE}/like-status`, async (c) => {
    const [state] = await likeState(c.get("db"), c.get("user").id, c.req.param("id"));
    return c.json(likeJson(state!), 200);
  })
  .post(`${ONE}/like`, async (c) => {
    const contentId = c.req.param("id");
    if (!(await findMedia(c.get("db"), contentId))) throw notFound("Content not found");
    const state = await setLike(c.get("db"), { userId: c.get("user").id, contentId, createdAt: nowIso() }, true);
    return c.json(likeJson(state), 200);
  })
  .delete(`${ONE}/like`, async (c) => {
    const change = { userId: c.get("user").id, contentId: c.req.param("id"), createdAt: nowIso() };
    return c.json(likeJson(await setLike(c.get("db"), change, false)), 200);
  })
  .patch(ONE, validate("json", editBody), async (c) => {
    const db = c.get("db");
    const row = await contentTheUserMayChange(db, c.get("user"), c.req.param("id"));
    const edit = c.req.valid("json");
    const updatedAt = nowIso();
    await updateContentText(db, { id: row.id, ...edit, tags: edit.tags.join(","), updatedAt });
    return c.json(contentJson({ ...row, ...edit, tags: edit.tags.join(","), updatedAt }), 200);
  })
  .patch(`${ONE}/thumbnail`, validate("json", thumbnailBody), async (c) => {
    const db = c.get("db");
    const user = c.get("user");
    const row = await contentTheUserMayChange(db, user, c.req.param("id"));
    const key = c.req.valid("json").thumbnail_key;
    await usableUpload(db, user, key, "thumbnail");
    const updatedAt = nowIso();
    await replaceThumbnail(db, { id: row.id, thumbnailKey: key, updatedAt });
    if (row.thumbnailKey && row.thumbnailKey !== key) await c.env.MEDIA.delete(row.thumbnailKey);
    return c.json(contentJson({ ...row, thumbnailKey: key, updatedAt }), 200);
  })
  .delete(ONE, async (c) => {
    const db = c.get("db");
    const row = await contentTheUserMayChange(db, c.get("user"), c.req.param("id"));
    const keys = [row.r2Key, ...(row.thumbnailKey ? [row.thumbnailKey] : [])];
    await deleteContentRow(db, row.id, keys);
    await c.env.MEDIA.delete(keys);
    return c.json({ ok: true }, 200);
  });
