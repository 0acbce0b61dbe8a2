import type { TrafficDashboard } from "../../../common/schemas/traffic";
import { SharePie, VisitorsBar } from "./charts";
import { Panel } from "./dashboard-parts";
import { sourceLabel } from "./traffic-format";

/** Traffic Sources (docs/product-spec.md §2): a pie of visitors per source and a bar chart of the same. */
export function SourcesTab({ sources }: { sources: TrafficDashboard["overview"]["topSources"] }) {
  const slices = sources.map((s) => ({ label: sourceLabel(s.source), value: s.visitors }));
  return (
    <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
      <Panel title="Visitors by Source">
        <SharePie slices={slices} label="Share of visitors per traffic source" />
      </Panel>
      <Panel title="Visitors per Source">
        <VisitorsBar slices={slices} label="Visitors per traffic source" />
      </Panel>
    </div>
  );
}
