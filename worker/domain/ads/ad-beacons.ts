import type { z } from "zod";
import type { adBeaconQuery } from "../../../common/schemas/ads";
import { countAdEvents, type AdEventHit } from "../../db/queries/ads/ads";
import { addressGroupHash } from "../../lib/address-group";
import { rateLimited } from "../../lib/errors";
import { nowIso } from "../../lib/time";
import type { DbJobCall } from "../job-context";
import { sendTraffic } from "../queues/traffic-outbox";

// Per address and minute, 300 (wrangler.jsonc `AD_BEACON_LIMITER`). One ad sends at most 8 beacons (impression,
// start, three quartiles, complete or skip, click, error) and lasts seconds, two breaks per item: a real player,
// even a few tabs or a household behind one address, stays far below this.

type BeaconContext = {
  secret: string;
  env: Pick<Env, "AD_BEACON_LIMITER" | "TRAFFIC_QUEUE">;
  /** The isolate's gathering window (traffic-outbox.ts) and the request's waitUntil. */
  gather: { gatherMs: number; waitUntil: (work: Promise<unknown>) => void };
};

/**
 * Accepts one of the ad feed's tracking pings (docs/decisions/018, 079) for its UTC day, the address only as its
 * group's keyed hash; past the address group's per-minute limit nothing is counted and the caller is told to slow
 * down (429). Otherwise it goes to the traffic queue (gathered: traffic-outbox.ts), whose consumer adds a batch to the counters in one upsert.
 * Nobody is named: a beacon carries no member.
 */
export async function countAdBeacon({
  ctx: { secret, env, gather },
  input: { beacon, ip },
}: {
  ctx: BeaconContext;
  input: { beacon: z.output<typeof adBeaconQuery>; ip: string };
}) {
  const ipHash = await addressGroupHash(secret, ip);
  const { success } = await env.AD_BEACON_LIMITER.limit({ key: ipHash });
  if (!success) throw rateLimited("Too many ad beacons from this address; slow down", "rate_limited");
  await sendTraffic(env, gather, { beacon: { ...beacon, day: nowIso().slice(0, 10) } });
}

/** The traffic consumer's part for beacons: a batch added to the day counters in one upsert (docs/decisions/079). */
export async function countQueuedBeacons({ ctx: { db }, input: { beacons } }: DbJobCall<{ beacons: AdEventHit[] }>) {
  await countAdEvents(db, beacons);
}
