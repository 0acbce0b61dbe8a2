import type { Db } from "../../db/client";
import {
  dashboardFirstDay,
  readDashboardRows,
  type CountRow,
  type DashboardRows,
  type DashboardScope,
  type DayRow,
  type PageRow,
} from "../../db/queries/traffic/traffic";

type Summary = { visitors: number; page_views: number; avg_dur: number; bounces: number };

export type Dashboard = {
  /** The range's first UTC day: it covers that day from 00:00 UTC through now (decision 054). */
  since: string;
  summary: Summary;
  pages: PageRow[];
  sources: { source: string; visitors: number }[];
  timeline: { date: string; visitors: number; pageViews: number }[];
  devices: { type: string; visitors: number }[];
  campaigns: { campaign: string; visitors: number; conversions: number }[];
};

// Most visitors first, then by name, as SQL's `order by n desc, name` would.
const byVisitors =
  <T extends { visitors: number }>(name: (x: T) => string) =>
  (a: T, b: T) =>
    b.visitors - a.visitors || (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0);

/**
 * The dashboard's figures from the range's day rows and counts (docs/architecture.md §4 "Traffic"): a
 * session counts in the range when its first visit does, with all its page views, its longest duration, and
 * the source and device of its first visit.
 */
function fromRollups({ days, counts, pages }: DashboardRows): Omit<Dashboard, "since"> {
  const total = (pick: (d: DayRow) => number) => days.reduce((n, d) => n + Number(pick(d)), 0);
  const visitors = total((d) => d.sessions);
  const of = (dimension: CountRow["dimension"]) => counts.filter((c) => c.dimension === dimension);
  return {
    summary: {
      visitors,
      page_views: total((d) => d.views),
      avg_dur: visitors ? total((d) => d.duration) / visitors : 0,
      bounces: total((d) => d.bounces),
    },
    pages,
    sources: of("source")
      .map((c) => ({ source: c.value, visitors: Number(c.sessions) }))
      .sort(byVisitors((s) => s.source))
      .slice(0, 10),
    timeline: days
      .map((d) => ({ date: d.date, visitors: Number(d.sessions), pageViews: Number(d.views) }))
      .sort((a, b) => (a.date < b.date ? -1 : 1)),
    devices: of("device")
      .map((c) => ({ type: c.value, visitors: Number(c.sessions) }))
      .sort(byVisitors((d) => d.type)),
    campaigns: of("campaign")
      .map((c) => ({ campaign: c.value, visitors: Number(c.sessions), conversions: Number(c.conversions) }))
      .sort(byVisitors((c) => c.campaign))
      .slice(0, 20),
  };
}

/** Every figure of the traffic dashboard for the site, or for one creator when `scope.creatorId` is set. */
export async function trafficDashboard(db: Db, scope: DashboardScope): Promise<Dashboard> {
  return { since: dashboardFirstDay(scope), ...fromRollups(await readDashboardRows(db, scope)) };
}
