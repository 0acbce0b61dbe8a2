import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import type { RetiredThumbnail } from "../domain/content/thumbnail-version";
import { serveObject } from "./serve-object";

// Thumbnails from the edge cache (docs/decisions/074). An image at its current version's address never changes,
// so this colo's cache (the Workers Cache API, keyed by that address) answers it without the session lookup, D1
// or R2. Only an item anyone may open is kept there, decided on the primary's rows; a change that takes an
// address out of use (a new image, a takedown, a suspension, a deletion) drops its copy here, and the copy's day
// in the cache bounds it in every other colo, where cache.delete does not reach.

/** What browsers are told at the current version: the bytes at this address never change. */
const THUMBNAIL_IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * What the cached copy is stored with: a day in its colo (Cloudflare's cache takes s-maxage over max-age). Hits are
 * answered with THUMBNAIL_IMMUTABLE, so browsers still keep the image for a year.
 */
const EDGE_COPY = "public, max-age=31536000, s-maxage=86400, immutable";

/** The address pages name for an item's thumbnail at a version. */
export const thumbnailPath = (id: string, version: string) =>
  `/api/content/${id}/thumbnail?v=${encodeURIComponent(version)}`;

/**
 * The cache key: the canonical address on the request's origin, `v` its only parameter, so a request that adds
 * parameters finds the same copy and cannot fill the cache with others.
 */
const cacheKey = (requestUrl: string, path: string) => new URL(path, requestUrl).toString();

// The request headers cache.match answers by: a range (206) and the validators (304).
const MATCH_HEADERS = ["range", "if-none-match", "if-modified-since"] as const;

/**
 * Registered ahead of the request context (app.ts), so a hit reads no session and no database: a GET that names a
 * version is answered from this colo's cache when the cache holds it. Everything else goes on to the route.
 */
const imageFromCache = (pathOf: (c: Context<AppEnv>, version: string) => string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const version = c.req.query("v");
    if (c.req.method !== "GET" || !version) return next();
    const headers = new Headers();
    for (const name of MATCH_HEADERS) {
      const value = c.req.header(name);
      if (value) headers.set(name, value);
    }
    const key = cacheKey(c.req.url, pathOf(c, version));
    // A cache that fails to answer is a miss: the route serves the image.
    const hit = await caches.default.match(new Request(key, { headers })).catch(() => undefined);
    if (!hit) return next();
    // A new Response: the cached one's headers are immutable, and the security headers still go on.
    const res = new Response(hit.body, hit);
    res.headers.set("Cache-Control", THUMBNAIL_IMMUTABLE);
    return res;
  });

export const thumbnailFromCache = imageFromCache((c, version) => thumbnailPath(c.req.param("id")!, version));

/** The address pages name for a creator's avatar or banner (docs/decisions/091): versioned by the image's key. */
export const profileImagePath = (userId: string, slot: "avatar" | "banner", version: string) =>
  `/api/users/${userId}/${slot}?v=${encodeURIComponent(version)}`;

/** A creator's avatar or banner, cached as thumbnails are: a hit reads no session, D1 or R2. */
export const profileImageFromCache = (slot: "avatar" | "banner") =>
  imageFromCache((c, version) => profileImagePath(c.req.param("id")!, slot, version));

/**
 * The current version's image, for an item anyone may open: served from R2 as serveObject does, and a whole (200)
 * answer to a GET also kept in this colo's cache once the response is handed over.
 */
export async function serveAndKeepThumbnail(c: Context<AppEnv>, t: { id: string; version: string; key: string }) {
  return serveAndKeepImage(c, { path: thumbnailPath(t.id, t.version), key: t.key, label: `thumbnail ${t.id}` });
}

/** The same for any image kept under its canonical, versioned address `path` (thumbnails, avatars and banners). */
export async function serveAndKeepImage(c: Context<AppEnv>, t: { path: string; key: string; label: string }) {
  const res = await serveObject(c, { bucket: c.env.MEDIA, key: t.key, cacheControl: THUMBNAIL_IMMUTABLE });
  if (c.req.method !== "GET" || res.status !== 200) return res;
  const copy = new Response(res.clone().body, res);
  copy.headers.set("Cache-Control", EDGE_COPY);
  c.executionCtx.waitUntil(
    caches.default.put(cacheKey(c.req.url, t.path), copy).catch((err: unknown) => {
      console.warn(`${t.label}: not kept in the edge cache`, err);
    }),
  );
  return res;
}

/**
 * Drops this colo's copies of thumbnail addresses a change took out of use, best effort once the response is
 * handed over. Other colos keep theirs until their day in the cache ends (docs/decisions/074).
 */
export function forgetThumbnails(c: Context, retired: readonly RetiredThumbnail[]) {
  forgetImages(
    c,
    retired.map((t) => thumbnailPath(t.id, t.version)),
  );
}

/** Drops this colo's copies of image addresses a change took out of use (thumbnails, avatars, banners). */
export function forgetImages(c: Context, paths: readonly string[]) {
  if (paths.length === 0) return;
  const cache = caches.default;
  const drops = paths.map((path) => cache.delete(cacheKey(c.req.url, path)));
  c.executionCtx.waitUntil(
    Promise.all(drops).then(
      () => undefined,
      (err: unknown) => console.warn("images: a cached copy was not dropped", err),
    ),
  );
}
