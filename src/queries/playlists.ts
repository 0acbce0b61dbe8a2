import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { PlaylistJson } from "../../common/schemas/playlists";
import { getPlaylist, getWatchLater, listMyPlaylists, listPublicPlaylists } from "../lib/playlists-api";
import { queryKeys } from "../lib/query-keys";
import { useUserId } from "../stores/auth";
import { orNotFound } from "./content";

// Playlists and Watch later (docs/decisions/090). Watch later is read by its own call (its id is the member's)
// and cached under that id, so a card's one-click button and the list's page share one answer.

/** One list; null when the API answered 404 (unknown, or another member's private list). No id: nothing asked. */
export function usePlaylist(id: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: queryKeys.playlist(userId, id),
    queryFn: ({ signal }) => orNotFound(getPlaylist(id, signal)),
    enabled: id !== "",
    meta: { failure: "Failed to load playlist" },
  });
}

/** The signed-in member's Watch later (disabled for visitors). */
export function useWatchLater() {
  const userId = useUserId();
  return useQuery({
    queryKey: queryKeys.playlist(userId, userId ?? ""),
    queryFn: ({ signal }) => getWatchLater(signal),
    enabled: !!userId,
    staleTime: 30_000,
    meta: { failure: "Failed to load Watch later" },
  });
}

/** The member's lists; with `contentId`, whether each holds that item (the Save dialog). */
export function useMyPlaylists(contentId?: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: queryKeys.myPlaylists(userId, contentId),
    queryFn: ({ signal }) => listMyPlaylists(contentId, signal).then(({ items }) => items),
    enabled: !!userId,
    meta: { failure: "Failed to load your playlists" },
  });
}

/** A creator page's public lists. */
export function usePublicPlaylists(creatorId: string) {
  return useQuery({
    queryKey: queryKeys.publicPlaylists(creatorId),
    // The creator page itself says when a creator is unknown: the lists then are simply none.
    queryFn: ({ signal }) => orNotFound(listPublicPlaylists(creatorId, signal).then(({ items }) => items)),
    meta: { failure: "Failed to load playlists" },
  });
}

/** Puts a list as it is now (shown at once, or the server's answer) in the cache of its page. */
export function useSetPlaylist(id: string) {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return (list: PlaylistJson) => queryClient.setQueryData(queryKeys.playlist(userId, id), list);
}

/** After any change to a list: every list, the member's lists and creator pages' lists load again. */
export function useRefreshPlaylists() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ["playlist"] }),
      queryClient.invalidateQueries({ queryKey: ["my-playlists"] }),
      queryClient.invalidateQueries({ queryKey: ["public-playlists"] }),
    ]);
}
