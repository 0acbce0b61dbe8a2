import { type Context, Hono } from "hono";
import { captionsParams, captionsStoredOut, type CaptionsStoredJson } from "../../common/schemas/captions";
import { okOut, type OkResponse } from "../../common/schemas/ok";
import type { AppEnv, SignedInEnv } from "../app-env";
import { deleteCaptions, getCaptionTrack, putCaptions } from "../domain/captions/captions";
import { unsupportedMedia } from "../lib/errors";
import { ID_PATTERN } from "../lib/ids";
import { validate } from "../lib/validate";
import { responds } from "../openapi/responds";
import { captionTrackUrl } from "./serializers/captions";
import { serveObject } from "./serve-object";

// WebVTT captions per item and language (docs/decisions/049). The language is a BCP 47 tag, taken in its
// canonical case ("pt-br" is "pt-BR").
const TRACK = `/content/:id${ID_PATTERN}/captions/:lang`;

// A track is text a player shows, never a page: even opened on its own it may run nothing and load nothing.
const TRACK_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; sandbox";

/** Public: a track goes to whoever may open the item (a hidden item's only to its creator and admins). */
export const captionsPublicRoutes = new Hono<AppEnv>().get(
  TRACK,
  responds(
    "Get an item's captions",
    {
      200: { description: "The WebVTT file (text/vtt; charset=utf-8), as the server cleaned it.", media: "text/vtt" },
      304: { description: "Not modified: the ETag in If-None-Match is current." },
    },
    "A hidden item's captions answer 404 to everyone but its creator and admins; a deleted item's to everyone.",
  ),
  validate("param", captionsParams),
  async (c) => {
    const { id, lang } = c.req.valid("param");
    const track = await getCaptionTrack({
      ctx: { db: c.get("db"), actor: c.get("user") },
      input: { contentId: id, lang },
    });
    const res = await serveObject(c, {
      bucket: c.env.MEDIA,
      key: track.r2Key,
      // Revalidated every time (an ETag makes it a 304): a replaced track shows at once; a hidden item's never
      // enters a shared cache.
      cacheControl: track.hidden ? "private, no-store" : "no-cache",
    });
    res.headers.set("Content-Type", "text/vtt; charset=utf-8");
    res.headers.set("Content-Security-Policy", TRACK_CSP);
    return res;
  },
);

const memberOf = (c: Context<SignedInEnv>) => ({ db: c.get("db"), actor: c.get("user"), bucket: c.env.MEDIA });

/** Signed-in members in good standing: the item's creator, or an admin, adds, replaces and removes tracks. */
export const captionsActiveRoutes = new Hono<SignedInEnv>()
  .put(
    TRACK,
    responds(
      "Add or replace an item's captions",
      {
        200: {
          description: "Stored: the track's address, its cue count and size as cleaned.",
          schema: captionsStoredOut,
        },
      },
      "Its creator, or an admin. The body is a WebVTT file (Content-Type text/vtt, UTF-8, at most 512 KiB, 413 " +
        "`captions_too_large` beyond): a WEBVTT line, cues in order that end within the item. What is stored is the " +
        "file as the server writes it back: cues with their timings and settings, and only the markup captions " +
        "carry (b, i, u, c, v, lang, ruby, rt, timestamps); NOTE, STYLE and REGION blocks and every other tag are " +
        "left out. A file it cannot read answers 400 (`invalid_captions`) saying what is wrong; an eleventh " +
        "language 409 (`captions_limit`).",
    ),
    validate("param", captionsParams),
    async (c) => {
      const type = (c.req.header("content-type") ?? "").toLowerCase().replace(/\s+/g, "");
      if (type !== "text/vtt" && type !== "text/vtt;charset=utf-8") {
        throw unsupportedMedia("Send captions as a WebVTT file (Content-Type text/vtt)", "captions_type");
      }
      const { id, lang } = c.req.valid("param");
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      const stored = await putCaptions({ ctx: memberOf(c), input: { contentId: id, lang, bytes } });
      const answer = { lang: stored.lang, url: captionTrackUrl(id, stored), cues: stored.cues, bytes: stored.bytes };
      return c.json(answer satisfies CaptionsStoredJson, 200);
    },
  )
  .delete(
    TRACK,
    responds(
      "Remove an item's captions",
      { 200: { description: "Removed, with its file.", schema: okOut } },
      "Its creator, or an admin.",
    ),
    validate("param", captionsParams),
    async (c) => {
      const { id, lang } = c.req.valid("param");
      await deleteCaptions({ ctx: memberOf(c), input: { contentId: id, lang } });
      return c.json({ ok: true } satisfies OkResponse, 200);
    },
  );
