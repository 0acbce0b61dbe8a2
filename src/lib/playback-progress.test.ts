import { describe, expect, it } from "vitest";
import {
  dueEvents,
  endProgress,
  HEARTBEAT_MS,
  type Heartbeat,
  observePosition,
  type ProgressEvent,
  startProgress,
  type ViewProgress,
} from "./playback-progress";

type Tick = { position: number; at?: number; heartbeat?: Heartbeat };

/**
 * Feeds positions (seconds of a `duration`-second item) and collects every event that became due.
 * Plain numbers are positions seen at time 0 with no heartbeat, so only the 10-point steps apply.
 */
function play(ticks: (number | Tick)[], duration = 100, from: ViewProgress = startProgress(0)) {
  let progress = from;
  const events: ProgressEvent[] = [];
  for (const tick of ticks) {
    const { position, at = 0, heartbeat = "off" } = typeof tick === "number" ? { position: tick } : tick;
    progress = observePosition(progress, position, duration);
    const due = dueEvents(progress, at, heartbeat);
    progress = due.next;
    events.push(...due.events);
  }
  return { progress, events };
}

const progressAt = (second_mark: number): ProgressEvent => ({ event_type: "progress", second_mark });
const completeAt = (second_mark: number): ProgressEvent => ({ event_type: "complete", second_mark });
/** `seconds` positions of a playing item, one a second, from `position` seen at `at` ms. */
const playing = (position: number, at: number, seconds: number): Tick[] =>
  Array.from({ length: seconds }, (_, i) => ({ position: position + i, at: at + i * 1000, heartbeat: "due" }));

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

  it("sends no complete on the way, however far the position goes: complete ends the view", () => {
    const { events } = play([10, 20, 30, 40, 50, 60, 70, 79.9, 80, 90, 100, 100]);
    expect(events.filter((e) => e.event_type === "complete")).toEqual([]);
    expect(events.slice(-3)).toEqual([progressAt(80), progressAt(90), progressAt(100)]);
  });

  it("sends complete once at the end, after the last position", () => {
    const { progress } = play([10, 20, 95]);
    const end = dueEvents(endProgress(observePosition(progress, 100, 100)), 0, "now");
    expect(end.events).toEqual([progressAt(100), completeAt(100)]);
    expect(dueEvents(end.next, 0, "now").events).toEqual([]);
  });

  it("sends complete at the end even when the last position went out already", () => {
    const { progress } = play([100]);
    expect(dueEvents(endProgress(progress), 0, "off").events).toEqual([completeAt(100)]);
  });

  it("sends nothing while the duration is unknown, and catches up once it is known", () => {
    let progress = observePosition(startProgress(0), 3, Number.NaN);
    expect(dueEvents(progress, HEARTBEAT_MS, "now").events).toEqual([]);
    progress = observePosition(progress, 3, 0);
    expect(dueEvents(progress, HEARTBEAT_MS, "due").events).toEqual([]);
    progress = observePosition(progress, 3, 6);
    expect(dueEvents(progress, 0, "off").events).toEqual([progressAt(3)]);
  });

  it("counts short clips exactly despite float positions (0.6 s of 6 s is 10 %)", () => {
    expect(play([0.6, 4.8], 6).events).toEqual([progressAt(0.6), progressAt(4.8)]);
  });

  it("never reports a position past the end", () => {
    expect(play([100.4]).events).toEqual([progressAt(100)]);
  });
});

describe("playback heartbeat", () => {
  it("sends the position every HEARTBEAT_MS while playing a long item, where 10 % steps are a minute apart", () => {
    const { events } = play(playing(0, 0, 36), 600);
    expect(HEARTBEAT_MS).toBe(10_000);
    expect(events).toEqual([progressAt(10), progressAt(20), progressAt(30)]);
  });

  it("counts the heartbeat's time from the last event of any kind, the start included", () => {
    // Started at 0; a seek to 70 s at 4 s sends a step; the next heartbeat is 10 s after that one.
    const { events } = play(
      [...playing(0, 0, 4), { position: 70, at: 4_000, heartbeat: "due" }, ...playing(71, 5_000, 12)],
      600,
    );
    expect(events).toEqual([progressAt(70), progressAt(80)]);
  });

  it("measures the next 10-point step from the last heartbeat", () => {
    const from = play([{ position: 10, at: 10_000, heartbeat: "due" }], 100).progress;
    expect(from.reportedPercent).toBe(10);
    expect(
      play(
        [
          { position: 19, at: 11_000, heartbeat: "due" },
          { position: 20, at: 12_000, heartbeat: "due" },
        ],
        100,
        from,
      ).events,
    ).toEqual([progressAt(20)]);
  });

  it("never repeats a position already sent, however long the wait", () => {
    const { events } = play(
      [
        { position: 12, at: 10_000, heartbeat: "due" },
        { position: 12, at: 25_000, heartbeat: "due" },
        { position: 12, at: 40_000, heartbeat: "now" },
        { position: 12.5, at: 41_000, heartbeat: "due" },
      ],
      600,
    );
    expect(events).toEqual([progressAt(12), progressAt(12.5)]);
  });

  it("sends no heartbeat when off (paused), only the 10-point steps", () => {
    const { events } = play(
      [
        { position: 12, at: 60_000 },
        { position: 61, at: 120_000 },
      ],
      600,
    );
    expect(events).toEqual([progressAt(61)]);
  });

  it("sends the position reached at once when pausing", () => {
    expect(play([{ position: 3, at: 3_000, heartbeat: "now" }], 600).events).toEqual([progressAt(3)]);
  });
});

// Resuming where the viewer stopped (docs/decisions/097): behind the furthest point after a rewind, a pause and the
// heartbeat carry the playhead beside the furthest position, which alone is what the server counts from.
describe("the playhead behind the furthest position", () => {
  const behind = (second_mark: number, playhead_seconds: number): ProgressEvent => ({
    event_type: "progress",
    second_mark,
    playhead_seconds,
  });

  it("a rewind then a pause sends where the player is, once", () => {
    const { events } = play(
      [
        { position: 6, at: 6_000, heartbeat: "now" },
        { position: 2, at: 8_000, heartbeat: "now" },
        { position: 2, at: 9_000, heartbeat: "now" },
      ],
      600,
    );
    expect(events).toEqual([progressAt(6), behind(6, 2)]);
  });

  it("while playing behind it, the heartbeat carries the playhead; caught up, events are plain again", () => {
    const { events } = play(
      [
        { position: 12, at: 12_000, heartbeat: "now" },
        { position: 8, at: 13_000, heartbeat: "due" },
        { position: 9, at: 23_000, heartbeat: "due" },
        { position: 13, at: 33_000, heartbeat: "due" },
      ],
      600,
    );
    expect(events).toEqual([progressAt(12), behind(12, 9), progressAt(13)]);
  });

  it("a playhead within a second of the furthest point is the furthest point", () => {
    const { events } = play(
      [
        { position: 6, at: 6_000, heartbeat: "now" },
        { position: 5.5, at: 8_000, heartbeat: "now" },
      ],
      600,
    );
    expect(events).toEqual([progressAt(6)]);
  });
});
