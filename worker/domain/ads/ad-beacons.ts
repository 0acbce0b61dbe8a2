import type { z } from "zod";
import type { adBeaconQuery } from "../../../common/schemas/ads";
import type { Db } from "../../db/client";
import { countAdEvent } from "../../db/queries/ads/ads";
import { addressGroupHash } from "../../lib/address-group";
import { rateLimited } from "../../lib/errors";
import { nowIso } from "../../lib/time";

/**
 * Per address and minute. One ad sends at most 8 beacons (impression, start, three quartiles, complete or
 * skip, click, error) and lasts seconds, two breaks per item: a real player, even a few tabs or a household
 * behind one address, stays far below this.
 */
const AD_BEACONS_PER_MINUTE = 300;

type BeaconContext = { db: Db; secret: string };

/**
 * Counts one of the ad feed's tracking pings (docs/decisions/018) on its UTC day, the address only as its group's
 * keyed hash; past the address group's per-minute limit nothing is counted and the caller is told to slow down
 * (429). Nobody is named: a beacon carries no member.
 */
export async function countAdBeacon({
  ctx: { db, secret },
  input: { beacon, ip },
}: {
  ctx: BeaconContext;
  input: { beacon: z.output<typeof adBeaconQuery>; ip: string };
}) {
  const ipHash = await addressGroupHash(secret, ip);
  const nowMs = Date.now();
  const counted = await countAdEvent(
    db,
    { ...beacon, day: nowIso(nowMs).slice(0, 10) },
    { key: `ads:${ipHash}`, perMinute: AD_BEACONS_PER_MINUTE, nowMs },
  );
  if (!counted) throw rateLimited("Too many ad beacons from this address; slow down", "rate_limited");
}
