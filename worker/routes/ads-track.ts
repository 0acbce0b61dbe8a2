import { Hono } from "hono";
import { adBeaconQuery } from "../../common/schemas/ads";
import type { AppEnv } from "../app-env";
import { countAdEvent } from "../db/queries/ads/ads";
import { addressGroupHash } from "../lib/address-group";
import { forbidden, rateLimited } from "../lib/errors";
import { nowIso } from "../lib/time";
import { validate } from "../lib/validate";
import { responds } from "../openapi/responds";

/**
 * Per address and minute. One ad sends at most 8 beacons (impression, start, three quartiles, complete or
 * skip, click, error) and lasts seconds, two breaks per item: a real player, even a few tabs or a household
 * behind one address, stays far below this.
 */
const AD_BEACONS_PER_MINUTE = 300;

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
      const ip = c.req.header("cf-connecting-ip") ?? "local";
      const ipHash = await addressGroupHash(c.get("settings").sessionSecret, ip);
      const nowMs = Date.now();
      const counted = await countAdEvent(
        c.get("db"),
        { ...c.req.valid("query"), day: nowIso(nowMs).slice(0, 10) },
        { key: `ads:${ipHash}`, perMinute: AD_BEACONS_PER_MINUTE, nowMs },
      );
      if (!counted) throw rateLimited("Too many ad beacons from this address; slow down", "rate_limited");
    }
    return c.body(PIXEL, 200, { "Content-Type": "image/gif" });
  },
);
