import { Hono } from "hono";
import { oembedOut, oembedQuery } from "../../common/schemas/oembed";
import type { AppEnv } from "../app-env";
import { getMediaFile } from "../domain/content/item-media";
import { getOembed } from "./oembed-card";
import { ID_PATTERN } from "../lib/ids";
import { notImplemented } from "../lib/errors";
import { validate } from "../lib/validate";
import { embedMediaLimit, oembedLimit } from "../middleware/rate-limit";
import { responds } from "../openapi/responds";
import { serveObject } from "./serve-object";
import { thumbsOriginOf } from "./thumbnail-publication";

// Sharing beyond the site (docs/decisions/099): the oEmbed answer other sites ask for a link's card or player, and
// the media of the embed page (/embed/{id}). Both answer as to a visitor, whoever asks: the caller's session is
// never read here, so an embed shows only what anyone may open, and nothing it serves is counted for anyone.

export const embedPublicRoutes = new Hono<AppEnv>()
  .get(
    "/oembed",
    responds(
      "Get a page's oEmbed card",
      {
        200: {
          description:
            "For an item, type `video` with `html` (an iframe of /embed/{id}) sized 16:9 within maxwidth × maxheight (640 × 360 when none is given); for a creator or a playlist, type `link`. As a visitor sees the page.",
          schema: oembedOut,
        },
      },
      "404 when `url` is not an item, creator or playlist page of this site, or names one a visitor may not open; 501 for a `format` other than json; 429 past 120 requests a minute from one address.",
    ),
    oembedLimit,
    validate("query", oembedQuery),
    async (c) => {
      const query = c.req.valid("query");
      // The oEmbed spec: a format the provider does not offer is answered 501.
      if (query.format !== undefined && query.format !== "json") throw notImplemented("Only format=json is offered");
      const card = await getOembed({
        ctx: { db: c.get("db"), env: c.env, thumbsOrigin: thumbsOriginOf(c) },
        input: {
          url: query.url,
          origin: new URL(c.req.url).origin,
          maxwidth: query.maxwidth,
          maxheight: query.maxheight,
        },
      });
      return c.json(card, 200);
    },
  )
  .get(
    `/embed/:id${ID_PATTERN}/media`,
    responds(
      "Stream an embedded item",
      {
        200: { description: "The whole file (video/mp4 or audio/mpeg).", media: "video/mp4" },
        206: { description: "The bytes a Range header asked for.", media: "video/mp4" },
        416: { description: "The Range asked for lies outside the file; Content-Range gives its size." },
      },
      "For the embed page, signed in or not: only an item a visitor may open (404 otherwise). Nothing it sends is counted as delivery for any view, so an embedded play never earns (docs/decisions/099). 429 past 300 requests a minute from one address.",
    ),
    embedMediaLimit,
    async (c) => {
      // As a visitor, whatever session the browser has: the embed never plays what only its creator may open.
      const file = await getMediaFile({ ctx: { db: c.get("db"), actor: null }, input: { id: c.req.param("id") } });
      // Private: a takedown must stop it at once, so no shared cache keeps it. No countDelivery: not proof of
      // anything (docs/decisions/099).
      return serveObject(c, {
        bucket: c.env.MEDIA,
        key: file.key,
        size: file.size,
        cacheControl: "private, max-age=3600",
      });
    },
  );
