import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { content } from "./content";

// An item's WebVTT captions, one row per language (docs/decisions/049). The file itself is in R2 at `r2Key`, as
// common/captions.ts wrote it back (never the bytes that were sent); `searchText` is its cue text, which a
// trigger (migration 0021) copies into the search index's `captions` column with the item's other tracks.
export const contentCaptions = sqliteTable(
  "content_captions",
  {
    contentId: text("content_id")
      .notNull()
      .references(() => content.id, { onDelete: "cascade" }),
    // A BCP 47 tag in canonical case ("en", "pt-BR").
    lang: text("lang").notNull(),
    r2Key: text("r2_key").notNull(),
    size: integer("size").notNull(),
    cueCount: integer("cue_count").notNull(),
    searchText: text("search_text").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.lang] })],
);
