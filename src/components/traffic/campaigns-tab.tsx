import { SideScroll } from "../scroll-edges";
import type { TrafficDashboard } from "../../../common/schemas/traffic";
import { EmptyText } from "./dashboard-parts";
import { campaignLabel, conversionRate, formatCount } from "./traffic-format";

const th = "px-4 py-3 text-left font-medium text-slate-400";
const thNum = `${th} text-right`;
const tdNum = "px-4 py-3 text-right tabular-nums";

/** Campaigns (docs/product-spec.md §2): visitors, conversions (sessions that created an account) and conversion rate. */
export function CampaignsTab({ campaigns }: { campaigns: TrafficDashboard["campaigns"] }) {
  if (campaigns.length === 0)
    return <EmptyText text="Campaign tracking data will appear when you have UTM-tagged traffic" />;
  return (
    <SideScroll label="Campaigns" className="rounded-2xl border border-slate-800">
      <table className="w-full text-sm">
        <caption className="sr-only">Campaigns</caption>
        <thead className="bg-slate-900">
          <tr>
            <th scope="col" className={th}>
              Campaign
            </th>
            <th scope="col" className={thNum}>
              Visitors
            </th>
            <th scope="col" className={thNum}>
              Conversions
            </th>
            <th scope="col" className={thNum}>
              Conversion Rate
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-800">
          {campaigns.map((c, index) => (
            <tr key={`${c.campaign}-${index}`}>
              <td className="min-w-40 px-4 py-3 font-medium wrap-anywhere text-slate-200">
                {campaignLabel(c.campaign)}
              </td>
              <td className={tdNum}>{formatCount(c.visitors)}</td>
              <td className={tdNum}>{formatCount(c.conversions)}</td>
              <td className={tdNum}>{conversionRate(c.conversions, c.visitors)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </SideScroll>
  );
}
