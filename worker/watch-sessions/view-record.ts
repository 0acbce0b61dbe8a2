import type { ViewRecord } from "../db/queries/views";
import { utcDay } from "../domain/views/rules";
import { nowIso } from "../lib/time";
import type { StoredSession } from "./session-store";

/** The D1 row of a session: qualified (the earnings job takes it from there) or ended without qualifying. */
export function viewRecord(viewerId: string, s: StoredSession, endReason?: "expired" | "another_session"): ViewRecord {
  const qualifiedAt = s.qualifiedAtMs === null ? null : nowIso(s.qualifiedAtMs);
  return {
    id: s.id,
    contentId: s.contentId,
    viewerId,
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
    endReason: qualifiedAt ? null : (endReason ?? s.endReason ?? "expired"),
  };
}
