import type { SessionUser } from "../../app-env";
import type { Db } from "../../db/client";
import { findContent } from "../../db/queries/content/content";
import { startRefusal } from "../../db/queries/earnings/start-refusal";
import { addressGroupHash } from "../../lib/address-group";
import { notFound } from "../../lib/errors";
import { nowIso } from "../../lib/time";
import { isPrivate, mayOpen } from "../content/visibility";
import { startEarnability } from "./counting";
import { utcDay } from "./rules";
import { watchSessionsOf } from "./watch-sessions-of";

/** The viewer, the database, the bindings (their watch-session object) and the secret that hashes addresses. */
type PlaybackContext = { db: Db; actor: SessionUser; env: Env; secret: string };
type StartInput = { contentId: string; discoveryMethod: string; deviceFingerprint: string; ip: string };

/**
 * Starts a view in the viewer's own watch-session object (docs/decisions/015) and says whether it can earn
 * from the start, and if not why (what the player's indicator shows: docs/decisions/035).
 */
export async function startPlayback({
  ctx: { db, actor, env, secret },
  input,
}: {
  ctx: PlaybackContext;
  input: StartInput;
}) {
  // One round trip each, side by side: the item, and the first earning rule a view of it starting now already
  // fails (the same SQL the earnings job pays by: docs/decisions/067).
  const [item, refused] = await Promise.all([
    findContent(db, input.contentId),
    startRefusal(db, { viewerId: actor.id, contentId: input.contentId, day: utcDay(nowIso()) }),
  ]);
  // A hidden item cannot be played by others (docs/decisions/027); its creator's and admins' views of it
  // never pay (the earnings job skips hidden items).
  if (!item || !mayOpen(item, actor)) throw notFound("Content not found");
  // A private (or scheduled) item has no audience (docs/decisions/094): only its creator, whose views never pay,
  // may start one. Admins may open its page to review it, but not start a view the earnings job would judge.
  if (isPrivate(item) && item.createdBy !== actor.id) throw notFound("Content not found");
  const started = await watchSessionsOf(env, actor.id).start({
    viewerId: actor.id,
    contentId: item.id,
    creatorId: item.createdBy,
    durationMs: item.durationMs,
    discoveryMethod: input.discoveryMethod,
    deviceFingerprint: input.deviceFingerprint,
    ipHash: input.ip ? await addressGroupHash(secret, input.ip) : "",
    mediaSize: item.mediaSize,
  });
  return { viewId: started.view_id, earnability: startEarnability(refused) };
}
