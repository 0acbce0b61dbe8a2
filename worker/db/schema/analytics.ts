import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const pageVisits = sqliteTable(
  "page_visits",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id").notNull(),
    userId: text("user_id"),
    pagePath: text("page_path").notNull(),
    referrer: text("referrer"),
    visitDuration: integer("visit_duration").notNull().default(0),
    pageViews: integer("page_views").notNull().default(1),
    deviceType: text("device_type", { enum: ["desktop", "mobile", "tablet"] }).notNull(),
    browser: text("browser", { enum: ["chrome", "firefox", "safari", "edge", "unknown"] }).notNull(),
    userAgent: text("user_agent"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    utmTerm: text("utm_term"),
    utmContent: text("utm_content"),
    // Where the session came from, decided at ingest: utm_source, else the referring site, else 'Direct'.
    source: text("source").notNull().default("Direct"),
    ipHash: text("ip_hash"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    // Every dashboard query is bounded by a date range.
    index("page_visits_created_idx").on(t.createdAt, t.sessionId),
    // Creator dashboards: visits to their own content and creator pages.
    index("page_visits_path_created_idx").on(t.pagePath, t.createdAt),
  ],
);

// Fixed-window request counters (per IP hash and minute) for public endpoints such as the tracker.
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: text("window_start").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limits_window_idx").on(t.windowStart)],
);
