// The raw page visits in R2 (docs/decisions/085): the traffic consumer puts each batch's new visits of a UTC day in
// one object, before the D1 batch that counts them and names the object (traffic_visit_batches). A line is the visit
// exactly as the archive kept a page_visits row (its columns in the table's order), so the visits dataset copies
// the lines into its parts unchanged. An object's name starts with its first visit's time and ends with a hash of
// its visits' ids: the same batch delivered again puts the same bytes under the same name.
import type { QueuedVisit } from "../../db/queries/traffic/visit-batch";
import { decodeLines, encodePart, sha256OfBytes } from "../archive/part-file";

export type RawVisitLine = { table: "page_visits"; id: string; created_at: string } & Record<string, unknown>;

const visitObjectPrefix = (day: string) => `visits-batches/${day}/`;
export const visitObjectKey = (day: string, name: string) => `${visitObjectPrefix(day)}${name}.ndjson.gz`;

/** The visit as a page_visits row was archived: every column, in the table's order. */
const rawVisitLine = (v: QueuedVisit): RawVisitLine => ({
  table: "page_visits",
  id: v.id,
  session_id: v.session_id,
  user_id: v.userId,
  page_path: v.page_path,
  referrer: v.referrer,
  visit_duration: v.visit_duration,
  page_views: v.page_views,
  device_type: v.device_type,
  browser: v.browser,
  user_agent: v.user_agent,
  utm_source: v.utm_source,
  utm_medium: v.utm_medium,
  utm_campaign: v.utm_campaign,
  utm_term: v.utm_term,
  utm_content: v.utm_content,
  ip_hash: v.ipHash,
  created_at: v.createdAt,
  source: v.source,
});

/** One object of raw visits, ready to put: its day, name, rows and bytes (lines in created_at, id order). */
export async function visitObjects(visits: QueuedVisit[]) {
  const byDay = new Map<string, RawVisitLine[]>();
  for (const v of visits) {
    const day = v.createdAt.slice(0, 10);
    byDay.set(day, [...(byDay.get(day) ?? []), rawVisitLine(v)]);
  }
  return Promise.all(
    [...byDay].map(async ([day, lines]) => {
      lines.sort((a, b) =>
        a.created_at === b.created_at ? (a.id < b.id ? -1 : 1) : a.created_at < b.created_at ? -1 : 1,
      );
      const idsHash = await sha256OfBytes(new TextEncoder().encode(lines.map((l) => l.id).join(",")));
      const name = `${lines[0]!.created_at}-${idsHash.slice(0, 16)}`;
      return { day, name, rows: lines.length, bytes: await encodePart(lines.map((line) => ({ key: "", line }))) };
    }),
  );
}

/** The visits of a stored object, in its order; a named object that is missing is an error, never an empty part. */
export async function readVisitObject(bucket: R2Bucket, day: string, name: string): Promise<RawVisitLine[]> {
  const obj = await bucket.get(visitObjectKey(day, name));
  if (!obj) throw new Error(`raw visits object missing: ${visitObjectKey(day, name)}`);
  return (await decodeLines(await obj.arrayBuffer())) as RawVisitLine[];
}

/** Deletes every raw visits object of a day (once the day is archived; an object whose D1 batch failed too). */
export async function deleteVisitObjects(bucket: R2Bucket, day: string) {
  for (let listed = await bucket.list({ prefix: visitObjectPrefix(day) }); listed.objects.length;) {
    await bucket.delete(listed.objects.map((o) => o.key));
    if (!listed.truncated) break;
    listed = await bucket.list({ prefix: visitObjectPrefix(day), cursor: listed.cursor });
  }
}
