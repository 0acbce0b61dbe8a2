import { lazy, Suspense, type ComponentProps, type ReactNode } from "react";

// chart.js and its React bindings arrive only when a chart is first shown (docs/architecture.md §6: charts load
// lazily); the three charts share one chunk.
const load = () => import("./traffic-charts");
const LazyVisits = lazy(() => load().then((m) => ({ default: m.VisitsChart })));
const LazyPie = lazy(() => load().then((m) => ({ default: m.SharePie })));
const LazyBar = lazy(() => load().then((m) => ({ default: m.VisitorsBar })));

function ChartFrame({ children, height = "h-72" }: { children: ReactNode; height?: string }) {
  return (
    <div className={`relative ${height}`}>
      <Suspense fallback={<div className="h-full animate-pulse rounded-xl bg-slate-800/40" aria-hidden="true" />}>
        {children}
      </Suspense>
    </div>
  );
}

export const VisitsChart = (props: ComponentProps<typeof LazyVisits>) => (
  <ChartFrame>
    <LazyVisits {...props} />
  </ChartFrame>
);
export const SharePie = (props: ComponentProps<typeof LazyPie>) => (
  <ChartFrame height="h-64">
    <LazyPie {...props} />
  </ChartFrame>
);
export const VisitorsBar = (props: ComponentProps<typeof LazyBar>) => (
  <ChartFrame>
    <LazyBar {...props} />
  </ChartFrame>
);
