import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { queryKeys } from "../lib/query-keys";
import { type DashboardMode, getTrafficDashboard, type TrafficRange } from "../lib/traffic-api";
import type { TrafficDashboard } from "../../common/schemas/traffic";
import { useUserId } from "../stores/auth";

export type TrafficDashboardState = {
  /** The answer for the current range, or while it loads the previous range's answer (kept on screen). */
  data: TrafficDashboard | null;
  /** A request for the current range is under way. */
  loading: boolean;
  /** The request for the current range failed. */
  failed: boolean;
};

/**
 * The traffic dashboard for `range`; a new range loads while the previous answer stays. A failure is
 * logged and reported as `failed` (docs/product-spec.md §8: the screen shows it in a red box).
 */
export function useTrafficDashboard(mode: DashboardMode, range: TrafficRange): TrafficDashboardState {
  // A creator's dashboard is their own traffic: keyed by user like all per-account data.
  const userId = useUserId();
  const dashboard = useQuery({
    queryKey: queryKeys.trafficDashboard(mode, userId, range),
    queryFn: ({ signal }) => getTrafficDashboard(mode, range, signal),
    placeholderData: keepPreviousData,
    meta: { failure: "Failed to fetch analytics data" },
  });
  return { data: dashboard.data ?? null, loading: dashboard.isFetching, failed: dashboard.isError };
}
