import { between, sql } from "drizzle-orm";
import type { DayRange } from "../../../lib/days";
import { windowStart } from "../../../lib/rate-window";
import type { Db } from "../../client";
import { adEventDays } from "../../schema";
import { countRequest, WITHIN_LIMIT } from "../auth/rate-limits";

/** One ad beacon as counted: its UTC day, ad, break position and VAST event (common/schemas/ads.ts). */
export type AdEventHit = { day: string; ad: string; position: string; event: string };

/** One counted group as the query returns it: events of one kind, one day and one break position. */
export type AdEventRow = { day: string; position: string; event: string; n: number };

/**
 * Counts the beacon against the address's per-minute limit and, while within it, adds one to its day's
 * counter: one round trip, one row per (day, ad, position, event) however many hits. Returns false when
 * the limit refused it.
 */
export async function countAdEvent(
  db: Db,
  beacon: AdEventHit,
  limit: { key: string; perMinute: number; nowMs: number },
) {
  const d1 = db.$client;
  const [, upsert] = await d1.batch([
    countRequest(d1, limit.key, limit.nowMs),
    d1
      .prepare(
        `insert into ad_event_days (day, ad_id, position, event, count) select ?4, ?5, ?6, ?7, 1 where ${WITHIN_LIMIT}
         on conflict (day, ad_id, position, event) do update set count = count + 1`,
      )
      .bind(limit.key, windowStart(limit.nowMs), limit.perMinute, beacon.day, beacon.ad, beacon.position, beacon.event),
  ]);
  return (upsert!.meta.changes ?? 0) > 0;
}

/** The counters of a range of days, summed over ads (the admin figures do not split by ad). */
export function adEventRows(db: Db, range: DayRange): Promise<AdEventRow[]> {
  const t = adEventDays;
  return db
    .select({ day: t.day, position: t.position, event: t.event, n: sql<number>`sum(${t.count})` })
    .from(t)
    .where(between(t.day, range.startDate, range.endDate))
    .groupBy(t.day, t.position, t.event)
    .orderBy(t.day);
}
