import type {
  CommentModerationBody,
  CommentReportBody,
  ContentModerationBody,
  ContentReportBody,
  UserModerationBody,
} from "../../common/schemas/moderation";
import { api } from "./api";

// Typed calls for moderation (docs/decisions/027): a member reports an item; admins work the queue, take items down or
// restore them, and suspend members. Request bodies are the input types of the server's schemas.

/** 201 for a new report, 200 when it updated the caller's open report of the item (both answer the report). */
export const reportContent = (contentId: string, body: ContentReportBody) =>
  api.POST("/api/content/{id}/report", { params: { path: { id: contentId } }, body });

/** A comment's report (docs/decisions/095): 201 new, 200 when it updated the caller's open report of it. */
export const reportComment = (commentId: string, body: CommentReportBody) =>
  api.POST("/api/comments/{id}/report", { params: { path: { id: commentId } }, body });

/** Which items the Moderation tab lists: those with open reports, or those taken down. */
export type ModerationFilter = "open" | "removed";

export const getModerationQueue = (status: ModerationFilter, signal?: AbortSignal) =>
  api.GET("/api/admin/moderation", { params: { query: { status } }, signal });

export const moderateContent = (contentId: string, body: ContentModerationBody) =>
  api.POST("/api/admin/moderation/content/{id}", { params: { path: { id: contentId } }, body });

/** Dismiss a comment's reports, take it down or restore it; no money moves (docs/decisions/095). */
export const moderateComment = (commentId: string, body: CommentModerationBody) =>
  api.POST("/api/admin/moderation/comments/{id}", { params: { path: { id: commentId } }, body });

/** 403 for an admin account: admins are not suspended. */
export const moderateUser = (userId: string, body: UserModerationBody) =>
  api.POST("/api/admin/moderation/users/{id}", { params: { path: { id: userId } }, body });

export const getModerationMember = (userId: string, signal?: AbortSignal) =>
  api.GET("/api/admin/moderation/users/{id}", { params: { path: { id: userId } }, signal });

/** Clears a member's bio, links, avatar and banner (docs/decisions/091), audited; not a suspension. */
export const clearMemberProfile = (userId: string) =>
  api.DELETE("/api/admin/moderation/users/{id}/profile", { params: { path: { id: userId } } });
