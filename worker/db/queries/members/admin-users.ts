import type { Db } from "../../client";
import { balancePartsColumns, type BalanceParts } from "../wallet/balance-parts";

export type UserWithTotals = BalanceParts & {
  id: string;
  email: string;
  username: string | null;
  createdAt: string;
  contentCount: number;
  /** 0 or 1. */
  suspended: number;
};

/** Every user with the sums their balances derive from, in one round trip (newest users first). */
export async function usersWithTotals(db: Db, limit: number, now: string): Promise<UserWithTotals[]> {
  const { results } = await db.$client
    .prepare(
      `select u.id, u.email, u.username, u.created_at as createdAt, (u.suspended_at is not null) as suspended,
         (select count(*) from content c where c.created_by = u.id and c.deleted_at is null) as contentCount,
         ${balancePartsColumns("u.id", "?2")}
       from users u order by u.created_at desc, u.id desc limit ?1`,
    )
    .bind(limit, now)
    .all<UserWithTotals>();
  return results;
}
