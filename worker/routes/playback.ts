import { Hono } from "hono";
import {
  playbackEventBody,
  playbackEventOut,
  playbackStartBody,
  playbackStartOut,
  type PlaybackEventResponse,
  type PlaybackStartResponse,
} from "../../common/schemas/playback";
import type { SignedInEnv } from "../app-env";
import { findContent } from "../db/queries/content/content";
import { startRefusal } from "../db/queries/earnings/start-refusal";
import { startEarnability } from "../domain/views/counting";
import { mayOpen } from "../domain/content/visibility";
import { utcDay } from "../domain/views/rules";
import { watchSessionsOf } from "../domain/views/watch-sessions-of";
import { addressGroupHash } from "../lib/address-group";
import { notFound } from "../lib/errors";
import { nowIso } from "../lib/time";
import { validate } from "../lib/validate";
import { playbackStartLimit } from "../middleware/rate-limit";
import { responds } from "../openapi/responds";

/**
 * Signed-in: playback sessions ("views"), each judged by the viewer's own watch-session Durable Object
 * (docs/decisions/015).
 */
export const playbackRoutes = new Hono<SignedInEnv>()
  .post(
    "/playback-events",
    responds(
      "Start a view",
      {
        201: {
          description:
            "The new view's id, and whether it can earn; when it cannot, the reason (what the player's indicator says from the start).",
          schema: playbackStartOut,
        },
      },
      "A newer start stops every other view of the viewer that has not qualified yet (reason another_session).",
    ),
    playbackStartLimit,
    validate("json", playbackStartBody),
    async (c) => {
      const body = c.req.valid("json");
      const db = c.get("db");
      const user = c.get("user");
      // One round trip each, side by side: the item, and the first earning rule a view of it starting now
      // already fails (what the indicator says from the start: docs/decisions/035).
      const [item, refused] = await Promise.all([
        findContent(db, body.content_id),
        startRefusal(db, { viewerId: user.id, contentId: body.content_id, day: utcDay(nowIso()) }),
      ]);
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
      return c.json({ ...started, ...startEarnability(refused) } satisfies PlaybackStartResponse, 201);
    },
  )
  .post(
    "/events/playback",
    responds(
      "Report the player's position",
      {
        200: {
          description:
            "How the event was judged: accepted or not, whether it added watched time (and why not), the watched share, and whether the view qualified.",
          schema: playbackEventOut,
        },
      },
      "Judged on the viewer's own watch-session clock: positions ahead of real time count only in part. `complete` ends the view.",
    ),
    validate("json", playbackEventBody),
    async (c) => {
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
      const { view_id, accepted, qualified, counting, reason, watched_percent } = outcome;
      return c.json({ view_id, accepted, qualified, counting, ...(reason ? { reason } : {}), watched_percent } satisfies PlaybackEventResponse, 200);
    },
  );
