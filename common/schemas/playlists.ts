import { z } from "zod";
import { ID_REGEX } from "../ids";
import { PLAYLIST_DESCRIPTION_MAX, PLAYLIST_ITEMS_MAX, PLAYLIST_TITLE_MAX, PLAYLIST_VISIBILITIES } from "../playlists";
import { contentOut } from "./content";
import { memberText } from "./text";

// Playlists and Watch later (docs/decisions/090). Messages name the field (docs/product-spec.md §8).

const title = memberText({ label: "Title", min: 1, max: PLAYLIST_TITLE_MAX });
const description = memberText({ label: "Description", max: PLAYLIST_DESCRIPTION_MAX, multiline: true });
const visibility = z.enum(PLAYLIST_VISIBILITIES, "Visibility must be public, unlisted or private");

/** POST /api/playlists. */
export const playlistCreateBody = z.object({ title, description: description.default(""), visibility });
export type PlaylistCreateBody = z.input<typeof playlistCreateBody>;

/** PATCH /api/playlists/{id}: any of the three; a field left out stays as it is. */
export const playlistEditBody = z
  .object({ title: title.optional(), description: description.optional(), visibility: visibility.optional() })
  .refine((b) => b.title !== undefined || b.description !== undefined || b.visibility !== undefined, {
    message: "Nothing to change: send a title, a description or a visibility",
  });
export type PlaylistEditBody = z.input<typeof playlistEditBody>;

/**
 * POST /api/playlists/{id}/items: adds the item (at the end, or at `position`, 0 the first); an item already in
 * the list moves to `position`, or stays where it is without one.
 */
export const playlistItemBody = z.object({
  content_id: z.string("content_id is required").regex(ID_REGEX, "content_id must be a content id"),
  position: z
    .number("position must be a number")
    .int("position must be a whole number")
    .min(0, "position must be at least 0")
    .max(PLAYLIST_ITEMS_MAX - 1, `position must be at most ${PLAYLIST_ITEMS_MAX - 1}`)
    .optional(),
});

/** GET /api/me/playlists: with `content_id`, each list says whether it holds that item (the Save dialog). */
export const myPlaylistsQuery = z.object({
  content_id: z.string().regex(ID_REGEX, "content_id must be a content id").optional(),
});

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

const playlistSummaryOut = z.object({
  id: z.string(),
  kind: z.enum(["playlist", "watch_later"]),
  title: z.string(),
  description: z.string(),
  visibility: z.enum(PLAYLIST_VISIBILITIES),
  /** Items anyone may open now; unavailable ones are not counted. */
  item_count: z.number().int(),
  /** The first such item's thumbnail, or null. */
  thumbnail_url: z.string().nullable(),
  updated_at: z.string(),
  /** Only with `content_id` in the query: whether the list holds that item. */
  has_item: z.boolean().optional(),
});
export type PlaylistSummaryJson = z.output<typeof playlistSummaryOut>;

/** GET /api/me/playlists (Watch later first) and GET /api/users/{id}/playlists (public ones only). */
export const playlistListOut = z.object({ items: z.array(playlistSummaryOut) });
export type PlaylistListJson = z.output<typeof playlistListOut>;

const playlistEntryOut = z.object({
  content: contentOut,
  /** Its place in the stored order (0 the first); send a neighbour's to move an item next to it. */
  position: z.number().int(),
  added_at: z.string(),
});

/** GET /api/playlists/{id} and GET /api/me/watch-later: the list and its items in order. */
export const playlistOut = playlistSummaryOut.extend({
  owner_id: z.string(),
  owner_name: z.string(),
  /** Whether the caller owns it (may edit, reorder, remove). */
  is_owner: z.boolean(),
  /** To the owner only: items deleted, taken down or by a suspended creator, kept in place but not shown. */
  unavailable_count: z.number().int(),
  created_at: z.string(),
  items: z.array(playlistEntryOut),
});
export type PlaylistJson = z.output<typeof playlistOut>;
