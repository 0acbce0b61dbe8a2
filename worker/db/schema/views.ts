import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { content } from "./content";
import { users } from "./users";

export const discoveryMethods = ["ai_recommended", "search", "browse"] as const;

// One playback session. It qualifies when the server has seen enough progress over enough server time;
// the earnings job then credits it once (see DESIGN.md §4 "A view").
export const views = sqliteTable(
  "views",
  {
    id: text("id").primaryKey(),
    contentId: text("content_id")
      .notNull()
      .references(() => content.id, { onDelete: "cascade" }),
    viewerId: text("viewer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // The creator at the time of the view, so rewards never depend on later ownership changes.
    creatorId: text("creator_id").notNull(),
    discoveryMethod: text("discovery_method", { enum: discoveryMethods }).notNull(),
    deviceFingerprint: text("device_fingerprint").notNull().default(""),
    // Salted hash: unique-view rules need to tell IPs apart without storing them.
    ipHash: text("ip_hash").notNull().default(""),
    startedAt: text("started_at").notNull(),
    // Highest position reported (ms), only ever moving forward.
    maxPositionMs: integer("max_position_ms").notNull().default(0),
    lastEventAt: text("last_event_at").notNull(),
    qualifiedAt: text("qualified_at"),
    // UTC day of qualification (YYYY-MM-DD): the per-day earning cap counts by it.
    qualifiedDay: text("qualified_day"),
    // open → qualified → credited | unearnable. Only the earnings job moves a view past "qualified".
    status: text("status", { enum: ["open", "qualified", "credited", "unearnable"] })
      .notNull()
      .default("open"),
    watchTimeMs: integer("watch_time_ms").notNull().default(0),
    // 1..3 when the view took one of the day's earnable places for (viewer, content); null otherwise.
    creditSlot: integer("credit_slot"),
  },
  (t) => [
    // The earnings job's queue: only pending rows are indexed, so its cost follows pending work.
    index("views_pending_idx").on(t.qualifiedAt).where(sql`${t.status} = 'qualified'`),
    // "Latest open view of this content for this viewer" and the per-day cap.
    index("views_viewer_content_idx").on(t.viewerId, t.contentId, t.startedAt),
    // Per-content analytics (most popular content) and unique-view challenge checks.
    index("views_content_idx").on(t.contentId, t.qualifiedAt),
    // The per-day cap lives in the schema: two views can never take the same place, however jobs race.
    uniqueIndex("views_credit_slot_unique")
      .on(t.viewerId, t.contentId, t.qualifiedDay, t.creditSlot)
      .where(sql`${t.creditSlot} is not null`),
  ],
);

export const playbackEvents = sqliteTable(
  "playback_events",
  {
    id: text("id").primaryKey(),
    viewId: text("view_id")
      .notNull()
      .references(() => views.id, { onDelete: "cascade" }),
    eventType: text("event_type", { enum: ["start", "progress", "complete"] }).notNull(),
    secondMark: integer("second_mark_ms").notNull(),
    receivedAt: text("received_at").notNull(),
    // Events the rules ignored (backwards, past the duration) are kept for abuse review.
    accepted: integer("accepted", { mode: "boolean" }).notNull(),
  },
  (t) => [index("playback_events_view_idx").on(t.viewId, t.receivedAt)],
);
