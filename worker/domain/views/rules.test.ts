import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  completePositionMs,
  END_TOLERANCE_MS,
  HEARTBEAT_GAP_LIMIT_MS,
  judgeEvent,
  MAX_PLAYBACK_SPEED,
  PACE_GRACE_MS,
  type Session,
  watchedEnough,
} from "./rules";

const session = (over: Partial<Session> = {}): Session => ({
  startedAtMs: 0,
  lastEventAtMs: 0,
  positionMs: 0,
  accruedMs: 0,
  durationMs: 60_000,
  earning: true,
  ...over,
});

/** Plays events in order (position, server time) and returns the final session and whether it qualified. */
function play(start: Session, events: [positionMs: number, nowMs: number][]) {
  let s = start;
  let qualifiedAt: number | null = null;
  for (const [position, now] of events) {
    const v = judgeEvent(s, position, now);
    if (!v.accepted) continue;
    if (v.qualifies) qualifiedAt = now;
    s = v.session;
  }
  return { s, qualifiedAt };
}

describe("pacing rules", () => {
  it("an honest viewer watching at normal speed with a heartbeat every 10 s qualifies at 80 %", () => {
    const events: [number, number][] = [];
    for (let t = 10_000; t <= 60_000; t += 10_000) events.push([t, t]);
    const { qualifiedAt, s } = play(session(), events);
    expect(qualifiedAt).toBe(50_000);
    expect(s.accruedMs).toBe(60_000);
  });

  it("a jump to 80 % right after the start accrues only what 2× playback allows", () => {
    const v = judgeEvent(session(), 48_000, 6000);
    expect(v).toMatchObject({ accepted: true, tooFast: true, qualifies: false });
    if (v.accepted) expect(v.session.accruedMs).toBe(2 * 6000);
  });

  it("a short item is not free: a 1 s clip needs half a second of real time, not 50 ms", () => {
    expect(judgeEvent(session({ durationMs: 1000 }), 1000, 50)).toMatchObject({ accepted: true, qualifies: false });
    expect(judgeEvent(session({ durationMs: 1000 }), 1000, 400)).toMatchObject({ accepted: true, qualifies: true });
  });

  it("a silence longer than the heartbeat limit does not count", () => {
    const paused = judgeEvent(
      session({ positionMs: 20_000, accruedMs: 20_000, lastEventAtMs: 20_000 }),
      30_000,
      20_000 + HEARTBEAT_GAP_LIMIT_MS + 1,
    );
    expect(paused).toMatchObject({ accepted: true });
    if (paused.accepted) expect(paused.session).toMatchObject({ positionMs: 30_000, accruedMs: 20_000 });
  });

  it("ignores positions going backwards or past the end, and accepts a hair past the end", () => {
    expect(judgeEvent(session({ positionMs: 5000 }), 4000, 9000)).toEqual({ accepted: false, reason: "backwards" });
    expect(judgeEvent(session(), 61_001, 9000)).toEqual({ accepted: false, reason: "past_end" });
    const end = judgeEvent(session({ positionMs: 59_000, accruedMs: 59_000, lastEventAtMs: 59_000 }), 60_900, 60_000);
    expect(end).toMatchObject({ accepted: true });
    if (end.accepted) expect(end.session.positionMs).toBe(60_000);
  });

  it("a session that no longer earns accepts positions but never accrues or qualifies", () => {
    const v = judgeEvent(session({ earning: false }), 50_000, 50_000);
    expect(v).toMatchObject({ accepted: true, qualifies: false });
    if (v.accepted) expect(v.session.accruedMs).toBe(0);
  });

  it("qualifies once: later events on a qualified session do not qualify it again", () => {
    const done = session({ positionMs: 50_000, accruedMs: 50_000, lastEventAtMs: 50_000 });
    expect(watchedEnough(done)).toBe(true);
    expect(judgeEvent(done, 55_000, 55_000)).toMatchObject({ qualifies: false });
  });

  const eventsArb = fc.array(fc.tuple(fc.integer({ min: 0, max: 1_300_000 }), fc.integer({ min: 0, max: 40_000 })), {
    maxLength: 60,
  });

  it("for any event sequence, accrued time ≤ 2 × server time elapsed, and ≤ the duration", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 1_200_000 }), eventsArb, (durationMs, steps) => {
        let s = session({ durationMs });
        let now = 0;
        for (const [position, wait] of steps) {
          now += wait;
          const v = judgeEvent(s, position, now);
          if (!v.accepted) continue;
          s = v.session;
          expect(s.accruedMs).toBeLessThanOrEqual(MAX_PLAYBACK_SPEED * now);
          expect(s.accruedMs).toBeLessThanOrEqual(durationMs);
          if (v.qualifies) expect(now).toBeGreaterThanOrEqual((0.8 * durationMs) / MAX_PLAYBACK_SPEED);
        }
      }),
    );
  });

  it("for any event sequence, one event adds at most 2× the time since the previous accepted one plus the grace", () => {
    fc.assert(
      fc.property(eventsArb, (steps) => {
        let s = session({ durationMs: 1_200_000 });
        let now = 0;
        for (const [position, wait] of steps) {
          now += wait;
          const v = judgeEvent(s, position, now);
          if (!v.accepted) continue;
          expect(v.session.accruedMs - s.accruedMs).toBeLessThanOrEqual(
            MAX_PLAYBACK_SPEED * (now - s.lastEventAtMs) + PACE_GRACE_MS,
          );
          s = v.session;
        }
      }),
    );
  });
});

describe("the end a complete event stands for", () => {
  it("is the duration when the player ends within the tolerance of it, its own position otherwise", () => {
    const s = session({ durationMs: 60_000 });
    expect(completePositionMs(s, 60_000 - END_TOLERANCE_MS)).toBe(60_000);
    expect(completePositionMs(s, 60_400)).toBe(60_400);
    expect(completePositionMs(s, 60_000 - END_TOLERANCE_MS - 1)).toBe(60_000 - END_TOLERANCE_MS - 1);
  });

  it("still accrues only what the pace allows: an instant complete at the end earns the grace, no more", () => {
    const v = judgeEvent(session(), completePositionMs(session(), 59_500), 0);
    expect(v).toMatchObject({
      accepted: true,
      tooFast: true,
      qualifies: false,
      session: { positionMs: 60_000, accruedMs: 0 },
    });
    const later = judgeEvent(
      session({ startedAtMs: 0, lastEventAtMs: 0 }),
      completePositionMs(session(), 59_500),
      1000,
    );
    expect(later).toMatchObject({ tooFast: true, session: { accruedMs: MAX_PLAYBACK_SPEED * 1000 } });
  });
});
