import { describe, expect, it } from "vitest";
import { judgeEvent, type Session } from "./rules";

// The player offers 0.5–2× (docs/decisions/047); the pacing rule accepts up to 2× (015). These play
// what the player really sends at 2×, on the server's clock, with the network in between.

const DURATION_MS = 60_000;
const HEARTBEAT_MS = 10_000;

/**
 * The player's events for one item at `speed`: a 10 % step every tenth of the media, a heartbeat every 10 s of
 * the viewer's time, as (position, client ms since playback began), in order.
 */
function playerEvents(speed: number, durationMs = DURATION_MS): [number, number][] {
  const events = new Map<number, number>();
  for (let step = 1; step <= 10; step++) events.set((step * durationMs) / 10, (step * durationMs) / 10 / speed);
  for (let t = HEARTBEAT_MS; t * speed < durationMs; t += HEARTBEAT_MS) events.set(t * speed, t);
  return [...events].sort((a, b) => a[1] - b[1]);
}

/** Judges each event at `clientMs + latency(i)` of server time, the start having arrived `startLatencyMs` in. */
function judge(events: [number, number][], startLatencyMs: number, latency: (i: number) => number) {
  let s: Session = {
    startedAtMs: startLatencyMs,
    lastEventAtMs: startLatencyMs,
    positionMs: 0,
    accruedMs: 0,
    durationMs: DURATION_MS,
    earning: true,
  };
  const verdicts = events.map(([position, clientMs], i) => {
    const v = judgeEvent(s, position, clientMs + latency(i));
    if (v.accepted) s = v.session;
    return v;
  });
  return { verdicts, s };
}

describe("2× playback under the pacing rule", () => {
  it("counts every event and qualifies when the network is steady", () => {
    const { verdicts, s } = judge(playerEvents(2), 80, () => 80);
    expect(verdicts.map((v) => v.accepted && !v.tooFast)).toEqual(verdicts.map(() => true));
    expect(verdicts.some((v) => v.accepted && v.qualifies)).toBe(true);
    expect(s.accruedMs).toBe(DURATION_MS);
  });

  it("counts every event when latency jitters by up to 700 ms between events", () => {
    const jitter = [40, 700, 20, 650, 0, 700, 100, 10, 690, 30, 600, 5, 700];
    const { verdicts, s } = judge(playerEvents(2), 40, (i) => jitter[i % jitter.length]!);
    expect(verdicts.filter((v) => !v.accepted || v.tooFast)).toEqual([]);
    expect(s.accruedMs).toBeGreaterThanOrEqual(0.8 * DURATION_MS);
  });

  it("counts every event when the start reached the server later than the events do", () => {
    // A start that took 400 ms (it reads the item and the day's places) and events that take 50 ms.
    const { verdicts, s } = judge(playerEvents(2), 400, () => 50);
    expect(verdicts.filter((v) => !v.accepted || v.tooFast)).toEqual([]);
    expect(s.accruedMs).toBeGreaterThanOrEqual(0.8 * DURATION_MS);
  });

  it("still refuses 3×: the view does not reach 80 %, and the player is told it is too fast", () => {
    const { verdicts, s } = judge(playerEvents(3), 80, () => 80);
    expect(verdicts.some((v) => v.accepted && v.tooFast)).toBe(true);
    expect(s.accruedMs).toBeLessThan(0.8 * DURATION_MS);
  });
});
