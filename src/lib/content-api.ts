import type { ContentEditBody, ThumbnailChangeBody } from "../../common/schemas/content";
import { api } from "./api";
import { trackEvent } from "./marketing-tags";
import type {
  ContentJson,
  ContentListResponse,
  ContentType,
  CreatorPageJson,
  FinalizeRequest,
  FinalizeResponse,
  LikeStatusResponse,
} from "./types";

// Typed calls for the content area of the API (docs/product-spec.md §7 "Content").

export type ContentQuery = { type?: ContentType; search?: string; creator?: string; cursor?: string | null };
/** A gallery list as a whole, before it is split into pages. */
export type ContentFeedQuery = Omit<ContentQuery, "cursor">;

export function listContent(query: ContentQuery = {}, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (query.type) params.set("type", query.type);
  if (query.search?.trim()) params.set("search", query.search.trim());
  if (query.creator) params.set("creator", query.creator);
  if (query.cursor) params.set("cursor", query.cursor);
  const qs = params.toString();
  return api<ContentListResponse>(`/api/content${qs ? `?${qs}` : ""}`, { signal });
}

export const getContent = (id: string, signal?: AbortSignal) =>
  api<ContentJson>(`/api/content/${encodeURIComponent(id)}`, { signal });

export const listMine = () => api<ContentListResponse>("/api/content/mine");
export const listLiked = () => api<ContentListResponse>("/api/content/liked");

export const likeStatus = (id: string) => api<LikeStatusResponse>(`/api/content/${id}/like-status`);
export const like = (id: string) =>
  api<LikeStatusResponse>(`/api/content/${id}/like`, { method: "POST" }).then((status) => {
    trackEvent("content_like", { content_id: id });
    return status;
  });
export const unlike = (id: string) => api<LikeStatusResponse>(`/api/content/${id}/like`, { method: "DELETE" });

export type ContentEdit = ContentEditBody;
export const updateContent = (id: string, edit: ContentEdit) =>
  api<ContentJson>(`/api/content/${id}`, { method: "PATCH", body: edit });
export const deleteContent = (id: string) => api<{ ok: true }>(`/api/content/${id}`, { method: "DELETE" });
export const setThumbnail = (id: string, thumbnailKey: string) =>
  api<ContentJson>(`/api/content/${id}/thumbnail`, { method: "PATCH", body: { thumbnail_key: thumbnailKey } satisfies ThumbnailChangeBody });

export const finalizeUpload = (body: FinalizeRequest) =>
  api<FinalizeResponse>("/api/content/finalize", { method: "POST", body }).then((created) => {
    trackEvent("content_upload", { content_id: created.id, content_type: body.type });
    return created;
  });

export const getCreator = (id: string, signal?: AbortSignal) =>
  api<CreatorPageJson>(`/api/users/${encodeURIComponent(id)}`, { signal });

/** Media URL for <video>/<audio> (needs the session cookie; answers Range requests). */
export const streamUrl = (id: string) => `/api/content/${id}/stream`;

