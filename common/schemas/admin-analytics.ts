import { z } from "zod";
import { AD_POSITIONS } from "../ad-events";
import { DISCOVERY_METHODS } from "../playback";
import { contentTypeOut } from "./content";

/** PATCH /api/admin/analytics/config: one marketing tag id at a time; empty switches the tag off. */
export const analyticsConfigChange = z.discriminatedUnion(
  "key",
  [
    z.object({
      key: z.literal("ga4_id"),
      value: z
        .string()
        .trim()
        .regex(/^(G-[A-Z0-9]{4,16})?$/, "must look like G-ABC1234 (or be empty)"),
    }),
    z.object({
      key: z.literal("facebook_pixel_id"),
      value: z
        .string()
        .trim()
        .regex(/^(\d{5,20})?$/, "must be the pixel's digits (or be empty)"),
    }),
  ],
  "key must be ga4_id or facebook_pixel_id",
);

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

/** GET /api/admin/analytics: content and viewer figures (docs/product-spec.md §3 "Admin analytics"); watch times in seconds. */
export const adminAnalyticsOut = z.object({
  topContent: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      type: contentTypeOut,
      view_count: z.number().int(),
      total_watch_time: z.number().int(),
    }),
  ),
  topUsers: z.array(
    z.object({ user_id: z.string(), email: z.string(), last_activity: z.string(), total_watch_time: z.number().int() }),
  ),
  topEarners: z.array(
    z.object({ user_id: z.string(), email: z.string(), content_count: z.number().int(), total_earnings: z.number() }),
  ),
  /** `percentage` is 0–100 with one decimal. */
  discoveryStats: z.array(
    z.object({ discovery_method: z.enum(DISCOVERY_METHODS), count: z.number().int(), percentage: z.number() }),
  ),
});
export type AdminAnalyticsResponse = z.output<typeof adminAnalyticsOut>;

/** Ad beacons counted in a range of UTC days (docs/decisions/018). */
const adEventCountsOut = z.object({
  impressions: z.number().int(),
  starts: z.number().int(),
  first_quartiles: z.number().int(),
  midpoints: z.number().int(),
  third_quartiles: z.number().int(),
  completes: z.number().int(),
  skips: z.number().int(),
  clicks: z.number().int(),
  errors: z.number().int(),
});
export type AdEventCounts = z.output<typeof adEventCountsOut>;

/** Rates are fractions (0–1) of impressions: completion = completes ÷ impressions, likewise skips and clicks. */
const adFiguresOut = adEventCountsOut.extend({
  completion_rate: z.number(),
  skip_rate: z.number(),
  click_through_rate: z.number(),
});
export type AdFiguresJson = z.output<typeof adFiguresOut>;

/** GET /api/admin/analytics/ads?startDate&endDate (default: the last 30 days); `days` covers every day in range. */
export const adAnalyticsOut = z.object({
  startDate: z.string(),
  endDate: z.string(),
  totals: adFiguresOut,
  /** The break positions that had events. */
  byPosition: z.array(adFiguresOut.extend({ position: z.enum(AD_POSITIONS) })),
  days: z.array(adEventCountsOut.extend({ date: z.string() })),
});
export type AdAnalyticsResponse = z.output<typeof adAnalyticsOut>;

/**
 * The marketing tag ids (docs/product-spec.md §3 "Analytics config"); empty means the tag is not loaded.
 * PATCH /api/admin/analytics/config answers them after the change, GET /api/analytics/config as they are.
 */
export const analyticsConfigOut = z.object({ facebook_pixel_id: z.string(), ga4_id: z.string() });
export type AnalyticsConfig = z.output<typeof analyticsConfigOut>;
