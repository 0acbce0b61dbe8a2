import { getAdminAnalytics } from "../../lib/admin-api";
import { formatDate } from "../../lib/format";
import type { AdminAnalyticsResponse } from "../../../common/schemas/admin-analytics";
import { queryKeys } from "../../lib/query-keys";
import { PageSpinner } from "../spinner";
import { capitalize, EmptyMessage, num, Section, Table, td, tdText, tdNum } from "./admin-ui";
import { AdsCard } from "./ads-card";
import { formatUsd } from "./money";
import { useAdminQuery } from "../../queries/admin";

// A Map: the method is data, and a plain object would answer "constructor" with Object's constructor.
const discoveryLabels: ReadonlyMap<string, string> = new Map([
  ["ai_recommended", "AI Recommended"],
  ["search", "Search"],
  ["browse", "Browse"],
  ["follow", "Following"],
  ["shared_link", "Shared link or direct"],
]);

/** Watch time in seconds as minutes with one decimal ("12.5"): many items are shorter than a minute. */
const minutes = (seconds: number) =>
  (seconds / 60).toLocaleString("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const count = (n: number) => n.toLocaleString("en-US");

const noAnalytics: AdminAnalyticsResponse = { topContent: [], topUsers: [], topEarners: [], discoveryStats: [] };

/** Analytics tab (docs/product-spec.md §2): popular content, top creators, how content is found, most active viewers, ads. */
export function AnalyticsTab() {
  const { data, firstLoad } = useAdminQuery(
    queryKeys.admin.list("analytics"),
    getAdminAnalytics,
    "Failed to load analytics",
  );
  if (firstLoad) return <PageSpinner />;
  const { topContent, topEarners, discoveryStats, topUsers } = data ?? noAnalytics;
  return (
    // min-w-0 on every card: a grid item otherwise grows to its widest table; the table scrolls inside instead.
    <div className="grid gap-6 xl:grid-cols-2 [&>*]:min-w-0">
      <Section title="Most Popular Content">
        {topContent.length === 0 ? (
          <EmptyMessage title="No content has been viewed yet" />
        ) : (
          <Table caption="Most Popular Content" columns={["Title", "Type", num("Views"), num("Minutes Watched")]}>
            {topContent.map((c) => (
              <tr key={c.id}>
                <td className={tdText}>{c.title}</td>
                <td className={td}>{capitalize(c.type)}</td>
                <td className={tdNum}>{count(c.view_count)}</td>
                <td className={tdNum}>{minutes(c.total_watch_time)}</td>
              </tr>
            ))}
          </Table>
        )}
      </Section>
      <Section title="Top Earning Creators">
        {topEarners.length === 0 ? (
          <EmptyMessage title="No creator earnings yet" />
        ) : (
          <Table caption="Top Earning Creators" columns={["Creator", num("Uploads"), num("Total Earnings")]}>
            {topEarners.map((e) => (
              <tr key={e.user_id}>
                <td className={tdText}>{e.email}</td>
                <td className={tdNum}>{count(e.content_count)}</td>
                <td className={tdNum}>{formatUsd(e.total_earnings)}</td>
              </tr>
            ))}
          </Table>
        )}
      </Section>
      <Section title="Content Discovery">
        {discoveryStats.length === 0 ? (
          <EmptyMessage title="No discovery data yet" />
        ) : (
          <Table caption="Content Discovery" columns={["Found Through", num("Views"), num("Share")]}>
            {discoveryStats.map((d) => (
              <tr key={d.discovery_method}>
                <td className={td}>{discoveryLabels.get(d.discovery_method) ?? d.discovery_method}</td>
                <td className={tdNum}>{count(d.count)}</td>
                <td className={tdNum}>{d.percentage.toFixed(1)}%</td>
              </tr>
            ))}
          </Table>
        )}
      </Section>
      <Section title="Most Active Viewers">
        {topUsers.length === 0 ? (
          <EmptyMessage title="No viewer activity yet" />
        ) : (
          <Table caption="Most Active Viewers" columns={["Viewer", "Last Active", num("Minutes Watched")]}>
            {topUsers.map((u) => (
              <tr key={u.user_id}>
                <td className={tdText}>{u.email}</td>
                <td className={`${td} whitespace-nowrap`}>{formatDate(u.last_activity)}</td>
                <td className={tdNum}>{minutes(u.total_watch_time)}</td>
              </tr>
            ))}
          </Table>
        )}
      </Section>
      {/* min-w-0: a grid item grows to its widest table otherwise; the table scrolls inside instead. */}
      <div className="min-w-0 xl:col-span-2">
        <AdsCard />
      </div>
    </div>
  );
}
