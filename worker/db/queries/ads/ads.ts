import { between, sql } from "drizzle-orm";
import type { DayRange } from "../../../lib/days";
import type { Db } from "../../client";
import { adEventDays } from "../../schema";

/** One ad beacon as counted: its UTC day, ad, break position and VAST event (common/schemas/ads.ts). */
export type AdEventHit = { day: string; ad: string; position: string; event: string };

/** One counted group as the query returns it: events of one kind, one day and one break position. */
export type AdEventRow = { day: string; position: string; event: string; n: number };

/**
 * Adds a batch of beacons to their days' counters: one upsert, one row written per (day, ad, position, event)
 * of the batch however many hits (docs/decisions/079).
 */
export async function countAdEvents(db: Db, beacons: AdEventHit[]) {
  const groups = new Map<string, [string, string, string, string, number]>();
  for (const b of beacons) {
    const key = JSON.stringify([b.day, b.ad, b.position, b.event]);
    const row = groups.get(key) ?? [b.day, b.ad, b.position, b.event, 0];
    row[4]++;
    groups.set(key, row);
  }
  if (!groups.size) return;
  const at = (i: number) => `json_extract(value, '$[${i}]')`;
  await db.$client
    .prepare(
      `insert into ad_event_days (day, ad_id, position, event, count)
       select ${[0, 1, 2, 3, 4].map(at).join(", ")} from json_each(?1) where true
       on conflict (day, ad_id, position, event) do update set count = count + excluded.count`,
    )
    .bind(JSON.stringify([...groups.values()]))
    .run();
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
