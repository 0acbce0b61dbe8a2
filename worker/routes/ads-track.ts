import { Hono } from "hono";
import { adBeaconQuery } from "../../common/schemas/ads";
import type { AppEnv } from "../app-env";
import { countAdBeacon } from "../domain/ads/ad-beacons";
import { gatherOf } from "../domain/queues/traffic-outbox";
import { forbidden } from "../lib/errors";
import { validate } from "../lib/validate";
import { responds } from "../openapi/responds";

// A transparent 1×1 GIF: the VAST client fires each tracking URL as an image (`new Image().src = url`).
const PIXEL = Uint8Array.from(atob("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"), (ch) =>
  ch.charCodeAt(0),
);

/**
 * Public: the ad feed's tracking URLs (docs/decisions/018). A GET that changes state, on purpose: beacons
 * are images, which cannot send anything else, carry no cookie we need and no Origin header. What a forged
 * one can change is a counter, bounded by the per-address limit; no account, balance or setting is
 * reachable. Our own player pings from our own pages, so a browser that says a ping is cross-site (another
 * site embedding the URL to inflate the figures) is refused. HEAD answers like GET and counts nothing.
 */
export const adEventsPublicRoutes = new Hono<AppEnv>().get(
  "/ads/track",
  responds(
    "Count an ad beacon",
    {
      200: {
        description: "A transparent 1×1 GIF: the player fires each tracking URL as an image.",
        media: "image/gif",
      },
    },
    "Counts one event of the ad feed's tracking URLs (HEAD counts nothing). Refused (403) when the browser says the ping is cross-site; 429 past the per-address limit.",
  ),
  validate("query", adBeaconQuery),
  async (c) => {
    if (c.req.header("sec-fetch-site") === "cross-site") throw forbidden("Cross-site ad beacon refused", "cross_site");
    if (c.req.method === "GET") {
      await countAdBeacon({
        ctx: {
          secret: c.get("settings").sessionSecret,
          env: c.env,
          gather: gatherOf(c.get("settings"), c.executionCtx),
        },
        input: { beacon: c.req.valid("query"), ip: c.req.header("cf-connecting-ip") ?? "local" },
      });
    }
    return c.body(PIXEL, 200, { "Content-Type": "image/gif" });
  },
);
