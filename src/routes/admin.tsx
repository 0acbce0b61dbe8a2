import { useState, type ReactNode } from "react";
import { AdSettingsTab } from "../components/admin/ad-settings-tab";
import { AdminSummary } from "../components/admin/admin-summary";
import { AnalyticsTab } from "../components/admin/analytics-tab";
import { AuditTab } from "../components/admin/audit-tab";
import { ChallengesTab } from "../components/admin/challenges-tab";
import { DataTab } from "../components/admin/data-tab";
import { EarningsLogTab } from "../components/admin/earnings-log-tab";
import { ManualTab } from "../components/admin/manual-tab";
import { ModerationTab } from "../components/admin/moderation-tab";
import { PaymentsTab } from "../components/admin/payments-tab";
import { ReviewsTab } from "../components/admin/reviews-tab";
import { UsersTab } from "../components/admin/users-tab";
import { Tabs, type TabItem } from "../components/tabs";
import { LazyTrafficDashboard } from "../components/traffic/lazy-traffic-dashboard";

/** Under the Traffic dashboard: its raw visits past the window are in the archive (docs/decisions/051). */
function ArchivedVisitsNote({ openData }: { openData: () => void }) {
  return (
    <p className="mt-6 text-sm text-slate-400">
      Older visits are archived: see{" "}
      <button
        type="button"
        onClick={openData}
        className="text-violet-300 underline underline-offset-2 hover:text-violet-200 focus-visible:outline-2 focus-visible:outline-violet-400"
      >
        Data
      </button>
    </p>
  );
}

// The dashboard's sections in the spec's order (§2 "Admin dashboard"), then fraud reviews, moderation, the
// audit log and the data lifecycle. Only the open tab is rendered, so each tab loads its data when it opens.
const sectionsOf = (openData: () => void): [label: string, panel: ReactNode][] => [
  ["Analytics", <AnalyticsTab />],
  [
    "Traffic",
    <>
      <LazyTrafficDashboard mode="admin" />
      <ArchivedVisitsNote openData={openData} />
    </>,
  ],
  ["Earnings Log", <EarningsLogTab />],
  ["All Users", <UsersTab />],
  ["Ad Settings", <AdSettingsTab />],
  ["Sign-On Challenges", <ChallengesTab />],
  ["Manual Earnings", <ManualTab />],
  ["Payments", <PaymentsTab />],
  // docs/decisions/019: fraud flags on held view rewards.
  ["Reviews", <ReviewsTab />],
  // docs/decisions/027: reported items, takedowns and suspensions.
  ["Moderation", <ModerationTab />],
  ["Audit", <AuditTab />],
  // How long traffic rows stay in the database, and the archived days (docs/decisions/051).
  ["Data", <DataTab />],
];

const tabId = (label: string) => label.toLowerCase().replaceAll(" ", "-");

function AdminPage() {
  const [selected, setSelected] = useState(tabId("Analytics"));
  const tabs: TabItem[] = sectionsOf(() => setSelected(tabId("Data"))).map(([label, panel]) => ({
    id: tabId(label),
    label,
    panel,
  }));
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Admin Dashboard</h1>
      <AdminSummary />
      <Tabs label="Admin sections" tabs={tabs} selectedId={selected} onSelect={setSelected} />
    </div>
  );
}

export { AdminPage as Component };
