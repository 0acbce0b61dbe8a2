import type { CommentSort } from "../../common/comments";
import type { CommentCreateBody } from "../../common/schemas/comments";
import { api } from "./api";

// Typed calls for comments under items (docs/decisions/093).

export const listComments = (contentId: string, sort: CommentSort, cursor?: string | null, signal?: AbortSignal) =>
  api.GET("/api/content/{id}/comments", {
    params: { path: { id: contentId }, query: { sort, cursor: cursor || undefined } },
    signal,
  });
/** A page of one top comment's replies, oldest first. */
export const listReplies = (contentId: string, parentId: string, cursor?: string | null) =>
  api.GET("/api/content/{id}/comments", {
    params: { path: { id: contentId }, query: { parent_id: parentId, cursor: cursor || undefined } },
  });
export const postComment = (contentId: string, body: CommentCreateBody) =>
  api.POST("/api/content/{id}/comments", { params: { path: { id: contentId } }, body });
export const editComment = (id: string, text: string) =>
  api.PATCH("/api/comments/{id}", { params: { path: { id } }, body: { text } });
export const deleteComment = (id: string) => api.DELETE("/api/comments/{id}", { params: { path: { id } } });
export const pinComment = (id: string, pinned: boolean) =>
  pinned
    ? api.PUT("/api/comments/{id}/pin", { params: { path: { id } } })
    : api.DELETE("/api/comments/{id}/pin", { params: { path: { id } } });
