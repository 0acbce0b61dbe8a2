import {
  keepDeadLetters,
  listDeadLetters as listDeadLetterRows,
  restoreDeadLetter,
  takeDeadLetter,
} from "../../db/queries/queues/dead-letters";
import { conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/time";
import { checkAdmin, type AdminCall } from "../admin/admin-context";
import type { DbJobCall } from "../job-context";
import { kindOf, queueOf, type QueueMessage } from "./messages";

/** What the dead-letter consumer is given of each message. */
type DeadLetterIn = { id: string; body: unknown; attempts: number };

/**
 * The dead-letter queue's part (docs/decisions/079): keeps every message that failed all its retries, so the
 * admin sees what is stuck (money never waits on it: the cron credits any qualified view the queue did not).
 */
export async function keepDeadLettered({
  ctx: { db },
  input: { messages, now },
}: DbJobCall<{ messages: DeadLetterIn[]; now: string }>) {
  await keepDeadLetters(
    db,
    messages.map((m) => ({
      id: m.id,
      kind: kindOf(m.body),
      body: JSON.stringify(m.body),
      attempts: m.attempts,
      received_at: now,
    })),
  );
}

const SHOWN = 200;

/** Admin: the dead letters, oldest first (at most 200), and how many there are. */
export async function listDeadLetters({ ctx }: AdminCall<null>) {
  checkAdmin(ctx);
  return listDeadLetterRows(ctx.db, SHOWN);
}

type ResendCall = AdminCall<{ id: string }> & { ctx: { env: Pick<Env, "CREDIT_QUEUE" | "TRAFFIC_QUEUE"> } };

/**
 * Admin: sends a dead letter back to the queue it came from (its kind says which) and forgets it, audited. The
 * consumers are idempotent for credits and visits, so a letter sent twice pays and counts once; a beacon sent
 * back counts once more, which is what it failed to do. A send that fails puts the letter back.
 */
export async function resendDeadLetter({ ctx, input: { id } }: ResendCall) {
  checkAdmin(ctx);
  const row = await takeDeadLetter(ctx.db, id, { auditId: newId(), actorId: ctx.actor.id, now: nowIso() });
  if (!row) throw notFound("No such dead letter", "not_found");
  const body = JSON.parse(row.body) as QueueMessage;
  if (kindOf(body) === "unknown") {
    await restoreDeadLetter(ctx.db, row);
    throw conflict("This dead letter names no queue of ours", "unknown_kind");
  }
  try {
    await queueOf(ctx.env, body).send(body);
  } catch (error) {
    await restoreDeadLetter(ctx.db, row);
    throw error;
  }
  return { id: row.id, kind: row.kind };
}
