import type { PlaylistCreateBody, PlaylistEditBody } from "../../common/schemas/playlists";
import { api } from "./api";

// Typed calls for playlists and Watch later (docs/decisions/090). A member's Watch later has their own id.

export const getPlaylist = (id: string, signal?: AbortSignal) =>
  api.GET("/api/playlists/{id}", { params: { path: { id } }, signal });
export const getWatchLater = (signal?: AbortSignal) => api.GET("/api/me/watch-later", { signal });
export const listMyPlaylists = (contentId?: string, signal?: AbortSignal) =>
  api.GET("/api/me/playlists", { params: { query: { content_id: contentId } }, signal });
export const listPublicPlaylists = (userId: string, signal?: AbortSignal) =>
  api.GET("/api/users/{id}/playlists", { params: { path: { id: userId } }, signal });

export const createPlaylist = (body: PlaylistCreateBody) => api.POST("/api/playlists", { body });
export const editPlaylist = (id: string, body: PlaylistEditBody) =>
  api.PATCH("/api/playlists/{id}", { params: { path: { id } }, body });
export const deletePlaylist = (id: string) => api.DELETE("/api/playlists/{id}", { params: { path: { id } } });

/** Adds an item (at the end, or at `position`), or moves one already in the list to `position`. */
export const addToPlaylist = (id: string, contentId: string, position?: number) =>
  api.POST("/api/playlists/{id}/items", {
    params: { path: { id } },
    body: { content_id: contentId, ...(position === undefined ? {} : { position }) },
  });
export const removeFromPlaylist = (id: string, contentId: string) =>
  api.DELETE("/api/playlists/{id}/items/{contentId}", { params: { path: { id, contentId } } });
