import { sql } from "drizzle-orm";
import type { WalletTotals } from "../../domain/wallet/balances";
import type { Db } from "../client";

export type UserWithTotals = WalletTotals & {
  id: string;
  email: string;
  username: string | null;
  createdAt: string;
  contentCount: number;
};

/** Every user with the sums their balances derive from, in one round trip (newest users first). */
export async function usersWithTotals(db: Db, limit: number): Promise<UserWithTotals[]> {
  return db.all(sql`select u.id, u.email, u.username, u.created_at as createdAt,
      (select count(*) from content c where c.created_by = u.id) as contentCount,
      coalesce(e.viewer, 0) as viewerRewards, coalesce(e.creator, 0) as creatorRewards,
      coalesce(e.manual, 0) as manualEarnings, coalesce(b.awarded, 0) as awardedBonuses, coalesce(p.paid, 0) as payments
    from users u
    left join (select user_id,
        sum(case when kind = 'viewer' then amount_micros else 0 end) as viewer,
        sum(case when kind = 'creator' then amount_micros else 0 end) as creator,
        sum(case when kind = 'manual' then amount_micros else 0 end) as manual
      from earnings group by user_id) e on e.user_id = u.id
    left join (select user_id, sum(total_micros) as awarded from bonuses where status = 'awarded' group by user_id) b
      on b.user_id = u.id
    left join (select user_id, sum(amount_micros) as paid from payments group by user_id) p on p.user_id = u.id
    order by u.created_at desc, u.id desc limit ${limit}`);
}

/** Users for the admin's searchable picker. */
export async function userExists(db: Db, id: string) {
  const rows = await db.all<{ n: number }>(sql`select count(*) as n from users where id = ${id}`);
  return (rows[0]?.n ?? 0) > 0;
}
