import { Hono } from "hono";
import { z } from "zod";
import type { SignedInEnv } from "../app-env";
import { findContent } from "../db/queries/content";
import { startView } from "../db/queries/views";
import { runEarningsJob } from "../domain/earnings/run-job";
import { recordPlaybackEvent } from "../domain/views/record-event";
import { sha256Hex } from "../lib/crypto";
import { notFound } from "../lib/errors";
import { newId } from "../lib/ids";
import { nowIso } from "../lib/time";
import { validate } from "../lib/validate";
import { discoveryMethods } from "../db/schema";

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const contentId = z.string().regex(ULID, "content_id must be a content id");

const startBody = z.object({
  content_id: contentId,
  event_type: z.literal("start").default("start"),
  second_mark: z.number().min(0).max(0).default(0),
  discovery_method: z.enum(discoveryMethods).default("browse"),
  device_fingerprint: z.string().max(128, "device_fingerprint must be at most 128 characters").default(""),
});

const eventBody = z.object({
  content_id: contentId,
  view_id: z.string().regex(ULID, "view_id must be a view id").optional(),
  event_type: z.enum(["start", "progress", "complete"]),
  second_mark: z.number().min(0, "second_mark must be 0 or more").max(7 * 24 * 3600),
});

/** Signed-in: playback sessions ("views") and the earnings job trigger (DESIGN.md §4). */
export const playbackRoutes = new Hono<SignedInEnv>()
  .post("/playback-events", validate("json", startBody), async (c) => {
    const body = c.req.valid("json");
    const db = c.get("db");
    const item = await findContent(db, body.content_id);
    if (!item) throw notFound("Content not found");
    const now = nowIso();
    const ip = c.req.header("cf-connecting-ip") ?? "";
    const view = {
      id: newId(),
      contentId: item.id,
      viewerId: c.get("user").id,
      creatorId: item.createdBy,
      discoveryMethod: body.discovery_method,
      deviceFingerprint: body.device_fingerprint,
      // Salted, so unique-view checks can tell IPs apart without the database holding any.
      ipHash: ip ? await sha256Hex(`${c.get("settings").sessionSecret}:ip:${ip}`) : "",
      startedAt: now,
      lastEventAt: now,
    };
    await startView(db, view, newId());
    return c.json({ view_id: view.id }, 201);
  })
  .post("/events/playback", validate("json", eventBody), async (c) => {
    const body = c.req.valid("json");
    const result = await recordPlaybackEvent(c.get("db"), {
      viewerId: c.get("user").id,
      contentId: body.content_id,
      viewId: body.view_id,
      eventType: body.event_type,
      secondMark: body.second_mark,
    });
    return c.json(result, 200);
  })
  .post("/earnings/calculate", async (c) => c.json(await runEarningsJob(c.get("db"), nowIso()), 200));
