import { Hono } from "hono";
import { playbackEventBody, playbackStartBody } from "../../common/schemas/playback";
import type { SignedInEnv } from "../app-env";
import { findContent } from "../db/queries/content";
import { mayOpen } from "../domain/content/visibility";
import { watchSessionsOf } from "../domain/views/watch-sessions-of";
import { addressGroupHash } from "../lib/address-group";
import { notFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { playbackStartLimit } from "../middleware/rate-limit";

/**
 * Signed-in: playback sessions ("views"), each judged by the viewer's own watch-session Durable Object
 * (docs/decisions/015).
 */
export const playbackRoutes = new Hono<SignedInEnv>()
  .post("/playback-events", playbackStartLimit, validate("json", playbackStartBody), async (c) => {
    const body = c.req.valid("json");
    const item = await findContent(c.get("db"), body.content_id);
    const user = c.get("user");
    // A hidden item cannot be played by others (docs/decisions/027); its creator's and admins' views of it
    // never pay (the earnings job skips hidden items).
    if (!item || !mayOpen(item, user)) throw notFound("Content not found");
    const ip = c.req.header("cf-connecting-ip") ?? "";
    const started = await watchSessionsOf(c.env, user.id).start({
      viewerId: user.id,
      contentId: item.id,
      creatorId: item.createdBy,
      durationMs: item.durationMs,
      discoveryMethod: body.discovery_method,
      deviceFingerprint: body.device_fingerprint,
      ipHash: ip ? await addressGroupHash(c.get("settings").sessionSecret, ip) : "",
      mediaSize: item.mediaSize,
    });
    return c.json(started, 201);
  })
  .post("/events/playback", validate("json", playbackEventBody), async (c) => {
    const body = c.req.valid("json");
    const user = c.get("user");
    const outcome = await watchSessionsOf(c.env, user.id).event({
      viewerId: user.id,
      contentId: body.content_id,
      viewId: body.view_id,
      secondMark: body.second_mark,
      eventType: body.event_type,
    });
    if (!outcome.found) throw notFound("No playback session for this content; start playing it again");
    const { view_id, accepted, qualified } = outcome;
    return c.json({ view_id, accepted, qualified }, 200);
  });
