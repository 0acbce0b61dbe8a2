import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { judgeProgress, qualifies } from "./rules";

const view = (over: Partial<Parameters<typeof judgeProgress>[0]> = {}) => ({
  startedAtMs: 0, maxPositionMs: 0, durationMs: 10_000, qualified: false, ...over,
});

describe("view rules", () => {
  it("qualifies at 80 % once 40 % of the duration minus 2 s has passed", () => {
    expect(judgeProgress(view(), 8000, 2000)).toEqual({ accepted: true, maxPositionMs: 8000, qualifies: true });
    expect(judgeProgress(view(), 8000, 1999)).toMatchObject({ qualifies: false });
    expect(judgeProgress(view(), 7999, 60_000)).toMatchObject({ qualifies: false });
  });

  it("ignores positions going backwards or past the end", () => {
    expect(judgeProgress(view({ maxPositionMs: 5000 }), 4000, 9000)).toEqual({ accepted: false, reason: "backwards" });
    expect(judgeProgress(view(), 11_001, 9000)).toEqual({ accepted: false, reason: "past_end" });
    expect(judgeProgress(view(), 10_900, 9000)).toMatchObject({ accepted: true, maxPositionMs: 10_000 });
  });

  it("never qualifies a view twice", () => {
    expect(judgeProgress(view({ qualified: true }), 9000, 60_000)).toMatchObject({ accepted: true, qualifies: false });
  });

  it("never qualifies faster than 2x playback allows, whatever the events", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5000, max: 3_600_000 }),
        fc.array(fc.tuple(fc.double({ min: 0, max: 1.2, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })), { maxLength: 30 }),
        (durationMs, events) => {
          let state = view({ durationMs });
          for (const [pos, time] of events) {
            const now = Math.floor(time * durationMs);
            const v = judgeProgress(state, Math.floor(pos * durationMs), now);
            if (v.accepted) {
              if (v.qualifies) expect(now).toBeGreaterThanOrEqual(0.4 * durationMs - 2000);
              if (v.qualifies) expect(v.maxPositionMs).toBeGreaterThanOrEqual(0.8 * durationMs);
              state = { ...state, maxPositionMs: v.maxPositionMs, qualified: state.qualified || v.qualifies };
            }
          }
        },
      ),
    );
  });

  it("agrees with qualifies() for a direct check", () => {
    expect(qualifies({ startedAtMs: 1000, maxPositionMs: 800, durationMs: 1000 }, 1000)).toBe(true);
  });
});
