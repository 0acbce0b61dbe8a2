import { api } from "./api";

// Typed calls for the traffic analytics dashboard (docs/product-spec.md §2 "Analytics dashboard").

export type TrafficRange = "1d" | "7d" | "30d" | "90d";
export type DashboardMode = "admin" | "creator";

/** Admins see the whole site; everyone else the traffic to their own content and creator page. */
export const getTrafficDashboard = (mode: DashboardMode, range: TrafficRange, signal?: AbortSignal) =>
  mode === "admin"
    ? api.GET("/api/admin/analytics/dashboard", { params: { query: { range } }, signal })
    : api.GET("/api/analytics/dashboard", { params: { query: { range } }, signal });
