import { api } from "./api";

// The caller's watch history (docs/decisions/045): where they left each item, newest first.

export type HistoryPageQuery = { cursor?: string | null; limit?: number; unfinished?: boolean };

export const getHistory = ({ cursor, limit, unfinished }: HistoryPageQuery = {}, signal?: AbortSignal) =>
  api.GET("/api/me/history", {
    params: { query: { cursor: cursor || undefined, limit, unfinished: unfinished ? "true" : undefined } },
    signal,
  });

/** Forgets one item; views and credits stay. */
export const forgetHistoryItem = (contentId: string) =>
  api.DELETE("/api/me/history/{contentId}", { params: { path: { contentId } } });

/** Forgets the whole history; views and credits stay. */
export const clearHistory = () => api.DELETE("/api/me/history");
