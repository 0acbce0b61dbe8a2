import type { Db } from "../../db/client";
import { mayNameCreator, SITE_SCOPE } from "../../db/queries/traffic/traffic-rollups";
import {
  readSessions,
  readVisitBatchFacts,
  writeVisitBatch,
  type QueuedVisit,
  type SessionRow,
  type VisitBatchFacts,
  type VisitBatchWrites,
} from "../../db/queries/traffic/visit-batch";
import { visitObjectKey, visitObjects } from "./raw-visits";

// The traffic consumer's rollups (docs/decisions/079): the visits of a batch, in the order they were made, fold
// into their sessions exactly as the per-visit statements of docs/decisions/020 did one at a time, and what changed
// is written once per row (traffic-rollups.ts keeps the rules' SQL for reference of each step's meaning).

const SITE = SITE_SCOPE.slice(1, -1);
const keyOf = (...parts: (string | number)[]) => JSON.stringify(parts);

/**
 * How many visit ids a session's row keeps (docs/decisions/085): a batch holds at most 100 visits (wrangler.jsonc
 * max_batch_size), so a batch delivered again finds all of its own; a retry comes after a few more batches at most,
 * and a session with 150 visits between a batch and its retry is a bot's.
 */
const COUNTED_IDS_KEPT = 250;
const countedOf = (s: SessionRow | undefined) => new Set(s ? (JSON.parse(s.counted) as string[]) : []);

/** The scopes a visit counts in: the site, and the creator whose page it is (an unknown id counts for no one). */
function scopesOf(v: QueuedVisit, facts: VisitBatchFacts): string[] {
  if (!mayNameCreator(v.page_path)) return [SITE];
  const id = v.page_path.slice(9);
  const creator = v.page_path.startsWith("/creator/")
    ? facts.userCreatedAt.has(id)
      ? id
      : undefined
    : facts.contentCreator.get(id);
  return creator === undefined ? [SITE] : [SITE, creator];
}

const taggedOf = (v: QueuedVisit): 0 | 1 =>
  [v.utm_source, v.utm_medium, v.utm_campaign, v.utm_term, v.utm_content].some(Boolean) ? 1 : 0;

/** Adds increments to a rollup row, keeping its key apart from its numbers. */
class Increments<K extends (string | number)[]> {
  private readonly rows = new Map<string, { key: K; n: number[] }>();
  add(key: K, ...n: number[]) {
    const k = keyOf(...key);
    const row = this.rows.get(k) ?? { key, n: n.map(() => 0) };
    row.n = row.n.map((x, i) => x + n[i]!);
    this.rows.set(k, row);
  }
  list() {
    return [...this.rows.values()].filter((r) => r.n.some((x) => x !== 0)).map((r) => [...r.key, ...r.n]);
  }
}

