import { lazy, Suspense } from "react";
import type { DashboardMode } from "../../lib/traffic-api";
import { PageSpinner } from "../spinner";

// The dashboard's code is fetched when its tab first opens, so the profile page's first load stays small.
const AnalyticsDashboard = lazy(() => import("./analytics-dashboard").then((m) => ({ default: m.AnalyticsDashboard })));

export function LazyAnalyticsDashboard({ mode }: { mode: DashboardMode }) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <AnalyticsDashboard mode={mode} />
    </Suspense>
  );
}
