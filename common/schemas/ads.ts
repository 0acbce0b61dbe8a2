import { z } from "zod";
import { AD_EVENTS, type AdPosition } from "../ad-events";

/**
 * VAST 4.1's BREAKPOSITION macro (1 pre-roll, 3 post-roll; the client writes -1 when the player gave no
 * value, as it does for errors found while loading the feed), or our own words for hand-written URLs.
 * Mid-rolls (2) and standalone ads (4) do not exist here, so they are refused rather than miscounted.
 */
const positions: Record<string, AdPosition> = { pre: "pre", "1": "pre", post: "post", "3": "post", "-1": "unknown" };

/** GET /api/ads/track: one beacon of the ad feed's tracking URLs (common/ad-events.ts). Other parameters (cache busters) are ignored. */
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
    .refine(
      (v) => v === undefined || Object.hasOwn(positions, v),
      "must be pre or post (VAST BREAKPOSITION 1 or 3, or -1)",
    )
    .transform((v): AdPosition => (v === undefined ? "unknown" : positions[v]!)),
});

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

const flagOut = z.enum(["true", "false"]);

/**
 * GET /api/ad-settings: what the player needs to run ads (docs/product-spec.md §3 "Ad settings"). Strings, as
 * the spec stores them: flags 'true'/'false'; `vast_url` an http(s) URL, a same-origin path (docs/decisions/009)
 * or empty (ads off); `ad_hosts` the feed's ad origins the pages' CSP allows, space-separated.
 */
export const adSettingsOut = z.object({
  preroll_enabled: flagOut,
  postroll_enabled: flagOut,
  vast_url: z.string(),
  ad_hosts: z.string(),
  /** Minutes within which playing an item again shows no pre-roll; the server applies it (`resume_skips_preroll`). */
  preroll_skip_minutes: z.string(),
});
