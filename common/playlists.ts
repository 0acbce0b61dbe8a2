// Playlists and Watch later (docs/decisions/090): the limits the API enforces and the forms show, once.
export const PLAYLIST_TITLE_MAX = 100;
export const PLAYLIST_DESCRIPTION_MAX = 1000;
/** Items a list holds, Watch later included (unavailable items count until removed). */
export const PLAYLIST_ITEMS_MAX = 500;
/** Playlists a member may make, besides their Watch later. */
export const PLAYLISTS_PER_MEMBER_MAX = 100;

export const PLAYLIST_VISIBILITIES = ["public", "unlisted", "private"] as const;
export type PlaylistVisibility = (typeof PLAYLIST_VISIBILITIES)[number];
