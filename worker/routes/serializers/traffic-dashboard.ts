import type { TrafficDashboard } from "../../../common/schemas/traffic";
import type { Dashboard } from "../../domain/traffic/dashboard-figures";
import { pageTitle } from "../../domain/traffic/page-title";

const fraction = (part: number, whole: number) => (whole ? part / whole : 0);

/** The traffic dashboard's figures, the site's or one creator's alike (docs/architecture.md §4 "Traffic"). */
export function trafficDashboardJson(d: Dashboard): TrafficDashboard {
  const visitors = Number(d.summary.visitors);
  return {
    since: `${d.since}T00:00:00.000Z`,
    overview: {
      totalVisitors: visitors,
      pageViews: Number(d.summary.page_views),
      avgSessionDuration: Math.round(Number(d.summary.avg_dur)),
      bounceRate: fraction(Number(d.summary.bounces), visitors),
      topPages: d.pages.map((p) => {
        const title = pageTitle(p);
        return { page: p.page, views: Number(p.views), ...(title === undefined ? {} : { title }) };
      }),
      topSources: d.sources.map((s) => ({
        source: s.source,
        visitors: Number(s.visitors),
        percentage: fraction(Number(s.visitors), visitors),
      })),
    },
    timeline: d.timeline.map((t) => ({ date: t.date, visitors: Number(t.visitors), pageViews: Number(t.pageViews) })),
    devices: d.devices.map((x) => ({
      type: x.type,
      visitors: Number(x.visitors),
      percentage: fraction(Number(x.visitors), visitors),
    })),
    campaigns: d.campaigns.map((x) => ({
      campaign: x.campaign,
      visitors: Number(x.visitors),
      conversions: Number(x.conversions),
    })),
  };
}
