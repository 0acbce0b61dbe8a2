import { DISCOVERY_METHODS, type DiscoveryMethod } from "../../../common/playback";
import type { StatsRange } from "../../../common/schemas/studio";
import type { Db } from "../../db/client";
import { readContentStats, type StatsDayRow } from "../../db/queries/content-stats";
import { addDays, dayOf } from "../../lib/days";
import { notFound } from "../../lib/errors";
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

/**
 * One item's studio (docs/decisions/048) for its creator or an admin; anyone else, and everyone once the item
 * is deleted, gets the same 404 as for a missing item (its existence is not told). Hidden (taken-down) items
 * stay readable by their creator, as their details do.
 */
export async function readItemStats({ ctx, input }: { ctx: { db: Db; actor: { id: string; isAdmin: boolean } }; input: { contentId: string; range: StatsRange; nowMs: number } }): Promise<ContentStats> {
  const today = dayOf(input.nowMs);
  const fromDay = addDays(today, 1 - RANGE_DAYS[input.range]);
  const rows = await readContentStats(ctx.db, input.contentId, fromDay);
  const item = rows.item;
  if (!item || item.deletedAt !== null || !(ctx.actor.isAdmin || ctx.actor.id === item.createdBy)) throw notFound("Content not found");
  const byDay = new Map(rows.days.map((r) => [r.day, r]));
  const days = Array.from({ length: RANGE_DAYS[input.range] }, (_, i) => {
    const day = addDays(fromDay, i);
    const r = byDay.get(day);
    return { day, views: Number(r?.views ?? 0), qualifiedViews: Number(r?.qualified_views ?? 0), creatorMicros: Number(r?.creator_micros ?? 0) };
  });
  const views = sum(rows.days, "views");
  const watchedMs = sum(rows.days, "watched_ms");
  const { curve, views: retentionViews } = retentionCurve(rows.buckets.map((b) => ({ bucket: Number(b.bucket), views: Number(b.views) })));
  return {
    title: item.title,
    range: input.range,
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
