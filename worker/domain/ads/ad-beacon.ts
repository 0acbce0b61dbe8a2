import { z } from "zod";

// What a tracking URL of our ad feed may say (public/ads/sample-vast.xml):
//   /api/ads/track?event=<event>&ad=<ad id>&position=[BREAKPOSITION]&cb=[CACHEBUSTING]
// The player's VAST client fills the macros. Other parameters (cache busters) are ignored.

/** The VAST events our feed tracks, spelled as the feed spells them ('click' is its ClickTracking). */
export const AD_EVENTS = ["impression", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "skip", "click", "error"] as const;
export type AdEvent = (typeof AD_EVENTS)[number];

export const AD_POSITIONS = ["pre", "post", "unknown"] as const;
export type AdPosition = (typeof AD_POSITIONS)[number];

/**
 * VAST 4.1's BREAKPOSITION macro (1 pre-roll, 3 post-roll; the client writes -1 when the player gave no
 * value, as it does for errors found while loading the feed), or our own words for hand-written URLs.
 * Mid-rolls (2) and standalone ads (4) do not exist here, so they are refused rather than miscounted.
 */
const positions: Record<string, AdPosition> = { pre: "pre", "1": "pre", post: "post", "3": "post", "-1": "unknown" };

/**
 * Per address and minute. One ad sends at most 8 beacons (impression, start, three quartiles, complete or
 * skip, click, error) and lasts seconds, two breaks per item: a real player, even a few tabs or a household
 * behind one address, stays far below this.
 */
export const AD_BEACONS_PER_MINUTE = 300;

export const adBeaconQuery = z.object({
  event: z.enum(AD_EVENTS, `must be one of ${AD_EVENTS.join(", ")}`),
  ad: z
    .string("is required")
    .min(1, "is required")
    .max(64, "must be at most 64 characters")
    .regex(/^[A-Za-z0-9._-]+$/, "letters, digits, '.', '_' and '-' only"),
  position: z
    .string()
    .optional()
    .refine((v) => v === undefined || Object.hasOwn(positions, v), "must be pre or post (VAST BREAKPOSITION 1 or 3, or -1)")
    .transform((v): AdPosition => (v === undefined ? "unknown" : positions[v]!)),
});

export type AdBeacon = z.infer<typeof adBeaconQuery>;
