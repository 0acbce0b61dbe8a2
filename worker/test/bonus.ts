import { bonuses, views } from "../db/schema";
import { newId } from "../lib/ids";
import { nowIso } from "../lib/time";
import { makeContent, makeQualifiedView, makeUser, testDb } from "./factories";

const DAY_MS = 24 * 3600_000;

/**
 * An awarded sign-on bonus row, as the earnings job writes it: held for `holdDays` from `awardedAt`
 * (negative: its hold is over).
 */
export async function makeAwardedBonus(
  userId: string,
  o: { totalMicros?: number; holdDays?: number; awardedAt?: string; reviewReasons?: string } = {},
) {
  const awardedAt = o.awardedAt ?? nowIso();
  const row = {
    id: newId(),
    userId,
    kind: "signon" as const,
    challengeIds: "test",
    totalMicros: o.totalMicros ?? 75_000_000,
    status: "awarded" as const,
    description: "Sign-on challenge bonus",
    createdAt: awardedAt,
    awardedAt,
    reviewReasons: o.reviewReasons ?? "",
    availableAt: new Date(Date.parse(awardedAt) + (o.holdDays ?? 7) * DAY_MS).toISOString(),
  };
  await testDb().insert(bonuses).values(row);
  return row;
}

/**
 * Two accounts created now that watched each other's items (the `reciprocal_new_accounts` risk reason holds
 * for either's bonus). The views are not credited.
 */
export async function reciprocalNewAccounts() {
  const [a, b] = [await makeUser(), await makeUser()];
  const [itemA, itemB] = [
    await makeContent(a.id, { durationMs: 20_000 }),
    await makeContent(b.id, { durationMs: 20_000 }),
  ];
  await makeQualifiedView(a.id, itemB);
  await makeQualifiedView(b.id, itemA);
  return { a, b };
}

/** A qualified view from the address `ip` (not credited). */
export async function viewFrom(
  viewerId: string,
  item: { id: string; createdBy: string; durationMs: number },
  ip: string,
) {
  const at = nowIso();
  await testDb()
    .insert(views)
    .values({
      id: newId(),
      contentId: item.id,
      viewerId,
      creatorId: item.createdBy,
      discoveryMethod: "browse",
      startedAt: at,
      lastEventAt: at,
      maxPositionMs: item.durationMs,
      watchTimeMs: item.durationMs,
      status: "qualified",
      qualifiedAt: at,
      qualifiedDay: at.slice(0, 10),
      ipHash: ip,
    });
}
