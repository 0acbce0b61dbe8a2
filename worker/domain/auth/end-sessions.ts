import type { Db } from "../../db/client";
import { deleteAllSessionsAudited, deleteSession } from "../../db/queries/members/users";
import { sha256Hex } from "../../lib/crypto";
import { nowIso } from "../../lib/time";

/** The member signing out everywhere, and the database (the request's D1 session). */
export type SessionsContext = { db: Db; actor: { id: string }; now?: string };

/**
 * "Sign out of all devices" (docs/decisions/030): ends every session of the member, the one making the
 * request included, and records who did it and how many sessions there were in the audit log, in one batch.
 * A stolen session cookie stops working at once; a suspended member may use it too (it only takes access away).
 */
export async function endAllSessions({ ctx }: { ctx: SessionsContext; input?: Record<string, never> }) {
  const ended = await deleteAllSessionsAudited(ctx.db, ctx.actor.id, ctx.now ?? nowIso());
  return { ended };
}

/**
 * Sign out: ends the one session whose cookie the browser sent (by the token's hash). Anyone may end the
 * session they hold, so there is no actor to check: holding the token is the right to end it.
 */
export async function endSession({ ctx: { db }, input: { token } }: { ctx: { db: Db }; input: { token: string } }) {
  await deleteSession(db, await sha256Hex(token));
}
