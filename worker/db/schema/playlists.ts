import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { content } from "./content";
import { users } from "./users";

// Playlists and Watch later (docs/decisions/090). A playlist is a member's preference, like a follow: no money
// rule reads it, so removing an item or a playlist deletes its rows.
export const playlists = sqliteTable(
  "playlists",
  {
    // A ULID; a member's Watch later has the member's own id, so the primary key alone keeps it one per member
    // and it is made on first use without a read (docs/decisions/090).
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["playlist", "watch_later"] }).notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    visibility: text("visibility", { enum: ["public", "unlisted", "private"] }).notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    check("playlists_kind_check", sql`${t.kind} in ('playlist', 'watch_later')`),
    check("playlists_visibility_check", sql`${t.visibility} in ('public', 'unlisted', 'private')`),
    // GET /api/me/playlists and a creator page's public playlists: a member's lists (100 at most).
    index("playlists_owner_idx").on(t.ownerId),
  ],
);

export const playlistItems = sqliteTable(
  "playlist_items",
  {
    playlistId: text("playlist_id")
      .notNull()
      .references(() => playlists.id, { onDelete: "cascade" }),
    contentId: text("content_id")
      .notNull()
      .references(() => content.id),
    // 0-based and dense: a move or a removal renumbers only the items between (docs/decisions/090). Not indexed:
    // a list (500 items at most) is read whole by the primary key and sorted, and a move writes no index entries.
    position: integer("position").notNull(),
    addedAt: text("added_at").notNull(),
  },
  // An item is in a list once; the key also serves every read of a list's items (playlist_id = ?).
  (t) => [primaryKey({ columns: [t.playlistId, t.contentId] })],
);
