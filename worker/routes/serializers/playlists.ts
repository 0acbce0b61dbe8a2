import type { PlaylistJson, PlaylistListJson } from "../../../common/schemas/playlists";
import type { ContentRow } from "../../db/queries/content/content";
import type { PlaylistSummaryRow } from "../../db/queries/playlists/playlists";
import type { getPlaylist } from "../../domain/playlists/read-playlists";
import { contentJson, type ThumbsOrigin } from "./content";

type Summary = PlaylistSummaryRow & { first: ContentRow | null };

const summaryJson = (list: Summary, thumbsOrigin: ThumbsOrigin) => ({
  id: list.id,
  kind: list.kind,
  title: list.title,
  description: list.description,
  visibility: list.visibility,
  item_count: Number(list.itemCount),
  thumbnail_url: list.first ? contentJson(list.first, thumbsOrigin).thumbnail_url : null,
  updated_at: list.updatedAt,
  ...(list.hasItem === null ? {} : { has_item: Boolean(list.hasItem) }),
});

export const playlistListJson = (lists: Summary[], thumbsOrigin: ThumbsOrigin): PlaylistListJson => ({
  items: lists.map((list) => summaryJson(list, thumbsOrigin)),
});

export function playlistJson(p: Awaited<ReturnType<typeof getPlaylist>>, thumbsOrigin: ThumbsOrigin): PlaylistJson {
  const items = p.items.map((row) => ({
    content: contentJson(row, thumbsOrigin),
    position: Number(row.position),
    added_at: row.addedAt,
  }));
  return {
    id: p.list.id,
    kind: p.list.kind,
    title: p.list.title,
    description: p.list.description,
    visibility: p.list.visibility,
    item_count: items.length,
    thumbnail_url: items[0]?.content.thumbnail_url ?? null,
    updated_at: p.list.updatedAt,
    owner_id: p.list.ownerId,
    owner_name: p.list.ownerName,
    is_owner: p.isOwner,
    unavailable_count: p.unavailableCount,
    created_at: p.list.createdAt,
    items,
  };
}
