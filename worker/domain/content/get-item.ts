import type { Db } from "../../db/client";
import { readSettings } from "../../db/queries/settings/settings";
import { findContentWithCaptions } from "../../db/queries/captions/captions";
import { notFound } from "../../lib/errors";
import { PREROLL_SKIP_DEFAULT, prerollSkipMinutes } from "../settings/ad-settings";
import { resumeAtSeconds, skipsPreroll } from "../views/resume";
import { watchSessionsOf } from "../views/watch-sessions-of";
import { mayOpen, seesModeration, type Caller } from "./visibility";

type ItemCall = { ctx: { db: Db; actor: Caller; env: Env }; input: { id: string; nowMs: number } };

/**
 * One item with its caption tracks, for anyone who may open it (a hidden one: its creator and admins, who also
 * see what moderators did; a deleted one: nobody, docs/decisions/027, 028), and for a signed-in caller where
 * they left it and whether the pre-roll is skipped (docs/decisions/045).
 */
export async function getItem({ ctx: { db, actor, env }, input: { id, nowMs } }: ItemCall) {
  // Side by side: the item, and for a signed-in caller their last position (their own watch-session object, one
  // RPC), then the pre-roll window only when they played the item before. With the session lookup: 2 D1 round
  // trips, 3 for an item the caller played (docs/decisions/045).
  const lastAndWindow = async (viewerId: string) => {
    const last = await watchSessionsOf(env, viewerId).lastPosition(id);
    return {
      last,
      minutes: last ? prerollSkipMinutes((await readSettings(db, PREROLL_SKIP_DEFAULT)).preroll_skip_minutes) : 0,
    };
  };
  const [item, played] = await Promise.all([findContentWithCaptions(db, id), actor ? lastAndWindow(actor.id) : null]);
  if (!item || !mayOpen(item, actor)) throw notFound("Content not found");
  return {
    item,
    showsModeration: seesModeration(item, actor),
    resumeAtSeconds: resumeAtSeconds(played?.last ?? null),
    skipsPreroll: played !== null && skipsPreroll(played.last, nowMs, played.minutes),
  };
}
