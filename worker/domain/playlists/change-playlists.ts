import { PLAYLIST_ITEMS_MAX, PLAYLISTS_PER_MEMBER_MAX, type PlaylistVisibility } from "../../../common/playlists";
import {
  deleteItem,
  deletePlaylist as deletePlaylistRows,
  ensureWatchLater,
  findPlaylist,
  insertItem,
  insertPlaylist,
  itemPlace,
  moveItem,
  updatePlaylist,
} from "../../db/queries/playlists/playlists";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/time";
import type { MemberCall } from "../member-context";
import { owned } from "./playlist-access";

// Changing lists (docs/decisions/090). Only the owner changes a list; Watch later can be filled and emptied but
// never renamed or deleted. Nothing here reads or writes a view, an earning or a watch session: a list only
// says what to open next, and what plays is counted and paid as any other playback.

export async function createPlaylist({
  ctx,
  input,
}: MemberCall<{ title: string; description: string; visibility: PlaylistVisibility }>) {
  const id = newId();
  const made = await insertPlaylist(ctx.db, { id, ownerId: ctx.actor.id, ...input, now: nowIso() });
  if (!made) {
    throw conflict(
      `You have ${PLAYLISTS_PER_MEMBER_MAX} playlists, the most one can have. Delete one to make another.`,
      "too_many_playlists",
    );
  }
  return id;
}

/** The owner's list by id; the member's own Watch later is made first when asked for by its id (theirs). */
async function ownedList(ctx: MemberCall<unknown>["ctx"], id: string) {
  if (id === ctx.actor.id) await ensureWatchLater(ctx.db, id, nowIso());
  return owned(await findPlaylist(ctx.db, id), ctx.actor);
}

const watchLaterIsFixed = () => badRequest("Watch later cannot be renamed or deleted", "watch_later_fixed");

export async function editPlaylist({
  ctx,
  input,
}: MemberCall<{ id: string; title?: string; description?: string; visibility?: PlaylistVisibility }>) {
  const list = await ownedList(ctx, input.id);
  if (list.kind === "watch_later") throw watchLaterIsFixed();
  await updatePlaylist(ctx.db, { ...input, now: nowIso() });
}

export async function deletePlaylist({ ctx, input }: MemberCall<{ id: string }>) {
  const list = await ownedList(ctx, input.id);
  if (list.kind === "watch_later") throw watchLaterIsFixed();
  await deletePlaylistRows(ctx.db, list.id);
}

/**
 * Adds an item (at the end, or at `position`), or moves one already in the list to `position`. Only items
 * anyone may open can be added; one already in the list may be moved even if it has since become unavailable.
 */
export async function addPlaylistItem({
  ctx,
  input,
}: MemberCall<{ playlistId: string; contentId: string; position?: number }>) {
  const list = await ownedList(ctx, input.playlistId);
  const place = await itemPlace(ctx.db, list.id, input.contentId);
  const now = nowIso();
  if (place.position !== null) {
    if (input.position === undefined) return;
    const to = Math.min(input.position, place.count - 1);
    if (to !== place.position) {
      await moveItem(ctx.db, { playlistId: list.id, contentId: input.contentId, from: place.position, to, now });
    }
    return;
  }
  if (!place.addable) throw notFound("Content not found");
  if (place.count >= PLAYLIST_ITEMS_MAX) throw playlistFull();
  const added = await insertItem(ctx.db, {
    playlistId: list.id,
    contentId: input.contentId,
    position: input.position ?? PLAYLIST_ITEMS_MAX,
    now,
  });
  // Refused by the batch's own guard: another request filled the list in between.
  if (!added && (await itemPlace(ctx.db, list.id, input.contentId)).position === null) throw playlistFull();
}

const playlistFull = () =>
  conflict(
    `This playlist has ${PLAYLIST_ITEMS_MAX} items, the most a list can hold. Remove one to add another.`,
    "playlist_full",
  );

/** Removes an item; removing one that is not in the list changes nothing. */
export async function removePlaylistItem({ ctx, input }: MemberCall<{ playlistId: string; contentId: string }>) {
  const list = await ownedList(ctx, input.playlistId);
  await deleteItem(ctx.db, { playlistId: list.id, contentId: input.contentId, now: nowIso() });
}
