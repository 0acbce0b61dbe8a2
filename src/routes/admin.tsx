import type { ReactNode } from "react";
import { AdSettingsTab } from "../components/admin/ad-settings-tab";
import { AdminSummary } from "../components/admin/admin-summary";
import { AnalyticsTab } from "../components/admin/analytics-tab";
import { AuditTab } from "../components/admin/audit-tab";
import { ChallengesTab } from "../components/admin/challenges-tab";
import { EarningsLogTab } from "../components/admin/earnings-log-tab";
import { ManualTab } from "../components/admin/manual-tab";
import { ModerationTab } from "../components/admin/moderation-tab";
import { PaymentsTab } from "../components/admin/payments-tab";
import { ReviewsTab } from "../components/admin/reviews-tab";
import { UsersTab } from "../components/admin/users-tab";
import { Tabs, type TabItem } from "../components/tabs";
import { LazyAnalyticsDashboard } from "../components/traffic/lazy-analytics-dashboard";

// The dashboard's sections in the spec's order (§2 "Admin dashboard"), then fraud reviews, moderation and the
// audit log. Only the open tab is rendered, so each tab loads its data when it opens.
const sections: [label: string, panel: ReactNode][] = [
  ["Analytics", <AnalyticsTab />],
  ["Traffic", <LazyAnalyticsDashboard mode="admin" />],
  ["Earnings Log", <EarningsLogTab />],
  ["All Users", <UsersTab />],
  ["Ad Settings", <AdSettingsTab />],
  ["Sign-On Challenges", <ChallengesTab />],
  ["Manual Earnings", <ManualTab />],
  ["Payments", <PaymentsTab />],
  // docs/decisions/019: fraud flags on held view rewards.
  ["Reviews", <ReviewsTab />],
  // Issue 17: reported items, takedowns and suspensions.
  ["Moderation", <ModerationTab />],
  ["Audit", <AuditTab />],
];

const tabs: TabItem[] = sections.map(([label, panel]) => ({
  id: label.toLowerCase().replaceAll(" ", "-"),
  label,
  panel,
}));

function AdminPage() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Admin Dashboard</h1>
      <AdminSummary />
      <Tabs label="Admin sections" tabs={tabs} />
    </div>
  );
}

export { AdminPage as Component };
