import { env } from "cloudflare:test";
import { vi } from "vitest";
import type { Db } from "../db/client";
import { queuedVisit, type PageVisitInput } from "../domain/traffic/page-visit";
import { storeVisitBatch } from "../domain/traffic/visit-batch";
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
