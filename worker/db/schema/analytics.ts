import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

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
