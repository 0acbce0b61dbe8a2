import { Tabs, type TabItem } from "../components/tabs";
import { card } from "../components/ui";

// The dashboard's sections (spec §2 "Admin dashboard"), each described as admins will use it.
const sections: [label: string, upcoming: string][] = [
  ["Analytics", "the most popular content, top earning creators, how people find content and the most active viewers"],
  ["Traffic", "visitors, page views, traffic sources, devices and campaigns"],
  ["Earnings Log", "the earnings calendar across all users"],
  ["All Users", "every user with their uploads and balances"],
  ["Ad Settings", "pre-roll and post-roll ads and the ad server address"],
  ["Sign-On Challenges", "creating and editing challenges, and the bonuses they have awarded"],
  ["Manual Earnings", "adding, editing and removing manual earnings and bonuses"],
  ["Payments", "recording and editing payouts to users"],
];

const tabs: TabItem[] = sections.map(([label, upcoming]) => ({
  id: label.toLowerCase().replaceAll(" ", "-"),
  label,
  panel: <p className={`${card} text-slate-400`}>Coming soon: {upcoming}.</p>,
}));

function AdminPage() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Admin Dashboard</h1>
      <Tabs label="Admin sections" tabs={tabs} />
    </div>
  );
}

export { AdminPage as Component };
