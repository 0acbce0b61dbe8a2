import { DISCOVERY_METHODS, type DiscoveryMethod } from "../../../common/playback";
import type { StatsRange } from "../../../common/schemas/studio";
import type { ContentStatsRows, StatsDayRow } from "../../db/queries/content/content-stats";
import { addDays, dayOf } from "../../lib/days";
import { retentionCurve } from "./retention";

const RANGE_DAYS: Record<StatsRange, number> = { "7d": 7, "30d": 30, "90d": 90 };

export type ContentStats = {
  title: string;
  range: StatsRange;
  views: number;
  qualifiedViews: number;
  creatorMicros: number;
  avgWatchedPercent: number;
  sources: { method: DiscoveryMethod; views: number }[];
  days: { day: string; views: number; qualifiedViews: number; creatorMicros: number }[];
  retention: number[];
  retentionViews: number;
};

const SOURCE_COLUMN: Record<DiscoveryMethod, keyof StatsDayRow> = {
  ai_recommended: "ai_recommended",
  search: "search",
  browse: "browse",
  follow: "follow",
  shared_link: "shared_link",
};

const sum = (rows: StatsDayRow[], column: keyof StatsDayRow) => rows.reduce((n, r) => n + Number(r[column]), 0);

/** The first UTC day of a range that ends today (today included). */
export const rangeStart = (range: StatsRange, nowMs: number) => addDays(dayOf(nowMs), 1 - RANGE_DAYS[range]);

/** The studio's numbers from the rows migration 0020's triggers keep (every day of the range listed). */
export function statsFromRows(rows: ContentStatsRows, title: string, range: StatsRange, nowMs: number): ContentStats {
  const fromDay = rangeStart(range, nowMs);
  const byDay = new Map(rows.days.map((r) => [r.day, r]));
  const days = Array.from({ length: RANGE_DAYS[range] }, (_, i) => {
    const day = addDays(fromDay, i);
    const r = byDay.get(day);
    return {
      day,
      views: Number(r?.views ?? 0),
      qualifiedViews: Number(r?.qualified_views ?? 0),
      creatorMicros: Number(r?.creator_micros ?? 0),
    };
  });
  const views = sum(rows.days, "views");
  const watchedMs = sum(rows.days, "watched_ms");
  const { curve, views: retentionViews } = retentionCurve(
    rows.buckets.map((b) => ({ bucket: Number(b.bucket), views: Number(b.views) })),
  );
  return {
    title,
    range,
    views,
    qualifiedViews: sum(rows.days, "qualified_views"),
    creatorMicros: sum(rows.days, "creator_micros"),
    // Each view's watched time is capped at the duration in the rows, so this stays within 0..100.
    avgWatchedPercent: views && rows.durationMs ? Math.round((watchedMs * 1000) / (views * rows.durationMs)) / 10 : 0,
    sources: DISCOVERY_METHODS.map((method) => ({ method, views: sum(rows.days, SOURCE_COLUMN[method]) })),
    days,
    retention: curve,
    retentionViews,
  };
}
