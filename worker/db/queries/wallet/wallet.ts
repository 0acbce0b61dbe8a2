import type { Db } from "../../client";
import { balancePartsColumns, nextReleaseSql, type BalanceParts } from "./balance-parts";

/** An admin's credit to the member: a manual bonus (viewer side) or a manual earning (creator side). */
export type Adjustment = { side: "viewer" | "creator"; amountMicros: number; description: string; createdAt: string };

/** Every record that moves a user's money, summed in one round trip (integer micro-dollars), and the newest admin credits. */
export async function walletParts(db: Db, userId: string, now: string) {
  const d1 = db.$client;
  const [sums, credits] = await d1.batch([
    d1
      .prepare(`select ${balancePartsColumns("?1", "?2")}, ${nextReleaseSql("?1", "?2")} as nextRelease`)
      .bind(userId, now),
    d1
      .prepare(
        `select * from (
         select 'creator' as side, amount_micros as amountMicros, description, created_at as createdAt from earnings where user_id = ?1 and kind = 'manual'
         union all
         select 'viewer', total_micros, description, coalesce(awarded_at, created_at) from bonuses where user_id = ?1 and kind = 'manual' and status = 'awarded'
       ) order by createdAt desc limit 20`,
      )
      .bind(userId),
  ]);
  const { nextRelease, ...parts } = sums!.results[0] as BalanceParts & { nextRelease: string };
  return {
    parts: parts as BalanceParts,
    nextReleaseAt: nextRelease === "9999" ? null : nextRelease,
    adjustments: credits!.results as Adjustment[],
  };
}
