import { Hono } from "hono";
import { z } from "zod";
import type { ContentListResponse } from "../api-types";
import type { AppEnv } from "../app-env";
import { findContent, findMedia, listContentPage } from "../db/queries/content";
import { decodeCursor, encodeCursor } from "../domain/content/cursor";
import { ftsQuery } from "../domain/content/search-query";
import { notFound } from "../lib/errors";
import { ID_PATTERN } from "../lib/ids";
import { validate } from "../lib/validate";
import { contentJson } from "./content-json";
import { serveObject } from "./serve-object";

const listQuery = z.object({
  type: z.enum(["video", "audio"]).optional(),
  search: z.string().max(200, "search must be at most 200 characters").optional(),
  creator: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, "creator must be a user id").optional(),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(60).default(24),
});

/** Public: the gallery, search, one item's details and its thumbnail. */
export const contentPublicRoutes = new Hono<AppEnv>()
  .get("/content", validate("query", listQuery), async (c) => {
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
  .get(`/content/:id${ID_PATTERN}`, async (c) => {
    const row = await findContent(c.get("db"), c.req.param("id"));
    if (!row) throw notFound("Content not found");
    return c.json(contentJson(row), 200);
  })
  .get(`/content/:id${ID_PATTERN}/thumbnail`, async (c) => {
    const row = await findMedia(c.get("db"), c.req.param("id"));
    if (!row?.thumbnailKey) throw notFound("No thumbnail");
    return serveObject(c, { bucket: c.env.MEDIA, key: row.thumbnailKey, cacheControl: "public, max-age=86400" });
  });
