import type { Db } from "../../db/client";
import { deleteAllSessionsAudited } from "../../db/queries/users";
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
