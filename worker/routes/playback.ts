import { Hono } from "hono";
import {
  playbackEventBody,
  playbackEventOut,
  playbackStartBody,
  playbackStartOut,
  type PlaybackEventResponse,
} from "../../common/schemas/playback";
import type { SignedInEnv } from "../app-env";
import { startPlayback } from "../domain/views/start-playback";
import { watchSessionsOf } from "../domain/views/watch-sessions-of";
import { notFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { playbackStartLimit } from "../middleware/rate-limit";
import { responds } from "../openapi/responds";
import { playbackStartJson } from "./serializers/playback";

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
      const ctx = { db: c.get("db"), actor: c.get("user"), env: c.env, secret: c.get("settings").sessionSecret };
      const input = {
        contentId: body.content_id,
        discoveryMethod: body.discovery_method,
        deviceFingerprint: body.device_fingerprint,
        ip: c.req.header("cf-connecting-ip") ?? "",
      };
      return c.json(playbackStartJson(await startPlayback({ ctx, input })), 201);
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
        playheadSeconds: body.playhead_seconds,
        eventType: body.event_type,
      });
      if (!outcome.found) throw notFound("No playback session for this content; start playing it again");
      const { view_id, accepted, qualified, counting, reason, watched_percent } = outcome;
      return c.json(
        {
          view_id,
          accepted,
          qualified,
          counting,
          ...(reason ? { reason } : {}),
          watched_percent,
        } satisfies PlaybackEventResponse,
        200,
      );
    },
  );
