import { type Context, Hono } from "hono";
import { okOut, type OkResponse } from "../../common/schemas/ok";
import {
  myPlaylistsQuery,
  playlistCreateBody,
  playlistEditBody,
  playlistItemBody,
  playlistListOut,
  playlistOut,
} from "../../common/schemas/playlists";
import type { AppEnv, SignedInEnv } from "../app-env";
import {
  addPlaylistItem,
  createPlaylist,
  deletePlaylist,
  editPlaylist,
  removePlaylistItem,
} from "../domain/playlists/change-playlists";
import { getPlaylist, getWatchLater, myPlaylists, publicPlaylistsOf } from "../domain/playlists/read-playlists";
import { ID_PATTERN } from "../lib/ids";
import { validate } from "../lib/validate";
import { playlistWriteLimit } from "../middleware/rate-limit";
import { responds } from "../openapi/responds";
import { playlistJson, playlistListJson } from "./serializers/playlists";
import { thumbsOriginOf } from "./thumbnail-publication";

// Playlists and Watch later (docs/decisions/090). Reading a list is public (a private one answers 404 to all but
// its owner); the member's own lists need a session; making, filling and editing lists is a write of a member in
// good standing, while removing items and deleting a list is open to every signed-in member (a suspended member
// may still tidy up, as with unfollowing). Every write counts against one per-member limit.

const LIST = `/playlists/:id${ID_PATTERN}`;
const ITEM = `${LIST}/items/:contentId${ID_PATTERN}`;
const LIMITED = "429 past the caller's playlist limit (120 changes a minute, 1,000 an hour).";
const PLAYLIST = {
  schema: playlistOut,
  description:
    "The list and its items in order. Items deleted, taken down or by a suspended creator are left out (the owner sees how many in `unavailable_count`).",
};

const memberOf = (c: Context<SignedInEnv>) => ({ db: c.get("db"), actor: c.get("user") });

export const playlistPublicRoutes = new Hono<AppEnv>()
  .get(
    LIST,
    responds("Get a playlist", {
      200: {
        ...PLAYLIST,
        description: `${PLAYLIST.description} 404 for an unknown id and for another member's private list.`,
      },
    }),
    async (c) => {
      const list = await getPlaylist({
        ctx: { db: c.get("db"), actor: c.get("user") },
        input: { id: c.req.param("id") },
      });
      return c.json(playlistJson(list, thumbsOriginOf(c)), 200);
    },
  )
  .get(
    `/users/:id${ID_PATTERN}/playlists`,
    responds("List a creator's public playlists", {
      200: {
        description:
          "The member's public playlists, most recently changed first. 404 for an unknown or suspended member.",
        schema: playlistListOut,
      },
    }),
    async (c) => {
      const lists = await publicPlaylistsOf({
        ctx: { db: c.get("db"), actor: c.get("user") },
        input: { ownerId: c.req.param("id") },
      });
      return c.json(playlistListJson(lists, thumbsOriginOf(c)), 200);
    },
  );

export const playlistSignedInRoutes = new Hono<SignedInEnv>()
  .get(
    "/me/playlists",
    responds("List my playlists", {
      200: {
        description:
          "The caller's Watch later first, then their playlists, most recently changed first. With `content_id`, each says whether it holds that item (`has_item`).",
        schema: playlistListOut,
      },
    }),
    validate("query", myPlaylistsQuery),
    async (c) => {
      const lists = await myPlaylists({ ctx: memberOf(c), input: { contentId: c.req.valid("query").content_id } });
      return c.json(playlistListJson(lists, thumbsOriginOf(c)), 200);
    },
  )
  .get(
    "/me/watch-later",
    responds("Get my Watch later", {
      200: {
        ...PLAYLIST,
        description: `The caller's Watch later (a private list every member has). ${PLAYLIST.description}`,
      },
    }),
    async (c) => c.json(playlistJson(await getWatchLater({ ctx: memberOf(c), input: {} }), thumbsOriginOf(c)), 200),
  )
  .delete(
    LIST,
    responds("Delete a playlist", {
      200: {
        description: `The playlist and its items are gone (the items themselves stay). 400 (code watch_later_fixed) for Watch later; 404 for an unknown id or another member's private list; 403 for another member's list. ${LIMITED}`,
        schema: okOut,
      },
    }),
    playlistWriteLimit,
    async (c) => {
      await deletePlaylist({ ctx: memberOf(c), input: { id: c.req.param("id") } });
      return c.json({ ok: true } satisfies OkResponse, 200);
    },
  )
  .delete(
    ITEM,
    responds("Remove an item from a playlist", {
      200: {
        description: `The item is out of the list (also when it was not in it); the items after it move up one. 404/403 as for the list. ${LIMITED}`,
        schema: okOut,
      },
    }),
    playlistWriteLimit,
    async (c) => {
      await removePlaylistItem({
        ctx: memberOf(c),
        input: { playlistId: c.req.param("id"), contentId: c.req.param("contentId") },
      });
      return c.json({ ok: true } satisfies OkResponse, 200);
    },
  );

/** Written by a member in good standing: a suspended member makes and fills no lists (docs/decisions/027). */
export const playlistActiveRoutes = new Hono<SignedInEnv>()
  .post(
    "/playlists",
    responds("Create a playlist", {
      201: {
        ...PLAYLIST,
        description: `The new, empty playlist. 400 for a missing or too long title, a too long description or an unknown visibility; 409 (code too_many_playlists) past 100 playlists. ${LIMITED}`,
      },
    }),
    playlistWriteLimit,
    validate("json", playlistCreateBody),
    async (c) => {
      const ctx = memberOf(c);
      const id = await createPlaylist({ ctx, input: c.req.valid("json") });
      return c.json(playlistJson(await getPlaylist({ ctx, input: { id } }), thumbsOriginOf(c)), 201);
    },
  )
  .patch(
    LIST,
    responds("Edit a playlist", {
      200: {
        ...PLAYLIST,
        description: `The playlist as it is now. 400 (code watch_later_fixed) for Watch later; 404/403 as for reading it. ${LIMITED}`,
      },
    }),
    playlistWriteLimit,
    validate("json", playlistEditBody),
    async (c) => {
      const ctx = memberOf(c);
      const id = c.req.param("id");
      await editPlaylist({ ctx, input: { id, ...c.req.valid("json") } });
      return c.json(playlistJson(await getPlaylist({ ctx, input: { id } }), thumbsOriginOf(c)), 200);
    },
  )
  .post(
    `${LIST}/items`,
    responds("Add or move an item in a playlist", {
      200: {
        ...PLAYLIST,
        description: `The list as it is now: the item added at the end (or at \`position\`), or, already in the list, moved to \`position\`. The caller's own id names their Watch later. 404 for an unknown or unavailable item; 409 (code playlist_full) past 500 items. ${LIMITED}`,
      },
    }),
    playlistWriteLimit,
    validate("json", playlistItemBody),
    async (c) => {
      const ctx = memberOf(c);
      const id = c.req.param("id");
      const { content_id, position } = c.req.valid("json");
      await addPlaylistItem({ ctx, input: { playlistId: id, contentId: content_id, position } });
      return c.json(playlistJson(await getPlaylist({ ctx, input: { id } }), thumbsOriginOf(c)), 200);
    },
  );
