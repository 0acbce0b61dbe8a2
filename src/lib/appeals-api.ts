import type { AppealBody, AppealDecisionBody } from "../../common/schemas/appeals";
import { api } from "./api";

// Typed calls for appeals (docs/decisions/092): a member appeals an action against them; admins decide.

export const sendAppeal = (body: AppealBody) => api.POST("/api/appeals", { body });

export const getMyAppeals = (signal?: AbortSignal) => api.GET("/api/me/appeals", { signal });

/** Which appeals the Moderation tab lists: open ones, or decided ones. */
export type AppealFilter = "open" | "decided";

export const getAdminAppeals = (status: AppealFilter, signal?: AbortSignal) =>
  api.GET("/api/admin/appeals", { params: { query: { status } }, signal });

export const decideAppeal = (appealId: string, body: AppealDecisionBody) =>
  api.POST("/api/admin/appeals/{id}/decision", { params: { path: { id: appealId } }, body });
