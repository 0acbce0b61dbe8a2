import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { content } from "./content";

// An item's seek previews (docs/decisions/102): one JPEG sprite of small frames, laid out left to right and top to
// bottom, frame i showing the item at i × intervalMs. At most one per item; the image is in R2 at `r2Key`
// (storyboards/{content_id}/…, a copy the server made of the member's checked upload). `width` and `height` are the
// image's own, read from its JPEG header when it was attached.
export const contentStoryboards = sqliteTable("content_storyboards", {
  contentId: text("content_id")
    .primaryKey()
    .references(() => content.id, { onDelete: "cascade" }),
  r2Key: text("r2_key").notNull(),
  intervalMs: integer("interval_ms").notNull(),
  columns: integer("columns").notNull(),
  rows: integer("rows").notNull(),
  frameWidth: integer("frame_width").notNull(),
  frameHeight: integer("frame_height").notNull(),
  count: integer("count").notNull(),
  size: integer("size").notNull(),
  createdBy: text("created_by").notNull(),
  updatedAt: text("updated_at").notNull(),
});
