import type { Db } from "../client";
import { balancePartsColumns, nextReleaseSql, type BalanceParts } from "./balance-parts";

/** Every record that moves a user's money, summed in one round trip (integer micro-dollars). */
export async function walletParts(db: Db, userId: string, now: string) {
  const row = await db.$client
    .prepare(`select ${balancePartsColumns("?1", "?2")}, ${nextReleaseSql("?1", "?2")} as nextRelease`)
    .bind(userId, now)
    .first<BalanceParts & { nextRelease: string }>();
  const { nextRelease, ...parts } = row!;
  return { parts: parts as BalanceParts, nextReleaseAt: nextRelease === "9999" ? null : nextRelease };
}
