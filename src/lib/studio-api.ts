import type { ContentStatsJson, StatsRange } from "../../common/schemas/studio";
import { api } from "./api";

// The creator studio (docs/decisions/048): one item's stats, for its creator and admins.

export type { ContentStatsJson, StatsRange };

export const getContentStats = (id: string, range: StatsRange, signal?: AbortSignal) =>
  api.GET("/api/content/{id}/stats", { params: { path: { id }, query: { range } }, signal });
