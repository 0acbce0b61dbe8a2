import type { ViewRecord } from "../db/queries/views/views";
import { utcDay, watchedEnough } from "../domain/views/rules";
import type { ViewEndReason } from "../domain/views/view-outcome";
import { nowIso } from "../lib/time";
import type { StoredSession } from "./session-store";

/** What ended a session that never qualified. */
export type EndCause = Exclude<ViewEndReason, "not_delivered">;

/**
 * The D1 row of a session: qualified (the earnings job takes it from there) or ended without qualifying.
 * An unqualified session whose watching counted was missing only the proof of delivery (docs/decisions/029),
 * whatever ended it.
 */
export function viewRecord(s: StoredSession, cause?: EndCause): ViewRecord {
  const qualifiedAt = s.qualifiedAtMs === null ? null : nowIso(s.qualifiedAtMs);
  const ended: ViewEndReason = watchedEnough(s) ? "not_delivered" : (cause ?? s.endReason ?? "expired");
  return {
    id: s.id,
    contentId: s.contentId,
    viewerId: s.viewerId,
    creatorId: s.creatorId,
    discoveryMethod: s.discoveryMethod as ViewRecord["discoveryMethod"],
    deviceFingerprint: s.deviceFingerprint,
    ipHash: s.ipHash,
    startedAt: nowIso(s.startedAtMs),
    maxPositionMs: s.positionMs,
    lastEventAt: nowIso(s.lastEventAtMs),
    qualifiedAt,
    qualifiedDay: qualifiedAt && utcDay(qualifiedAt),
    status: qualifiedAt ? "qualified" : "ended",
    watchTimeMs: s.accruedMs,
    endReason: qualifiedAt ? null : ended,
  };
}
