import { act } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HEARTBEAT_MS } from "../lib/playback-progress";
import { useAuth } from "../stores/auth";
import { deferred, stubFetch } from "../test/fetch";
import { ava } from "../test/fixtures";
import { events, renderReporting, type Reply, settle, stubEvents } from "../test/playback";

// The heartbeat (docs/architecture.md §4 "A view"): a progress event about every 10 s while the media plays, so the
// server sees steady progress on items whose 10 % steps are minutes apart. Only the clock is faked, so
// the requests still settle on real timers.

/** A 10-minute item: its 10 % steps are 60 s apart, so every event before 60 s is a heartbeat. */
const LONG = 600;
/** Media elements report their time about every 250 ms while playing. */
const FRAME_MS = 250;

type Reporting = ReturnType<typeof renderReporting>["current"];

/** Plays from `from` seconds for `seconds` seconds, with the clock and the position moving together. */
function playFor(reporting: Reporting, from: number, seconds: number) {
  for (let ms = FRAME_MS; ms <= seconds * 1000; ms += FRAME_MS) {
    act(() => void vi.advanceTimersByTime(FRAME_MS));
    reporting.onTimeUpdate(from + ms / 1000, LONG);
  }
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["performance", "Date"] });
  useAuth.setState({ user: ava, pending: false });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("usePlaybackReporting, the heartbeat", () => {
  it("sends the furthest position every 10 s while playing, besides the 10 % steps", async () => {
    const sent = stubEvents();
    const reporting = renderReporting().current;
    reporting.onPlay();
    await settle();
    playFor(reporting, 0, 65);
    await settle();
    expect(HEARTBEAT_MS).toBe(10_000);
    expect(events(sent)).toEqual([
      ["progress", 10],
      ["progress", 20],
      ["progress", 30],
      ["progress", 40],
      ["progress", 50],
      ["progress", 60],
    ]);
    // The 10 % step at 60 s and the heartbeat due then are one event, not two.
    expect(new Set(sent.filter((s) => s.path === "event").map((s) => s.body.view_id))).toEqual(new Set(["v1"]));
  });

  it("restarts its 10 s after any event: a seek forward sends a step, the next heartbeat follows 10 s later", async () => {
    const sent = stubEvents();
    const reporting = renderReporting().current;
    reporting.onPlay();
    await settle();
    playFor(reporting, 0, 4);
    reporting.onTimeUpdate(120, LONG); // seeked to 20 %
    playFor(reporting, 120, 12);
    await settle();
    expect(events(sent)).toEqual([
      ["progress", 120],
      ["progress", 130],
    ]);
  });

  it("sends nothing while paused, the position reached when pausing, and goes on from the first update after a long pause", async () => {
    const sent = stubEvents();
    const reporting = renderReporting().current;
    reporting.onPlay();
    await settle();
    playFor(reporting, 0, 12.5);
    reporting.onPause();
    // Paused for a minute, longer than the server's gap limit; a seek back while paused sends nothing.
    act(() => void vi.advanceTimersByTime(60_000));
    reporting.onTimeUpdate(5, LONG);
    await settle();
    expect(events(sent)).toEqual([
      ["progress", 10],
      ["progress", 12.5],
    ]);

    reporting.onPlay();
    playFor(reporting, 12.5, 11);
    await settle();
    // Still the same view: the first update after the pause goes out as it is, then every 10 s again.
    expect(sent.filter((s) => s.path === "start")).toHaveLength(1);
    expect(events(sent).slice(2)).toEqual([
      ["progress", 12.75],
      ["progress", 22.75],
    ]);
  });

  it("does not repeat a position already sent: a stalled player sends nothing new", async () => {
    const sent = stubEvents();
    const reporting = renderReporting().current;
    reporting.onPlay();
    await settle();
    playFor(reporting, 0, 10);
    // Buffering: time passes, the position does not move.
    for (let i = 0; i < 4; i++) {
      act(() => void vi.advanceTimersByTime(10_000));
      reporting.onTimeUpdate(10, LONG);
    }
    reporting.onPause();
    await settle();
    expect(events(sent)).toEqual([["progress", 10]]);
  });

  it("stops at the end: nothing more for the ended view, however long the page stays open", async () => {
    const sent = stubEvents();
    const reporting = renderReporting().current;
    reporting.onPlay();
    await settle();
    playFor(reporting, LONG - 15, 15); // seeked near the end, then played to it
    reporting.onPause(); // media elements pause just before they end
    reporting.onEnded();
    act(() => void vi.advanceTimersByTime(60_000));
    reporting.onTimeUpdate(0, LONG); // the rewind when playing again later
    await settle();
    // complete ends the view on the server: it goes last, after the final position.
    expect(events(sent)).toEqual([
      ["progress", 585.25],
      ["progress", 595.25],
      ["progress", 600],
      ["complete", 600],
    ]);
  });

  it("keeps heartbeats in order behind a slow answer", async () => {
    const firstReply = deferred<Reply>();
    let calls = 0;
    const sent = stubEvents({ event: () => (++calls === 1 ? firstReply.promise : { body: {} }) });
    const reporting = renderReporting().current;
    reporting.onPlay();
    await settle();
    playFor(reporting, 0, 20);
    await settle();
    expect(events(sent)).toEqual([["progress", 10]]);
    firstReply.resolve({ body: {} });
    await settle();
    expect(events(sent)).toEqual([
      ["progress", 10],
      ["progress", 20],
    ]);
  });

  it("sends no heartbeat for a signed-out visitor", async () => {
    useAuth.setState({ user: null });
    const fetchMock = stubFetch({});
    const reporting = renderReporting().current;
    reporting.onPlay();
    playFor(reporting, 0, 30);
    reporting.onPause();
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
