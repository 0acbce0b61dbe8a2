import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { CAPTIONS_MAX_BYTES } from "../../common/captions";
import { tooLarge } from "../lib/errors";

/**
 * The largest request body the API reads (docs/decisions/030). Every JSON body the API takes is a few
 * hundred bytes (the largest, an item's description and tags, stays under 8 KiB); without a limit a
 * caller could make the Worker buffer and parse any size (a 111 MB body was parsed).
 */
export const MAX_BODY_BYTES = 64 * 1024;

/** The upload routes stream media straight into R2 with their own size checks (docs/decisions/008). */
const STREAMED_BODIES = new Set(["/api/uploads/put", "/api/uploads/multipart/part"]);

/** A captions file (PUT /api/content/{id}/captions/{lang}, docs/decisions/049) has its own, larger limit. */
const CAPTIONS_PUT = /^\/api\/content\/[^/]+\/captions\/[^/]+$/;
const captionsLimit = bodyLimit({
  maxSize: CAPTIONS_MAX_BYTES,
  onError: () => {
    throw tooLarge(`The captions file is too large: at most ${CAPTIONS_MAX_BYTES / 1024} KiB`, "captions_too_large");
  },
});

const limit = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw tooLarge(`The request body is too large: at most ${MAX_BODY_BYTES / 1024} KiB`, "body_too_large");
  },
});

/**
 * Refuses bodies over MAX_BODY_BYTES with 413: at once when Content-Length says so, and, for a body without
 * one (chunked), as soon as the bytes read pass the limit, so the rest is never read.
 */
export const limitBodies = createMiddleware<AppEnv>(async (c, next) => {
  if (STREAMED_BODIES.has(c.req.path)) return next();
  if (c.req.method === "PUT" && CAPTIONS_PUT.test(c.req.path)) return captionsLimit(c, next);
  return limit(c, next);
});
