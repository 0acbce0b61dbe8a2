import type { TrafficDashboard } from "../../../common/schemas/traffic";
import { SharePie } from "./charts";
import { Panel, ShareList } from "./dashboard-parts";
import { deviceBreakdown, deviceLabel } from "./traffic-format";

/** Devices (docs/product-spec.md §2): a pie and the breakdown per device type with visitors and percentage. */
export function DevicesTab({ devices }: { devices: TrafficDashboard["devices"] }) {
  const rows = deviceBreakdown(devices).map((d) => ({
    key: d.type,
    label: deviceLabel(d.type),
    visitors: d.visitors,
    percentage: d.percentage,
  }));
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Panel title="Visitors by Device">
        <SharePie
          slices={rows.map((r) => ({ label: r.label, value: r.visitors }))}
          label="Share of visitors per device type"
        />
      </Panel>
      <Panel title="Device Breakdown">
        <ShareList label="Device Breakdown" rows={rows} />
      </Panel>
    </div>
  );
}
