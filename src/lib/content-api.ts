import type {
  ContentEditBody,
  ThumbnailChangeBody,
  ContentType,
  ContentFinalizeBody,
  ContentLength,
  ContentSort,
  ContentUploaded,
} from "../../common/schemas/content";
import { api, apiUrl } from "./api";
import { trackEvent } from "./marketing-tags";

// Typed calls for the content area of the API (docs/product-spec.md §7 "Content").

export type ContentQuery = {
  type?: ContentType;
  search?: string;
  creator?: string;
  /** Sort and filters of the gallery and search (docs/decisions/100); left out, the server's defaults. */
  sort?: ContentSort;
  length?: ContentLength;
  uploaded?: ContentUploaded;
  cursor?: string | null;
};
/** A gallery list as a whole, before it is split into pages. */
export type ContentFeedQuery = Omit<ContentQuery, "cursor">;

export function listContent(query: ContentQuery = {}, signal?: AbortSignal) {
  // Empty values are left out of the query (a blank search lists everything).
  const { type, creator, sort, length, uploaded } = query;
  const search = query.search?.trim() || undefined;
  const cursor = query.cursor || undefined;
  return api.GET("/api/content", {
    params: { query: { type, search, creator: creator || undefined, sort, length, uploaded, cursor } },
    signal,
  });
}

export const getContent = (id: string, signal?: AbortSignal) =>
  api.GET("/api/content/{id}", { params: { path: { id } }, signal });

export const listMine = () => api.GET("/api/content/mine");
export const listLiked = () => api.GET("/api/content/liked");

export const likeStatus = (id: string) => api.GET("/api/content/{id}/like-status", { params: { path: { id } } });
export const like = (id: string) =>
  api.POST("/api/content/{id}/like", { params: { path: { id } } }).then((status) => {
    trackEvent("content_like", { content_id: id });
    return status;
  });
export const unlike = (id: string) => api.DELETE("/api/content/{id}/like", { params: { path: { id } } });

export type ContentEdit = ContentEditBody;
export const updateContent = (id: string, edit: ContentEdit) =>
  api.PATCH("/api/content/{id}", { params: { path: { id } }, body: edit });
export const deleteContent = (id: string) => api.DELETE("/api/content/{id}", { params: { path: { id } } });
export const setThumbnail = (id: string, thumbnailKey: string) =>
  api.PATCH("/api/content/{id}/thumbnail", {
    params: { path: { id } },
    body: { thumbnail_key: thumbnailKey } satisfies ThumbnailChangeBody,
  });

export const finalizeUpload = (body: ContentFinalizeBody) =>
  api.POST("/api/content/finalize", { body }).then((created) => {
    trackEvent("content_upload", { content_id: created.id, content_type: body.type });
    return created;
  });

export const getCreator = (id: string, signal?: AbortSignal) =>
  api.GET("/api/users/{id}", { params: { path: { id } }, signal });

/** Media URL for <video>/<audio> (needs the session cookie; answers Range requests). */
export const streamUrl = (id: string) => apiUrl("get", "/api/content/{id}/stream", { path: { id } });
/** The embed page's media (docs/decisions/099): played as a visitor, counted for nobody. */
export const embedMediaUrl = (id: string) => apiUrl("get", "/api/embed/{id}/media", { path: { id } });
