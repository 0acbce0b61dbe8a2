import {
  contentRowsByIds,
  ensureWatchLater,
  findPlaylist,
  listPlaylistItems,
  listPlaylistsOf,
  ownerStanding,
} from "../../db/queries/playlists/playlists";
import { notFound } from "../../lib/errors";
import { nowIso } from "../../lib/time";
import type { MemberCall, ReaderCall } from "../member-context";
import { isOwner, readable } from "./playlist-access";

// Reading lists (docs/decisions/090). Unavailable items (deleted, taken down, by a suspended creator) keep their
// place but are left out of every answer; the owner is told how many there are.

/** One list with its shown items, to whoever may read it. */
export async function getPlaylist({ ctx, input }: ReaderCall<{ id: string }>) {
  const list = readable(await findPlaylist(ctx.db, input.id), ctx.actor);
  const rows = await listPlaylistItems(ctx.db, list.id);
  const items = rows.filter((row) => row.available);
  return {
    list,
    items,
    isOwner: isOwner(list, ctx.actor),
    unavailableCount: isOwner(list, ctx.actor) ? rows.length - items.length : 0,
  };
}

/** The member's Watch later, made on first use: every member has one from the start. */
export async function getWatchLater({ ctx }: MemberCall<object>) {
  await ensureWatchLater(ctx.db, ctx.actor.id, nowIso());
  return getPlaylist({ ctx: { db: ctx.db, actor: { id: ctx.actor.id, isAdmin: false } }, input: { id: ctx.actor.id } });
}

async function summaries(db: MemberCall<object>["ctx"]["db"], o: Parameters<typeof listPlaylistsOf>[1]) {
  const lists = await listPlaylistsOf(db, o);
  const firsts = await contentRowsByIds(db, [...new Set(lists.flatMap((l) => l.firstContentId ?? []))]);
  const byId = new Map(firsts.map((row) => [row.id, row]));
  return lists.map((list) => ({
    ...list,
    first: list.firstContentId ? (byId.get(list.firstContentId) ?? null) : null,
  }));
}

/** The member's own lists, Watch later first; with `contentId`, whether each holds it (the Save dialog). */
export async function myPlaylists({ ctx, input }: MemberCall<{ contentId?: string }>) {
  await ensureWatchLater(ctx.db, ctx.actor.id, nowIso());
  return summaries(ctx.db, { ownerId: ctx.actor.id, publicOnly: false, contentId: input.contentId ?? null });
}

/** A creator page's public lists; none for a suspended or unknown member (their page is hidden too). */
export async function publicPlaylistsOf({ ctx, input }: ReaderCall<{ ownerId: string }>) {
  const owner = await ownerStanding(ctx.db, input.ownerId);
  if (!owner || (owner.suspended && ctx.actor?.id !== input.ownerId)) throw notFound("Creator not found");
  return summaries(ctx.db, { ownerId: input.ownerId, publicOnly: true, contentId: null });
}
