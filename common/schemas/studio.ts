import { z } from "zod";
import { DISCOVERY_METHODS } from "../playback";

// The creator studio (docs/decisions/048): one item's views, qualified views, earnings, how much of
// it viewers watched, where they stopped and how they came. Its creator and admins only.

export const STATS_RANGES = ["7d", "30d", "90d"] as const;
export type StatsRange = (typeof STATS_RANGES)[number];

/** GET /api/content/{id}/stats: the last 7, 30 or 90 UTC days, today included. */
export const contentStatsQuery = z.object({
  range: z.enum(STATS_RANGES, "range must be 7d, 30d or 90d").default("30d"),
});

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

/** One UTC day of the range (every day is listed, quiet ones with zeros). */
const statsDayOut = z.object({
  day: z.string(),
  views: z.number().int().nonnegative(),
  qualified_views: z.number().int().nonnegative(),
  /** The creator's rewards from this item's views credited that day, net of reversals (USD). */
  earnings_usd: z.number(),
});

const statsSourceOut = z.object({ method: z.enum(DISCOVERY_METHODS), views: z.number().int().nonnegative() });

/** GET /api/content/{id}/stats. Views by the item's own creator are not counted. */
export const contentStatsOut = z.object({
  content_id: z.string(),
  /** The item's title, for the screen's heading. */
  title: z.string(),
  range: z.enum(STATS_RANGES),
  /** Views started in the range (qualified or not). */
  views: z.number().int().nonnegative(),
  /** Of those, the ones that reached 80 % watched with the bytes delivered. */
  qualified_views: z.number().int().nonnegative(),
  /** The creator's rewards from this item credited in the range, net of reversals (USD). */
  earnings_usd: z.number(),
  /** Mean over the range's views of the time watched as a share of the item, percent with one decimal. */
  avg_watched_percent: z.number().min(0).max(100),
  /** Views of the range per discovery method, every method listed. */
  sources: z.array(statsSourceOut),
  days: z.array(statsDayOut),
  /**
   * 101 shares (0 to 1), one per whole percent of the item: the share of the item's views whose furthest
   * watched position reached that percent. Over all its views so far, not only the range.
   */
  retention: z.array(z.number().min(0).max(1)).length(101),
  /** How many views the retention curve is drawn from (all views so far). */
  retention_views: z.number().int().nonnegative(),
  /** The comments the public sees under the item now (not deleted, not taken down, not by suspended members). */
  comment_count: z.number().int().nonnegative(),
});
export type ContentStatsJson = z.output<typeof contentStatsOut>;
