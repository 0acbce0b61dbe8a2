import { QUALIFY_PERCENT } from "../../../common/earning-policy";

// What makes a view count (docs/architecture.md "The money path"; docs/decisions/015): pure functions the
// watch-session Durable Object applies to every playback event, on the server's clock. What a counted view
// pays, and the rules that may refuse it, are the earning policy's (common/earning-policy.ts).

export const QUALIFY_FRACTION = QUALIFY_PERCENT / 100;
/** A position may advance at most this many times the server time since the previous accepted event. */
export const MAX_PLAYBACK_SPEED = 2;
/** Per event: absorbs network jitter between two events (an event delayed, the next one on time). */
export const PACE_GRACE_MS = 1500;
/** The player sends a heartbeat about every 10 s while playing; a longer silence is a pause, not watching. */
export const HEARTBEAT_GAP_LIMIT_MS = 30_000;
/** Players report a position a hair past the metadata duration at the very end. */
export const END_TOLERANCE_MS = 1000;
/** An open session with no accepted event for about twice the item's duration (within these bounds) ends. */
const EXPIRY_MIN_MS = 5 * 60_000;
const EXPIRY_MAX_MS = 3 * 3600_000;

/** A session as the object keeps it; times are server epoch milliseconds. */
export type Session = {
  startedAtMs: number;
  lastEventAtMs: number;
  /** The last accepted position (ms). */
  positionMs: number;
  /** Watched media time the rules accepted (ms). */
  accruedMs: number;
  durationMs: number;
  /** False once the viewer started another session: this one may go on, but no longer accrues. */
  earning: boolean;
};

export type EventVerdict =
  | { accepted: false; reason: "backwards" | "past_end" }
  | { accepted: true; session: Session; tooFast: boolean; qualifies: boolean };

/**
 * Judges one reported position. Accepted positions move the session; only the part of the advance that
 * fits the pace (≤ 2× the server time since the previous accepted event, plus a little grace, never after
 * a silence longer than a heartbeat gap) counts as watched, and the total never exceeds 2× the server time
 * since the start. A session that no longer earns accepts positions but accrues nothing.
 */
export function judgeEvent(s: Session, positionMs: number, nowMs: number): EventVerdict {
  if (positionMs > s.durationMs + END_TOLERANCE_MS) return { accepted: false, reason: "past_end" };
  if (positionMs < s.positionMs) return { accepted: false, reason: "backwards" };
  const position = Math.min(positionMs, s.durationMs);
  const advance = position - s.positionMs;
  const sinceLast = Math.max(0, nowMs - s.lastEventAtMs);
  const paced =
    sinceLast > HEARTBEAT_GAP_LIMIT_MS ? 0 : Math.min(advance, MAX_PLAYBACK_SPEED * sinceLast + PACE_GRACE_MS);
  const ceiling = MAX_PLAYBACK_SPEED * Math.max(0, nowMs - s.startedAtMs);
  const accruedMs = s.earning ? Math.max(s.accruedMs, Math.min(s.accruedMs + paced, ceiling)) : s.accruedMs;
  const next: Session = { ...s, positionMs: position, lastEventAtMs: Math.max(s.lastEventAtMs, nowMs), accruedMs };
  // "Too fast" (the player's indicator, 035) only when the event lost more than the per-event jitter allowance:
  // at the 2× the player offers, the total ceiling clips an event by up to twice the jitter (a start slower to
  // arrive than the events) without anyone running fast (docs/decisions/047). What accrues is unchanged.
  const tooFast = s.earning && advance - (accruedMs - s.accruedMs) > PACE_GRACE_MS;
  return { accepted: true, session: next, tooFast, qualifies: s.earning && watchedEnough(next) && !watchedEnough(s) };
}

/**
 * The position a `complete` event stands for. Players end a hair before or after the server's measured
 * duration (their metadata differs by a frame or so): an end within END_TOLERANCE_MS of it is the end, so a
 * view played to its end can reach 100 %. It is judged like any position, so the pace still limits it.
 */
export const completePositionMs = (s: Pick<Session, "durationMs">, positionMs: number) =>
  positionMs >= s.durationMs - END_TOLERANCE_MS ? Math.max(positionMs, s.durationMs) : positionMs;

/** ≥ 80 % of the server-measured duration covered by accrued watched time. */
export const watchedEnough = (s: Pick<Session, "accruedMs" | "durationMs">) =>
  s.durationMs > 0 && s.accruedMs >= QUALIFY_FRACTION * s.durationMs;

/** How long an open session may go without an accepted event before it ends. */
export const expiryAfterMs = (durationMs: number) => Math.min(EXPIRY_MAX_MS, Math.max(EXPIRY_MIN_MS, 2 * durationMs));

/** The UTC day a qualified view counts toward for the per-day caps. */
export const utcDay = (iso: string) => iso.slice(0, 10);
