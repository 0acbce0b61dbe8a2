import type { z } from "zod";
import type { pageVisitBody } from "../../../common/schemas/traffic";
import type { Db } from "../../db/client";
import { recordVisit } from "../../db/queries/traffic/traffic";
import { addressGroupHash } from "../../lib/address-group";
import { rateLimited } from "../../lib/errors";
import { nowIso } from "../../lib/time";

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

/** Page visits one address group may record per minute (the tracker is public: a farm could flood the dashboard). */
const TRACK_PER_MINUTE = 120;

type VisitContext = { db: Db; actor: { id: string } | null; secret: string };

/**
 * Record one page visit (docs/decisions/041): the member comes from the session (never from the body), the
 * source from the visit and this site's host, the address only as its group's keyed hash; past the address
 * group's per-minute limit nothing is stored and the caller is told to slow down (429).
 */
export async function recordPageVisit({
  ctx: { db, actor, secret },
  input: { visit, ip, ownHost, nowMs = Date.now() },
}: {
  ctx: VisitContext;
  input: { visit: PageVisitInput; ip: string; ownHost: string; nowMs?: number };
}) {
  const ipHash = await addressGroupHash(secret, ip);
  const stored = await recordVisit(
    db,
    { ...visit, userId: actor?.id ?? null, source: sourceOf(visit, ownHost), ipHash, createdAt: nowIso(nowMs) },
    { key: `track:${ipHash}`, perMinute: TRACK_PER_MINUTE, nowMs },
  );
  if (!stored) throw rateLimited("Too many page visits from this address; slow down", "rate_limited");
}
