import type { NotificationGroup } from "../../common/notifications";
import type { NotificationsReadBody } from "../../common/schemas/notifications";
import { api } from "./api";

// Typed calls for following creators and the notification bell (docs/decisions/046).

export const follow = (creatorId: string) =>
  api.PUT("/api/creators/{id}/follow", { params: { path: { id: creatorId } } });
export const unfollow = (creatorId: string) =>
  api.DELETE("/api/creators/{id}/follow", { params: { path: { id: creatorId } } });

export const listFollowing = (cursor?: string | null) =>
  api.GET("/api/me/following", { params: { query: { cursor: cursor || undefined } } });
export const listFollowedUploads = (cursor?: string | null, limit = 12) =>
  api.GET("/api/me/following/uploads", { params: { query: { cursor: cursor || undefined, limit } } });
export const readFollowedUploads = (newestId: string) =>
  api.POST("/api/me/following/uploads/read", { body: { newest_id: newestId } });

export const getNotifications = (signal?: AbortSignal) => api.GET("/api/me/notifications", { signal });
export const markNotificationsRead = (body: NotificationsReadBody) => api.POST("/api/me/notifications/read", { body });
export const setMutedGroups = (muted: NotificationGroup[]) =>
  api.PUT("/api/me/notifications/settings", { body: { muted } });
