import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { KEPT_AT_SETTLE } from "../../../common/earning-policy";
import { DISCOVERY_METHODS } from "../../../common/playback";
import { content } from "./content";
import { users } from "./users";

// One playback session, written once by the viewer's watch-session Durable Object: when it qualifies, or
// when it ends without qualifying. Its progress events never reach D1. The earnings job then credits a
// qualified view once (docs/decisions/015-watch-sessions-in-a-durable-object.md).
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
    discoveryMethod: text("discovery_method", { enum: DISCOVERY_METHODS }).notNull(),
    deviceFingerprint: text("device_fingerprint").notNull().default(""),
    // Salted hash: unique-view rules need to tell IPs apart without storing them.
    ipHash: text("ip_hash").notNull().default(""),
    startedAt: text("started_at").notNull(),
    // Highest accepted position (ms) when the view was written.
    maxPositionMs: integer("max_position_ms").notNull().default(0),
    lastEventAt: text("last_event_at").notNull(),
    qualifiedAt: text("qualified_at"),
    // UTC day of qualification (YYYY-MM-DD): the per-day earning cap counts by it.
    qualifiedDay: text("qualified_day"),
    // qualified → credited | unearnable (only the earnings job moves a view past "qualified"), or ended:
    // the session closed without qualifying. "open" is legacy: sessions in progress live in the object.
    status: text("status", { enum: ["open", "qualified", "credited", "unearnable", "ended"] })
      .notNull()
      .default("open"),
    // Watched media time the pacing rules accepted (ms), not the position reached.
    watchTimeMs: integer("watch_time_ms").notNull().default(0),
    // Why an ended view did not qualify: "expired" (no events any more), "another_session" (the viewer
    // started something else, so this one stopped), "completed" (the player ended it) or "not_delivered"
    // (watched long enough, but the stream never served 80 % of the bytes: docs/decisions/029).
    endReason: text("end_reason", { enum: ["expired", "another_session", "completed", "not_delivered"] }),
    // 1..3 when the view took one of the day's earnable places for (viewer, content); null otherwise.
    creditSlot: integer("credit_slot"),
    // Why the earnings job paid an unearnable view nothing, when moderation was the cause: "removed" (the
    // item was taken down or its creator suspended) or "suspended" (the viewer was). Kept because both can be
    // undone later, and the reason must stay what it was when the job settled the view (docs/decisions/027).
    // "network_cap": the viewer's network already had its paid views of the creator that day (decision 065).
    unpaidReason: text("unpaid_reason", { enum: KEPT_AT_SETTLE }),
  },
  (t) => [
    // Pending rows only: a member's own pending views, for the home page's poll (docs/decisions/022), and the
    // earnings job's site-wide queue, which scans it whole and sorts (settle-views.ts), so its cost follows pending
    // work. A second partial index of the same rows by time alone was a row written per view (decision 081).
    index("views_viewer_pending_idx")
      .on(t.viewerId, t.qualifiedAt)
      .where(sql`${t.status} = 'qualified'`),
    // No index by (viewer, item): the latest open view lives in the watch-session object (015), the per-day cap and the
    // next place on views_credit_slot_unique (059), and a viewer's finished items are read on views_viewer_started_idx;
    // it was a row written per view for none of them (migration 0044, docs/decisions/088).
    // Per-content analytics (most popular content) and unique-view challenge checks.
    index("views_content_idx").on(t.contentId, t.qualifiedAt),
    // A member's views of one day, as viewer and as creator ("a reason for every view"). Who watched from an
    // address and whether the creator also watched the viewer are read from view_addresses and view_pairs
    // (decision 053), so views keeps no index for them (migration 0027 dropped two: decision 056).
    index("views_viewer_started_idx").on(t.viewerId, t.startedAt),
    index("views_creator_started_idx").on(t.creatorId, t.startedAt),
    // The views archive walks one UTC day of views in id order (archive-views.ts, docs/decisions/053).
    index("views_day_id_idx").on(sql`substr(${t.startedAt}, 1, 10)`, t.id),
    // The per-day cap lives in the schema: two views can never take the same place, however jobs race. Day before
    // item (migration 0031, docs/decisions/059), so it also serves the earnings job's per-viewer daily cap and
    // the player's places taken today: a viewer's earning places of one day, then of one item that day.
    // The earnings job's cap on paid views per (network, creator, UTC day), and the creator's paid views of the
    // day it scales with (settle-views.ts, docs/decisions/065): paid views only, keyed by the network's 8 digits.
    index("views_creator_day_network_idx")
      .on(t.creatorId, t.qualifiedDay, sql`substr(${t.ipHash}, 1, 8)`)
      .where(sql`${t.creditSlot} is not null`),
    uniqueIndex("views_credit_slot_unique")
      .on(t.viewerId, t.qualifiedDay, t.contentId, t.creditSlot)
      .where(sql`${t.creditSlot} is not null`),
  ],
);
