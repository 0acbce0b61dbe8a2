import { sql } from "drizzle-orm";
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
    // Creator dashboards' conversions: the signed-in visits of one session.
    index("page_visits_session_user_idx").on(t.sessionId, t.userId).where(sql`${t.userId} is not null`),
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

// Site-wide rollups kept at ingest, so the admin dashboard reads one row per session and per page and day
// instead of every visit (docs/architecture.md §6: p95 under 200 ms over 1M stored visits).
export const trafficSessions = sqliteTable(
  "traffic_sessions",
  {
    sessionId: text("session_id").primaryKey(),
    firstAt: text("first_at").notNull(),
    lastAt: text("last_at").notNull(),
    pageViews: integer("page_views").notNull(),
    // The longest visit_duration seen: the session's length (docs/architecture.md §4 "average session").
    maxDuration: integer("max_duration").notNull(),
    source: text("source").notNull(),
    deviceType: text("device_type").notNull(),
    campaign: text("campaign"),
    tagged: integer("tagged", { mode: "boolean" }).notNull(),
    // A new account was created during the session.
    converted: integer("converted", { mode: "boolean" }).notNull(),
  },
  // Covers every column the site dashboard reads, so its one pass over a date range never touches the table.
  (t) => [
    index("traffic_sessions_dashboard_idx").on(
      t.firstAt, t.source, t.deviceType, t.campaign, t.tagged, t.pageViews, t.maxDuration, t.converted,
    ),
  ],
);

export const trafficPageDays = sqliteTable(
  "traffic_page_days",
  {
    day: text("day").notNull(),
    pagePath: text("page_path").notNull(),
    views: integer("views").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.pagePath] })],
);
