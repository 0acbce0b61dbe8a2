import type { ProfileChangeBody } from "../../common/schemas/users";
import { api } from "./api";

// Typed calls for the member's creator profile (docs/decisions/091).

export type ProfileImageSlot = "avatar" | "banner";

export const getMyProfile = (signal?: AbortSignal) => api.GET("/api/users/me/profile", { signal });
export const saveProfile = (body: ProfileChangeBody) => api.PATCH("/api/users/me/profile", { body });

export const setProfileImage = (slot: ProfileImageSlot, imageKey: string) =>
  slot === "avatar"
    ? api.PUT("/api/users/me/avatar", { body: { image_key: imageKey } })
    : api.PUT("/api/users/me/banner", { body: { image_key: imageKey } });

export const removeProfileImage = (slot: ProfileImageSlot) =>
  slot === "avatar" ? api.DELETE("/api/users/me/avatar") : api.DELETE("/api/users/me/banner");
