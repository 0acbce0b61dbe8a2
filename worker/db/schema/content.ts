import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/**
 * An item's length band for search filters (docs/decisions/100): 0 under 4 minutes, 1 from 4 to 20 minutes, 2 over
 * 20 minutes. Queries write this very text so SQLite serves them from the indexes on it below.
 */
export const LENGTH_BAND_SQL = "(case when duration_ms < 240000 then 0 when duration_ms <= 1200000 then 1 else 2 end)";

export const content = sqliteTable(
  "content",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    type: text("type", { enum: ["video", "audio"] }).notNull(),
    // Comma-separated, as the API and spec speak of tags.
    tags: text("tags").notNull().default(""),
    r2Key: text("r2_key").notNull().unique(),
    mediaSize: integer("media_size").notNull(),
    mediaContentType: text("media_content_type").notNull(),
    thumbnailKey: text("thumbnail_key"),
    // The key of the current thumbnail's copy in the public bucket (THUMBS, docs/decisions/083), set only once
    // that copy is written and only while the item is visible; null otherwise, and then pages name the Worker's
    // thumbnail route instead, so an answer never names a copy that is not there.
    thumbnailPublicKey: text("thumbnail_public_key"),
    // Measured on the server from the file itself; the view rules depend on it.
    durationMs: integer("duration_ms").notNull(),
    createdBy: text("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    // Taken down by moderators (docs/decisions/027): hidden from everyone but its creator and admins, who
    // see the note. Null while visible; a restore clears all three.
    removedAt: text("removed_at"),
    removedNote: text("removed_note"),
    removedBy: text("removed_by"),
    // Deleted by its creator or an admin (docs/decisions/028): a tombstone, never a removed row, so its views,
    // likes, reports and moderation history stay what every cap, sweep rule and record reads. Gone from the
    // product for everyone; not undone.
    deletedAt: text("deleted_at"),
    deletedBy: text("deleted_by"),
    // When the cron removed its media and thumbnail objects from R2, a grace period after the deletion.
    mediaPurgedAt: text("media_purged_at"),
    // Qualified views by others than the creator, less the ones whose reward was reversed (docs/decisions/047):
    // kept by triggers on views and reversals (migration 0019), in the statement that writes the fact, so a
    // card shows it without counting views.
    viewCount: integer("view_count").notNull().default(0),
    // Only real media earns (docs/decisions/063): what finalize measured of the media itself, not of the file.
    // Null on items finalized before the floor (they were never measured) and, for picture and frame rate, on
    // audio. Bytes per second counts only the audio/video samples, never padding boxes.
    mediaBytesPerSecond: integer("media_bytes_per_second"),
    width: integer("width"),
    height: integer("height"),
    frameRate: real("frame_rate"),
    // Null = the item earns. Otherwise the first floor it missed; the item is still published and watchable,
    // but its views are paid nothing (the settling statement reads contentEarnsSql).
    // `too_short` is not among them: it follows the admin's earning rule, which may change (common/media-floor.ts).
    earnBlock: text("earn_block", { enum: ["thin_media", "small_picture", "low_frame_rate"] }),
    // Who may see it (docs/decisions/094): public (listed), unlisted (opens by its link, never listed) or private
    // (its creator and admins only). A scheduled item is private with `publishAt` set: public from that moment,
    // which every read already honours; the cron then writes it down (worker/domain/content/publish-due.ts).
    visibility: text("visibility", { enum: ["public", "unlisted", "private"] })
      .notNull()
      .default("public"),
    publishAt: text("publish_at"),
    // Saved as a draft (docs/decisions/094): private, its details maybe incomplete (no title yet). Publishing it
    // (a PATCH with a title and a visibility) clears this; nothing sets it again. 0 or 1, as raw reads give it
    // (SELECT_ROW reads the same values as drizzle, docs/decisions/068).
    draft: integer("draft").notNull().default(0),
    // When it first became public (or, while scheduled for the first time, will): lists, the following feed
    // and the bell order by it, so a scheduled item is new at its time; never moves once past, so followers
    // are told once whatever the item's visibility does after. Null while it has never been public.
    publishedAt: text("published_at"),
  },
  (t) => [
    check("content_type_check", sql`${t.type} in ('video', 'audio')`),
    check("content_duration_check", sql`${t.durationMs} > 0`),
    check("content_visibility_check", sql`${t.visibility} in ('public', 'unlisted', 'private')`),
    // Gallery keyset pagination, newest published first: ORDER BY published_at DESC, id DESC; items never
    // public (null) are outside every range the walk reads (docs/decisions/094).
    index("content_published_idx").on(t.publishedAt, t.id),
    // Gallery filtered by type (All/Videos/Audio) with the same keyset order.
    index("content_type_published_idx").on(t.type, t.publishedAt, t.id),
    // Gallery and search filtered by length band (docs/decisions/100), alone or with a type, in the same keyset
    // order. duration_ms is written once, with the item, so these are never re-keyed after publication.
    index("content_length_published_idx").on(sql.raw(LENGTH_BAND_SQL), t.publishedAt, t.id),
    index("content_type_length_published_idx").on(t.type, sql.raw(LENGTH_BAND_SQL), t.publishedAt, t.id),
    // The creator page, the following feed and the bell's merged uploads: a creator's items by publication.
    index("content_creator_published_idx").on(t.createdBy, t.publishedAt, t.id),
    // My Content (every item of the caller, published or not), moderation and per-creator reads.
    index("content_creator_created_idx").on(t.createdBy, t.createdAt, t.id),
    // The cron's publication of scheduled items whose time has come; partial, so only scheduled items are in it.
    index("content_publish_due_idx")
      .on(t.publishAt)
      .where(sql`${t.publishAt} is not null`),
    // The moderators' list of taken-down items, newest takedown first (GET /api/admin/moderation?status=removed);
    // partial, so visible items (nearly all) are not in it and the gallery's walks never pick it.
    index("content_removed_idx")
      .on(t.removedAt)
      .where(sql`${t.removedAt} is not null`),
    // The cron's media purge: deleted items whose objects are still stored, oldest deletion first. Partial, so
    // live items (nearly all) are not in it.
    index("content_purge_idx")
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null and ${t.mediaPurgedAt} is null`),
  ],
);

export const uploads = sqliteTable(
  "uploads",
  {
    // The R2 key the signed URL writes to.
    key: text("key").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["media", "thumbnail"] }).notNull(),
    contentType: text("content_type").notNull(),
    // The size the client announced and the token is bound to.
    size: integer("size").notNull(),
    // signed → uploading (one writer holds the claim) → uploaded (bytes stored, frozen) → finalized (used);
    // a failed write hands the claim back (uploading → signed) so the same signed URL can be retried.
    status: text("status", { enum: ["signed", "uploading", "uploaded", "finalized"] }).notNull(),
    // R2 multipart upload id for files above the multipart threshold.
    multipartUploadId: text("multipart_upload_id"),
    createdAt: text("created_at").notNull(),
    uploadedAt: text("uploaded_at"),
  },
  (t) => [
    // Serves the clean-up of abandoned uploads (signed long ago, never finalized).
    index("uploads_status_created_idx").on(t.status, t.createdAt),
    index("uploads_user_idx").on(t.userId),
  ],
);

export const likes = sqliteTable(
  "likes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    contentId: text("content_id")
      .notNull()
      .references(() => content.id, { onDelete: "cascade" }),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.contentId] }),
    // Co-occurrence ("people who liked this also liked") and like counts per item.
    index("likes_content_idx").on(t.contentId, t.userId),
  ],
);

// Parts of a multipart upload already stored in R2. The R2 binding cannot list them, and a client that
// lost its connection resumes from this list.
export const uploadParts = sqliteTable(
  "upload_parts",
  {
    key: text("key")
      .notNull()
      .references(() => uploads.key, { onDelete: "cascade" }),
    partNumber: integer("part_number").notNull(),
    etag: text("etag").notNull(),
    size: integer("size").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.partNumber] })],
);
