import type { Dashboard } from "../../db/queries/traffic";

/** The sessions that began on one UTC day (of the range), with their page views, lengths and bounces. */
export type DayRow = { date: string; sessions: number; views: number; duration: number; bounces: number };
/** The sessions in range per source, device or campaign (tagged sessions only, with their conversions). */
export type CountRow = { dimension: "source" | "device" | "campaign"; value: string; sessions: number; conversions: number };

// Most visitors first, then by name, as SQL's `order by n desc, name` would.
const byVisitors = <T extends { visitors: number }>(name: (x: T) => string) => (a: T, b: T) =>
  b.visitors - a.visitors || (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0);

/**
 * The dashboard's figures from the range's day rows and counts (docs/architecture.md §4 "Traffic analytics"): a
 * session counts in the range when its first visit does, with all its page views, its longest duration, and
 * the source and device of its first visit.
 */
export function fromRollups(days: DayRow[], counts: CountRow[], pages: Dashboard["pages"]): Dashboard {
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
