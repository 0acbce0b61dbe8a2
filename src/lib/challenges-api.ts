import { api } from "./api";

// Typed calls for the sign-on challenges a member sees (docs/product-spec.md §2 "Challenge panel", §7).

export const getChallengeProgress = (signal?: AbortSignal) => api.GET("/api/challenges/progress", { signal });
