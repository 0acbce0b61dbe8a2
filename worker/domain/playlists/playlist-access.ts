import type { PlaylistRow } from "../../db/queries/playlists/playlists";
import { forbidden, notFound } from "../../lib/errors";

// Who may read and change a list (docs/decisions/090). A private list (Watch later always is) is its owner's
// alone; an unlisted or public one is anyone's who has its address; a suspended member's lists are hidden like
// their creator page (docs/decisions/027). Whoever may not read a list gets the 404 an unknown id gets, so an
// address never tells that a private list exists.

type Caller = { id: string } | null;

export const isOwner = (list: PlaylistRow, caller: Caller) => caller !== null && caller.id === list.ownerId;

export function readable(list: PlaylistRow | null, caller: Caller): PlaylistRow {
  if (!list) throw notFound("Playlist not found");
  if (isOwner(list, caller)) return list;
  if (list.visibility === "private" || list.ownerSuspended) throw notFound("Playlist not found");
  return list;
}

/** The owner's list, else 404 (cannot see it) or 403 (may see it, not change it). */
export function owned(list: PlaylistRow | null, caller: Caller): PlaylistRow {
  const seen = readable(list, caller);
  if (!isOwner(seen, caller)) throw forbidden("Only its owner can change this playlist", "not_owner");
  return seen;
}
