import { lazy, Suspense } from "react";
import type { DashboardMode } from "../../lib/traffic-api";
import { PageSpinner } from "../spinner";

// The dashboard's code is fetched when its tab first opens, so the profile page's first load stays small.
const TrafficDashboard = lazy(() => import("./traffic-dashboard").then((m) => ({ default: m.TrafficDashboard })));

export function LazyTrafficDashboard({ mode }: { mode: DashboardMode }) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <TrafficDashboard mode={mode} />
    </Suspense>
  );
}
