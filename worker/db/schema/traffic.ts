import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

// Stored WITHOUT ROWID, by its primary key (migration 0032, docs/decisions/060), as is traffic_sessions below: the
// key is not stored twice. drizzle cannot say so; the migration's SQL does. No longer written since decision 085
// (raw visits go to R2 per batch, trafficVisitBatches): the rows stored before leave with the visits dataset.
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
  // Only the ingest writes a visit and only the data lifecycle reads one (dashboards read the rollups, decision
  // 054): it walks a UTC day in (created_at, id) order, so a part reads its own rows along this index and no sort
  // of the rest of the day (migration 0028, decision 056; the dashboards' old path and session indexes went).
  (t) => [index("page_visits_created_idx").on(t.createdAt, t.id)],
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

// Rollups kept at ingest, in the same batch as the visit (docs/decisions/013, 020). `scope` says whose traffic a
// row counts: '' for the whole site, else a creator's id for the visits to their creator page and content pages.
// Each dashboard reads the sessions of the range's first, partial day and whole days from the day rollups, so it
// reads about as many rows for 90 days as for 1 (docs/architecture.md §4 "Traffic").
export const trafficSessions = sqliteTable(
  "traffic_sessions",
  {
    scope: text("scope").notNull().default(""),
    sessionId: text("session_id").notNull(),
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
    // The ids of the visits last counted in the session (a JSON array, the site scope's row only, at most
    // COUNTED_IDS_KEPT): a batch delivered again finds its visits here and counts none twice (docs/decisions/085).
    // Not archived: it is bookkeeping of the ingest, not a figure of the session.
    counted: text("counted").notNull().default("[]"),
  },
  (t) => [
    // The ingest finds a live session by its key; no dashboard reads sessions since decision 054 (migration 0028
    // dropped the covering index they used, decision 056). The data lifecycle walks a day's sessions along this key
    // too, reading past the other days' rows (rows read cost a thousandth of the index entry each session's insert
    // and delete wrote, decision 085).
    primaryKey({ columns: [t.scope, t.sessionId] }),
  ],
);

// The R2 objects holding the raw page visits (docs/decisions/085): one per traffic batch and UTC day, written by the
// consumer before the D1 batch that counts the visits, which inserts this row. An object without its row (the D1
// batch failed) is never archived; the visits dataset reads a day's objects in name order and deletes their rows as
// their visits go into the archive's parts. WITHOUT ROWID (migration 0042; drizzle cannot say so).
export const trafficVisitBatches = sqliteTable(
  "traffic_visit_batches",
  {
    day: text("day").notNull(),
    name: text("name").notNull(),
    rows: integer("rows").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.name] })],
);

// Views per page and UTC day of the visit.
export const trafficPageDays = sqliteTable(
  "traffic_page_days",
  {
    scope: text("scope").notNull().default(""),
    day: text("day").notNull(),
    pagePath: text("page_path").notNull(),
    views: integer("views").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.day, t.pagePath] }),
    // The data lifecycle reads and removes one day's rows of every scope in this order (docs/decisions/051).
    index("traffic_page_days_archive_idx").on(t.day, t.scope, t.pagePath),
  ],
);

// The sessions that began on a UTC day, with their page views, lengths and bounces (summary and timeline).
export const trafficDays = sqliteTable(
  "traffic_days",
  {
    scope: text("scope").notNull(),
    day: text("day").notNull(),
    sessions: integer("sessions").notNull(),
    views: integer("views").notNull(),
    duration: integer("duration").notNull(),
    bounces: integer("bounces").notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.day] })],
);

// The sessions that began on a UTC day per source, per device and per campaign (tagged sessions only, with
// their conversions). A session's campaign can still change after its day (its first campaign may come on a
// later visit), so a campaign row is moved, never only added to.
export const trafficDayCounts = sqliteTable(
  "traffic_day_counts",
  {
    scope: text("scope").notNull(),
    day: text("day").notNull(),
    dimension: text("dimension", { enum: ["source", "device", "campaign"] }).notNull(),
    value: text("value").notNull(),
    sessions: integer("sessions").notNull(),
    conversions: integer("conversions").notNull(),
  },
  // Day first (migration 0027, WITHOUT ROWID: docs/decisions/056): a dashboard seeks (day, scope) once per day of
  // its range, and the page-days dataset moves a whole day along it when the day is past the longest range.
  (t) => [primaryKey({ columns: [t.day, t.scope, t.dimension, t.value] })],
);

// Views per page over the last `range_days - 1` whole days up to the state's `as_of`, kept by the cron one day
// at a time, so the top pages of a long range read ten rows plus the few days the totals do not cover.
export const trafficPageTotals = sqliteTable(
  "traffic_page_totals",
  {
    rangeDays: integer("range_days").notNull(),
    scope: text("scope").notNull(),
    pagePath: text("page_path").notNull(),
    views: integer("views").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.rangeDays, t.scope, t.pagePath] }),
    // The ten most viewed pages of a scope, in the dashboard's order (views desc, page).
    index("traffic_page_totals_top_idx").on(t.rangeDays, t.scope, sql`${t.views} desc`, t.pagePath),
  ],
);

export const trafficPageTotalsState = sqliteTable("traffic_page_totals_state", {
  rangeDays: integer("range_days").primaryKey(),
  // The last whole UTC day the totals include.
  asOf: text("as_of").notNull(),
});
