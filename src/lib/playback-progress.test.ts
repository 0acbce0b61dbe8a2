import { describe, expect, it } from "vitest";
import { dueEvents, freshProgress, observePosition, type ProgressEvent, type ViewProgress } from "./playback-progress";

/** Feeds positions (seconds of a `duration`-second item) and collects every event that became due. */
function play(positions: number[], duration = 100, from: ViewProgress = freshProgress) {
  let progress = from;
  const events: ProgressEvent[] = [];
  for (const position of positions) {
    progress = observePosition(progress, position, duration);
    const due = dueEvents(progress);
    progress = due.next;
    events.push(...due.events);
  }
  return { progress, events };
}

const progressAt = (second_mark: number): ProgressEvent => ({ event_type: "progress", second_mark });
const completeAt = (second_mark: number): ProgressEvent => ({ event_type: "complete", second_mark });

describe("playback progress", () => {
  it("sends nothing until the percentage has risen 10 points, then one event per 10-point rise", () => {
    const { events } = play([0, 4, 9.9, 10, 12, 19.9, 20.5, 30]);
    expect(events).toEqual([progressAt(10), progressAt(20.5)]);
  });

  it("measures each step from the last percentage sent, not from round numbers", () => {
    // 11 is sent; 20 is only 9 points above it, 21 is 10.
    expect(play([11, 20, 21]).events).toEqual([progressAt(11), progressAt(21)]);
  });

  it("uses the furthest position reached: seeking back sends nothing and never lowers it", () => {
    const { events, progress } = play([10, 50, 20, 5, 55, 60]);
    expect(events).toEqual([progressAt(10), progressAt(50), progressAt(60)]);
    expect(progress.maxSeconds).toBe(60);
  });

  it("sends complete once, at 80 %, beside the progress event due then", () => {
    const { events } = play([10, 20, 30, 40, 50, 60, 70, 79.9, 80, 90, 100, 100]);
    expect(events.filter((e) => e.event_type === "complete")).toEqual([completeAt(80)]);
    expect(events.slice(-3)).toEqual([completeAt(80), progressAt(90), progressAt(100)]);
  });

  it("sends a jump straight past 80 % as one progress and the complete", () => {
    expect(play([85]).events).toEqual([progressAt(85), completeAt(85)]);
  });

  it("sends nothing while the duration is unknown, and catches up once it is known", () => {
    let progress = observePosition(freshProgress, 3, Number.NaN);
    expect(dueEvents(progress).events).toEqual([]);
    progress = observePosition(progress, 3, 0);
    expect(dueEvents(progress).events).toEqual([]);
    progress = observePosition(progress, 3, 6);
    expect(dueEvents(progress).events).toEqual([progressAt(3)]);
  });

  it("counts short clips exactly despite float positions (0.6 s of 6 s is 10 %)", () => {
    expect(play([0.6, 4.8], 6).events).toEqual([progressAt(0.6), progressAt(4.8), completeAt(4.8)]);
  });

  it("never reports a position past the end", () => {
    expect(play([100.4]).events).toEqual([progressAt(100), completeAt(100)]);
  });
});
