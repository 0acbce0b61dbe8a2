import { env } from "cloudflare:test";
import { vi } from "vitest";
import type { Db } from "../db/client";
import type { QueuedVisit } from "../db/queries/traffic/visit-batch";
import { newId } from "../lib/ids";
import { queuedVisit, type PageVisitInput } from "../domain/traffic/page-visit";
import { storeVisitBatch } from "../domain/traffic/visit-batch";
import { readVisitObject } from "../domain/traffic/raw-visits";
import { addressGroupHash } from "../lib/address-group";

/**
 * A visit stored as the traffic queue's consumer stores it, at once and on its own (a batch of one): for tests
 * that set the clock of each visit and need no route (docs/decisions/079).
 */
export async function storeVisitNow(
  db: Db,
  visit: PageVisitInput,
  o: { actor: { id: string } | null; ip: string; ownHost: string; nowMs: number; secret: string },
) {
  const ipHash = await addressGroupHash(o.secret, o.ip);
  await storeVisitBatch({
    ctx: { db, archive: env.ARCHIVE },
    input: { visits: [queuedVisit(visit, { ...o, ipHash })] },
  });
}

/**
 * Waits until the traffic queue's consumer has stored `count` visits of these sessions (the test runtime's queue
 * delivers a batch after wrangler.jsonc's max_batch_timeout): a route test then reads the figures they make.
 */
export async function visitsDelivered(sessionIds: string[], count: number) {
  await vi.waitFor(
    async () => {
      const row = await env.DB.prepare(
        // Every visit counts once in its session's site row (its raw line is in R2, docs/decisions/085).
        `select coalesce(sum(page_views), 0) as n from traffic_sessions
         where scope = '' and session_id in (select value from json_each(?1))`,
      )
        .bind(JSON.stringify(sessionIds))
        .first<{ n: number }>();
      if (row!.n < count) throw new Error(`${row!.n} of ${count} visits stored so far`);
    },
    { timeout: 20_000, interval: 100 },
  );
}

/** The visits a test's tracker calls were answered 204 for, and a wait until the queue has stored them all. */
export class AcceptedVisits {
  private readonly sessions: string[] = [];
  note<R extends { status: number }>(sessionId: string, res: R): R {
    if (res.status === 204) this.sessions.push(sessionId);
    return res;
  }
  delivered() {
    return visitsDelivered(this.sessions, this.sessions.length);
  }
}

/**
 * Every raw visit stored, as the archive will keep it: page_visits rows (stored before decision 085) and the lines
 * of the R2 objects traffic_visit_batches names, in (created_at, id) order.
 */
export async function storedVisits(): Promise<Record<string, unknown>[]> {
  const { results: legacy } = await env.DB.prepare(`select * from page_visits`).all<Record<string, unknown>>();
  const { results: objects } = await env.DB.prepare(`select day, name from traffic_visit_batches`).all<{
    day: string;
    name: string;
  }>();
  const lines: Record<string, unknown>[] = legacy.map((r) => ({ table: "page_visits", ...r }));
  for (const o of objects) lines.push(...(await readVisitObject(env.ARCHIVE, o.day, o.name)));
  const key = (l: Record<string, unknown>) => `${String(l.created_at)}\u0001${String(l.id)}`;
  return lines.sort((a, b) => (key(a) < key(b) ? -1 : 1));
}

/** A visit as the tracker queues it: a signed-out desktop visit to home, now, unless `over` says otherwise. */
export const makeQueuedVisit = (over: Partial<QueuedVisit> = {}): QueuedVisit => ({
  id: newId(),
  session_id: newId(),
  page_path: "/",
  referrer: null,
  visit_duration: 5,
  page_views: 1,
  device_type: "desktop",
  browser: "chrome",
  user_agent: null,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  utm_term: null,
  utm_content: null,
  userId: null,
  source: "Direct",
  ipHash: "h",
  createdAt: new Date().toISOString(),
  ...over,
});
