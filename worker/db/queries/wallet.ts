import { sql } from "drizzle-orm";
import type { WalletTotals } from "../../domain/wallet/balances";
import type { Db } from "../client";

/** The wallet's totals, plus the part of the payments still pending (drawn already, not paid yet). */
export type WalletRecordTotals = WalletTotals & { pendingPayments: number };

/** Every record that moves a user's money, summed in one round trip (integer micro-dollars). */
export async function walletTotals(db: Db, userId: string): Promise<WalletRecordTotals> {
  const [row] = await db.all<WalletRecordTotals>(sql`select
      (select coalesce(sum(amount_micros), 0) from earnings where user_id = ${userId} and kind = 'viewer') as viewerRewards,
      (select coalesce(sum(amount_micros), 0) from earnings where user_id = ${userId} and kind = 'creator') as creatorRewards,
      (select coalesce(sum(amount_micros), 0) from earnings where user_id = ${userId} and kind = 'manual') as manualEarnings,
      (select coalesce(sum(total_micros), 0) from bonuses where user_id = ${userId} and status = 'awarded') as awardedBonuses,
      (select coalesce(sum(amount_micros), 0) from payments where user_id = ${userId}) as payments,
      (select coalesce(sum(amount_micros), 0) from payments where user_id = ${userId} and status = 'pending') as pendingPayments`);
  return row!;
}
