import { APPEAL_WINDOW_DAYS } from "../../../common/appeals";
import { insertAppeal } from "../../db/queries/appeals/appeal-writes";
import { myActions } from "../../db/queries/appeals/appeal-reads";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/time";
import type { MemberCall } from "../member-context";

// A member appeals a moderation action against them (docs/decisions/092): once per action, within the window,
// while the action is in force. A suspended member may appeal too: this is how they ask to be reinstated.

const DAY_MS = 24 * 3600_000;

/** The last moment an action taken at `actedAt` may be appealed. */
export const appealUntil = (actedAt: string) =>
  new Date(Date.parse(actedAt) + APPEAL_WINDOW_DAYS * DAY_MS).toISOString();

/**
 * One conditional insert and its read-back: 201 with the appeal; 404 for an action that does not exist or is not
 * against the caller; 400 for one that cannot be appealed (not a takedown or suspension); 409 for a second
 * appeal, an action already undone, or one older than the window.
 */
export async function appealAction({
  ctx,
  input,
}: MemberCall<{ actionId: string; text: string }> & { ctx: { now?: string } }) {
  const now = ctx.now ?? nowIso();
  const id = newId();
  const since = new Date(Date.parse(now) - APPEAL_WINDOW_DAYS * DAY_MS).toISOString();
  const row = await insertAppeal(ctx.db, {
    id,
    actionId: input.actionId,
    userId: ctx.actor.id,
    text: input.text,
    now,
    since,
  });
  if (!row || !row.mine) throw notFound("Moderation action not found");
  if (row.action !== "takedown" && row.action !== "suspend" && row.action !== "comment_takedown")
    throw badRequest("Only a takedown or a suspension can be appealed", "not_appealable");
  if (row.appealId === id) {
    return {
      appeal: {
        id,
        text: row.text!,
        status: row.status!,
        decisionNote: row.decisionNote ?? "",
        createdAt: row.createdAt!,
        decidedAt: row.decidedAt,
      },
    };
  }
  if (row.appealId) throw conflict("You have already appealed this action", "already_appealed");
  if (!row.inForce) throw conflict("This action has already been undone", "action_undone");
  throw conflict(`Appeals can only be sent within ${APPEAL_WINDOW_DAYS} days of the action`, "appeal_window_closed");
}

/**
 * The actions against the caller (their items' and comments' takedowns, their suspensions), newest first, with
 * their appeals.
 */
export async function listMyAppeals({ ctx }: MemberCall<Record<string, never>>) {
  return myActions(ctx.db, ctx.actor.id);
}
