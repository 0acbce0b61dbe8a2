import type { Dashboard } from "../../db/queries/traffic";

/** One group of sessions in range: every dimension the site dashboard shows, with its sums. */
export type CubeRow = {
  date: string; source: string; device: string; campaign: string | null; tagged: number;
  sessions: number; views: number; duration: number; bounces: number; conversions: number;
};

/** The dashboard's figures summed from the session groups (docs/architecture.md §4 "Traffic analytics"). */
export function fromCube(rows: CubeRow[], pages: Dashboard["pages"]): Dashboard {
  const sum = <K extends string>(key: (r: CubeRow) => K, pick: (r: CubeRow) => number) => {
    const out = new Map<K, number>();
    for (const r of rows) out.set(key(r), (out.get(key(r)) ?? 0) + Number(pick(r)));
    return out;
  };
  const visitors = rows.reduce((n, r) => n + Number(r.sessions), 0);
  const byCount = <T extends { visitors: number }>(a: T, b: T, ka: string, kb: string) => b.visitors - a.visitors || ka.localeCompare(kb);
  const views = sum((r) => r.date, (r) => r.views);
  const tagged = rows.filter((r) => Number(r.tagged));
  const campaignConversions = new Map<string, number>();
  for (const r of tagged) campaignConversions.set(r.campaign ?? "Unknown", (campaignConversions.get(r.campaign ?? "Unknown") ?? 0) + Number(r.conversions));
  return {
    summary: {
      visitors,
      page_views: rows.reduce((n, r) => n + Number(r.views), 0),
      avg_dur: visitors ? rows.reduce((n, r) => n + Number(r.duration), 0) / visitors : 0,
      bounces: rows.reduce((n, r) => n + Number(r.bounces), 0),
    },
    pages,
    sources: [...sum((r) => r.source, (r) => r.sessions)]
      .map(([source, n]) => ({ source, visitors: n }))
      .sort((a, b) => byCount(a, b, a.source, b.source))
      .slice(0, 10),
    timeline: [...sum((r) => r.date, (r) => r.sessions)]
      .map(([date, n]) => ({ date, visitors: n, pageViews: views.get(date) ?? 0 }))
      .sort((a, b) => a.date.localeCompare(b.date)),
    devices: [...sum((r) => r.device, (r) => r.sessions)]
      .map(([type, n]) => ({ type, visitors: n }))
      .sort((a, b) => byCount(a, b, a.type, b.type)),
    campaigns: [...sum((r) => r.campaign ?? "Unknown", (r) => (Number(r.tagged) ? r.sessions : 0))]
      .filter(([, n]) => n > 0)
      .map(([campaign, n]) => ({ campaign, visitors: n, conversions: campaignConversions.get(campaign) ?? 0 }))
      .sort((a, b) => byCount(a, b, a.campaign, b.campaign))
      .slice(0, 20),
  };
}

