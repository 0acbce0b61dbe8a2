import { Tabs } from "../tabs";
import { manualBonuses, manualEarnings } from "./manual-kinds";
import { ManualList } from "./manual-list";

/** Manual Earnings tab (docs/product-spec.md §2): two lists, each with add, edit (amount only) and delete. */
export function ManualTab() {
  return (
    <Tabs
      label="Manual records"
      tabs={[
        { id: "earnings", label: "Manual Earnings", panel: <ManualList kind={manualEarnings} /> },
        { id: "bonuses", label: "Manual Bonuses", panel: <ManualList kind={manualBonuses} /> },
      ]}
    />
  );
}
