import { useEffect, useState } from "react";
import { api, describeFailure } from "../lib/api";
import type { TrafficDashboard } from "../lib/types";

export type TrafficRange = "1d" | "7d" | "30d" | "90d";
export type DashboardMode = "admin" | "creator";

export type TrafficDashboardState = {
  /** The answer for the current range, or while it loads the previous range's answer (kept on screen). */
  data: TrafficDashboard | null;
  /** A request for the current range is under way. */
  loading: boolean;
  /** The request for the current range failed. */
  failed: boolean;
};

/** Admins see the whole site; everyone else the traffic to their own content and creator page. */
export const dashboardUrl = (mode: DashboardMode, range: TrafficRange) =>
  `/api/${mode === "admin" ? "admin/" : ""}analytics/dashboard?range=${range}` as const;

type Settled = { key: string; data: TrafficDashboard | null };

/**
 * The traffic dashboard for `range`; a new range refetches and drops answers to the old one. A failure is
 * logged and reported as `failed` (docs/product-spec.md §8: the screen shows it in a red box).
 */
export function useTrafficDashboard(mode: DashboardMode, range: TrafficRange): TrafficDashboardState {
  const key = `${mode}:${range}`;
  const [settled, setSettled] = useState<Settled | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api<TrafficDashboard>(dashboardUrl(mode, range), { signal: controller.signal }).then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ key, data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(describeFailure("Failed to fetch analytics data", error));
        setSettled({ key, data: null });
      },
    );
    return () => controller.abort();
  }, [key, mode, range]);

  const current = settled?.key === key;
  return { data: settled?.data ?? null, loading: !current, failed: current && settled.data === null };
}
