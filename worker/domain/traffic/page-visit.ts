import type { z } from "zod";
import type { pageVisitBody } from "../../../common/schemas/traffic";
import { addressGroupHash } from "../../lib/address-group";
import { rateLimited } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/time";
import type { QueuedVisit } from "../../db/queries/traffic/visit-batch";
import { sendTraffic } from "../queues/traffic-outbox";

// A page visit as the tracker sends it is common/schemas/traffic.ts.
export type PageVisitInput = z.output<typeof pageVisitBody>;

/** Where a visit came from: the campaign's source, else another site that linked here, else 'Direct'. */
function sourceOf(visit: Pick<PageVisitInput, "utm_source" | "referrer">, ownHost: string): string {
  if (visit.utm_source) return visit.utm_source.toLowerCase();
  if (visit.referrer) {
    try {
      const host = new URL(visit.referrer).hostname.replace(/^www\./, "");
      if (host && host !== ownHost) return host;
    } catch {
      // not a URL: treated as no referrer
    }
  }
  return "Direct";
}

/** The visit as the traffic queue carries it: what the tracker sent and what the server adds. */
export function queuedVisit(
  visit: PageVisitInput,
  o: { actor: { id: string } | null; ipHash: string; ownHost: string; nowMs: number },
): QueuedVisit {
  return {
    ...visit,
    id: newId(),
    userId: o.actor?.id ?? null,
    source: sourceOf(visit, o.ownHost),
    ipHash: o.ipHash,
    createdAt: nowIso(o.nowMs),
  };
}

type VisitContext = {
  actor: { id: string } | null;
  secret: string;
  env: Pick<Env, "TRACK_LIMITER" | "TRAFFIC_QUEUE">;
  /** The isolate's gathering window (traffic-outbox.ts) and the request's waitUntil. */
  gather: { gatherMs: number; waitUntil: (work: Promise<unknown>) => void };
};

/**
 * Accepts one page visit (docs/decisions/041, 079): the member comes from the session (never from the body), the
 * source from the visit and this site's host, the address only as its group's keyed hash. Past the address group's
 * per-minute limit (wrangler.jsonc `TRACK_LIMITER`: a farm could flood the dashboard) nothing is queued and the
 * caller is told to slow down (429); otherwise the visit goes to the traffic queue, gathered with the isolate's
 * others into one message (traffic-outbox.ts), whose consumer stores it with its rollups in batches (visit-batch.ts).
 */
export async function recordPageVisit({
  ctx: { actor, secret, env, gather },
  input: { visit, ip, ownHost, nowMs = Date.now() },
}: {
  ctx: VisitContext;
  input: { visit: PageVisitInput; ip: string; ownHost: string; nowMs?: number };
}) {
  const ipHash = await addressGroupHash(secret, ip);
  const { success } = await env.TRACK_LIMITER.limit({ key: ipHash });
  if (!success) throw rateLimited("Too many page visits from this address; slow down", "rate_limited");
  await sendTraffic(env, gather, { visit: queuedVisit(visit, { actor, ipHash, ownHost, nowMs }) });
}
