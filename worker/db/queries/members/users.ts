import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../client";
import { usernameKey, usernameSkeleton } from "../../../../common/username";
import { isUniqueViolation } from "../../errors";
import { newId } from "../../../lib/ids";
import { auditLog, sessions, users } from "../../schema";

export async function findUserById(db: Db, id: string) {
  return (await db.select().from(users).where(eq(users.id, id)).get()) ?? null;
}

/** The session's user in one round trip; expired sessions do not count. */
export async function findSessionUser(db: Db, tokenHash: string, now: string) {
  const row = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .get();
  return row?.user ?? null;
}

export type NewUserParams = { id: string; email: string; googleSub: string | null; createdAt: string };

/**
 * Finds the account for a verified identity, or makes it. Insert-or-ignore then read keeps two
 * concurrent first sign-ins from creating two accounts (the unique email index settles the race).
 */
export async function findOrCreateUser(db: Db, params: NewUserParams) {
  const match = params.googleSub
    ? or(eq(users.googleSub, params.googleSub), eq(users.email, params.email))
    : eq(users.email, params.email);
  const [, found] = await db.batch([
    db.insert(users).values(params).onConflictDoNothing(),
    db
      .select()
      .from(users)
      .where(match)
      .orderBy(sql`case when ${users.googleSub} = ${params.googleSub} then 0 else 1 end`)
      .limit(1),
  ]);
  const user = found[0];
  if (!user) throw new Error("user row missing after insert");
  // First Google sign-in of an account made earlier by email: remember the stable subject id. Only while
  // none is stored (a conditional update), so two Google accounts racing for one email cannot both link;
  // the caller refuses an account whose stored subject is another one.
  if (params.googleSub && !user.googleSub) {
    const [linked] = await db
      .update(users)
      .set({ googleSub: params.googleSub })
      .where(and(eq(users.id, user.id), isNull(users.googleSub)))
      .returning({ googleSub: users.googleSub });
    user.googleSub = linked?.googleSub ?? (await findUserById(db, user.id))?.googleSub ?? null;
  }
  return { user, created: user.id === params.id };
}

export type CreateSessionParams = { tokenHash: string; userId: string; createdAt: string; expiresAt: string };

export async function createSession(db: Db, params: CreateSessionParams) {
  await db.insert(sessions).values(params);
}

export async function deleteSession(db: Db, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/**
 * Ends every session of the member, on every device, with its audit row (entity `sessions`, the member as
 * actor, how many sessions there were before) in the same batch: the audit row is written first, counting the
 * rows the delete then removes. Returns how many sessions ended.
 */
export async function deleteAllSessionsAudited(db: Db, userId: string, now: string) {
  const [, ended] = await db.batch([
    db.insert(auditLog).values({
      id: newId(),
      actorId: userId,
      action: "delete",
      entity: "sessions",
      entityId: userId,
      before: sql`json_object('sessions', (select count(*) from ${sessions} where ${sessions.userId} = ${userId}))`,
      after: JSON.stringify({ sessions: 0 }),
      createdAt: now,
    }),
    db.delete(sessions).where(eq(sessions.userId, userId)).returning({ tokenHash: sessions.tokenHash }),
  ]);
  return ended.length;
}

export async function purgeExpiredSessions(db: Db, now: string) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

export type UsernameUpdate = { userId: string; username: string };

/**
 * Returns false when another account already holds the name: in any letter case or form (username_key), or written
 * with lookalikes of its letters in another script (username_skeleton, docs/decisions/104). The unique indexes decide.
 */
export async function setUsername(db: Db, { userId, username }: UsernameUpdate) {
  try {
    await db
      .update(users)
      .set({ username, usernameKey: usernameKey(username), usernameSkeleton: usernameSkeleton(username) })
      .where(eq(users.id, userId));
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}