/** Folds the batch's new visits into the sessions they read and the day rollups' increments. */
function foldVisits(
  visits: QueuedVisit[],
  facts: VisitBatchFacts,
  stored: SessionRow[],
  objects: VisitBatchWrites["objects"],
): VisitBatchWrites {
  const sessions = new Map(stored.map((s) => [keyOf(s.scope, s.session_id), s]));
  const touched = new Set<string>();
  const days = new Increments<[string, string]>();
  const counts = new Increments<[string, string, string, string]>();
  const pageDays = new Increments<[string, string, string]>();
  const convertedSince = (userId: string | null, since: string) => {
    const createdAt = userId === null ? undefined : facts.userCreatedAt.get(userId);
    return createdAt !== undefined && createdAt >= since ? 1 : 0;
  };
  for (const v of visits) {
    const tagged = taggedOf(v);
    for (const scope of scopesOf(v, facts)) {
      const key = keyOf(scope, v.session_id);
      const o = sessions.get(key);
      const firstAt = o?.first_at ?? v.createdAt;
      const day = firstAt.slice(0, 10);
      const converted = convertedSince(v.userId, firstAt);
      const oldCampaign = o?.campaign ?? "Unknown";
      const newTagged = Math.max(o?.tagged ?? 0, tagged);
      const newCampaign = o?.campaign ?? v.utm_campaign ?? "Unknown";
      const newConverted = Math.max(o?.converted ?? 0, converted);
      const oldMax = o?.max_duration ?? 0;
      days.add(
        [scope, day],
        o ? 0 : 1,
        1,
        Math.max(oldMax, v.visit_duration) - oldMax,
        !o ? 1 : o.page_views === 1 ? -1 : 0,
      );
      if (!o) {
        counts.add([scope, day, "source", v.source], 1, 0);
        counts.add([scope, day, "device", v.device_type], 1, 0);
        if (newTagged) counts.add([scope, day, "campaign", newCampaign], 1, newConverted);
      } else if (o.tagged !== newTagged || oldCampaign !== newCampaign || o.converted !== newConverted) {
        // The session's campaign row moves: out of the old one, into the new one (the same row when only the
        // conversion changed).
        if (o.tagged) counts.add([scope, day, "campaign", oldCampaign], -1, -o.converted);
        if (newTagged) counts.add([scope, day, "campaign", newCampaign], 1, newConverted);
      }
      pageDays.add([scope, v.createdAt.slice(0, 10), v.page_path], 1);
      // The site's row (every visit counts there) keeps the ids it counted, the newest last.
      const counted =
        scope === SITE ? JSON.stringify([...JSON.parse(o?.counted ?? "[]"), v.id].slice(-COUNTED_IDS_KEPT)) : "[]";
      sessions.set(
        key,
        o
          ? {
              ...o,
              last_at: v.createdAt,
              page_views: o.page_views + 1,
              max_duration: Math.max(o.max_duration, v.visit_duration),
              campaign: o.campaign ?? v.utm_campaign,
              tagged: newTagged,
              converted: newConverted,
              counted,
            }
          : {
              scope,
              session_id: v.session_id,
              first_at: v.createdAt,
              last_at: v.createdAt,
              page_views: 1,
              max_duration: v.visit_duration,
              source: v.source,
              device_type: v.device_type,
              campaign: v.utm_campaign,
              tagged,
              converted,
              counted,
            },
      );
      touched.add(key);
    }
  }
  return {
    objects,
    sessions: [...touched].map((k) => sessions.get(k)!),
    days: days.list() as VisitBatchWrites["days"],
    counts: counts.list() as VisitBatchWrites["counts"],
    pageDays: pageDays.list() as VisitBatchWrites["pageDays"],
  };
}

/**
 * Stores a batch of queued visits and their rollups (the traffic consumer's part for visits): visits their session
 * counted before (a message delivered twice) and repeats within the batch are dropped by their id, the rest taken
 * in the order they were made. Their raw lines go to R2 first, one object per day; then one D1 batch names the
 * objects and writes the sessions and rollups. A failed D1 batch leaves an object no row names, which is never
 * archived, and the retry counts the visits then. Three D1 round trips whatever the batch's size.
 */
export async function storeVisitBatch({
  ctx: { db, archive },
  input: { visits },
}: {
  ctx: { db: Db; archive: R2Bucket };
  input: { visits: QueuedVisit[] };
}) {
  if (!visits.length) return { stored: 0 };
  const creatorPaths = visits.filter((v) => mayNameCreator(v.page_path));
  const facts = await readVisitBatchFacts(
    db,
    [
      ...new Set([
        ...visits.flatMap((v) => (v.userId ? [v.userId] : [])),
        ...creatorPaths.filter((v) => v.page_path.startsWith("/creator/")).map((v) => v.page_path.slice(9)),
      ]),
    ],
    [...new Set(creatorPaths.filter((v) => v.page_path.startsWith("/content/")).map((v) => v.page_path.slice(9)))],
  );
  const keys = [...new Set(visits.flatMap((v) => scopesOf(v, facts).map((s) => keyOf(s, v.session_id))))].map(
    (k) => JSON.parse(k) as [string, string],
  );
  const stored = await readSessions(db, keys);
  const seen = new Set(stored.filter((s) => s.scope === SITE).flatMap((s) => [...countedOf(s)]));
  const fresh = visits
    .filter((v) => !seen.has(v.id) && (seen.add(v.id), true))
    .sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1));
  if (!fresh.length) return { stored: 0 };
  const objects = await visitObjects(fresh);
  for (const o of objects)
    await archive.put(visitObjectKey(o.day, o.name), o.bytes, { httpMetadata: { contentType: "application/gzip" } });
  await writeVisitBatch(
    db,
    foldVisits(
      fresh,
      facts,
      stored,
      objects.map((o) => [o.day, o.name, o.rows]),
    ),
  );
  return { stored: fresh.length };
}
