import type { Db } from "../../db/client";
import { findViewForEvent, recordProgress } from "../../db/queries/views";
import { notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/time";
import { refreshChallenges } from "../challenges/refresh";
import { judgeProgress, utcDay } from "./rules";

export type PlaybackEventInput = {
  viewerId: string;
  contentId: string;
  viewId?: string;
  eventType: "start" | "progress" | "complete";
  secondMark: number;
};

/**
 * Applies one progress/complete event to the caller's view, judged on the server's clock and the
 * server-measured duration. Ignored events are still recorded (for abuse review), marked not accepted.
 */
export async function recordPlaybackEvent(db: Db, input: PlaybackEventInput, nowMs = Date.now()) {
  const view = await findViewForEvent(db, input.viewerId, input.contentId, input.viewId);
  if (!view) throw notFound("No playback session for this content; start playing it again");
  const positionMs = Math.round(input.secondMark * 1000);
  const verdict = judgeProgress(
    {
      startedAtMs: Date.parse(view.startedAt),
      maxPositionMs: view.maxPositionMs,
      durationMs: view.durationMs,
      qualified: view.status !== "open",
    },
    positionMs,
    nowMs,
  );
  const receivedAt = nowIso(nowMs);
  await recordProgress(db, {
    viewId: view.id,
    eventId: newId(),
    eventType: input.eventType,
    positionMs,
    receivedAt,
    accepted: verdict.accepted,
    maxPositionMs: verdict.accepted ? verdict.maxPositionMs : undefined,
    qualify: verdict.accepted && verdict.qualifies ? { at: receivedAt, day: utcDay(receivedAt) } : undefined,
  });
  // A newly qualified view moves the viewer's streams challenge and the creator's views challenge.
  if (verdict.accepted && verdict.qualifies) await refreshChallenges(db, [view.viewerId, view.creatorId], receivedAt);
  return {
    view_id: view.id,
    accepted: verdict.accepted,
    qualified: view.status !== "open" || (verdict.accepted && verdict.qualifies),
  };
}
