import { asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../client";
import { bonuses, challengeProgress, challenges, users } from "../../schema";

export async function progressOf(db: Db, userId: string) {
  return db
    .select({ progress: challengeProgress, name: challenges.name, description: challenges.description })
    .from(challengeProgress)
    .innerJoin(challenges, eq(challenges.id, challengeProgress.challengeId))
    .where(eq(challengeProgress.userId, userId))
    .orderBy(asc(challenges.createdAt));
}

export async function awardedSignOnBonus(db: Db, userId: string) {
  return db
    .select({ totalMicros: bonuses.totalMicros })
    .from(bonuses)
    .where(sql`${bonuses.userId} = ${userId} and ${bonuses.kind} = 'signon' and ${bonuses.status} = 'awarded'`)
    .get();
}

export const listChallenges = (db: Db) => db.select().from(challenges).orderBy(asc(challenges.createdAt));

/** Sign-on bonus history, newest first, with the user's email. */
export async function signOnAwards(db: Db, limit: number) {
  return db
    .select({ bonus: bonuses, email: users.email })
    .from(bonuses)
    .innerJoin(users, eq(users.id, bonuses.userId))
    .where(eq(bonuses.kind, "signon"))
    .orderBy(desc(bonuses.createdAt))
    .limit(limit);
}

export async function challengeTotals(db: Db) {
  const [row] = await db.all<{ paid: number; completed: number; enrolled: number }>(sql`select
      (select coalesce(sum(total_micros), 0) from bonuses where kind = 'signon' and status = 'awarded') as paid,
      (select count(*) from bonuses where kind = 'signon') as completed,
      (select count(distinct user_id) from challenge_progress) as enrolled`);
  return row!;
}
