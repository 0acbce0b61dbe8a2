import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

// Ad beacons (GET /api/ads/track) counted per UTC day: one row per (day, ad, break position, event) whose
// `count` an upsert raises, never a row per hit, so the table grows with days × ads, not with traffic
// (docs/decisions/018). Event and position are checked at the edge, not by CHECK constraints: a new VAST
// event then needs no table rebuild.
export const adEventDays = sqliteTable(
  "ad_event_days",
  {
    // YYYY-MM-DD (UTC)
    day: text("day").notNull(),
    // The feed's own name for the ad (the `ad` query parameter).
    adId: text("ad_id").notNull(),
    // 'pre', 'post', or 'unknown' when the player did not say (VAST's BREAKPOSITION left at -1).
    position: text("position").notNull(),
    event: text("event").notNull(),
    count: integer("count").notNull(),
  },
  // Day first: the upsert's conflict target, and the range scan of GET /api/admin/analytics/ads.
  (t) => [primaryKey({ columns: [t.day, t.adId, t.position, t.event] })],
);
