import { beforeEach, describe, expect, it, vi } from "vitest";
import { useAuth } from "../stores/auth";
import { expectConsoleError } from "../test/console";
import { deferred, stubFetch } from "../test/fetch";
import { ava } from "../test/fixtures";
import { events, renderReporting, type Reply, settle, stubEvents } from "../test/playback";

// Playback reporting when things go wrong: slow answers, failures, no session.

beforeEach(() => {
  useAuth.setState({ user: ava, pending: false });
});

describe("usePlaybackReporting, the hard cases", () => {
  it("sends events one at a time, in order", async () => {
    const firstReply = deferred<Reply>();
    let calls = 0;
    const sent = stubEvents({ event: () => (++calls === 1 ? firstReply.promise : { body: {} }) });
    const { onPlay, onTimeUpdate } = renderReporting().current;
    onPlay();
    // The start's answer must be in before the positions come (on a busy machine one tick is not enough).
    await vi.waitFor(() => expect(sent.some((s) => s.path === "start")).toBe(true));
    await settle();
    await settle();
    onTimeUpdate(10, 100);
    onTimeUpdate(20, 100);
    await settle();
    expect(events(sent)).toEqual([["progress", 10]]);
    firstReply.resolve({ body: {} });
    await settle();
    expect(events(sent)).toEqual([
      ["progress", 10],
      ["progress", 20],
    ]);
  });

  it("logs failures without stopping: a failed start is tried again on the next play", async () => {
    const consoleError = expectConsoleError();
    let startFails = true;
    const sent = stubEvents({
      start: () => (startFails ? { status: 503 } : { status: 201, body: { view_id: "v2" } }),
      event: () => ({ status: 500 }),
    });
    const { onPlay, onTimeUpdate } = renderReporting().current;
    onPlay();
    await settle();
    expect(String(consoleError.mock.calls[0][0])).toBe(
      "Error: Failed to report playback: API responded with HTTP status 503",
    );
    startFails = false;
    onPlay();
    await settle();
    onTimeUpdate(10, 100);
    onTimeUpdate(20, 100);
    await settle();
    // Both events were sent although the first one failed.
    expect(events(sent)).toEqual([
      ["progress", 10],
      ["progress", 20],
    ]);
    expect(consoleError).toHaveBeenCalledTimes(3);
  });

  it("a start refused for too many views (429) leaves playback alone: nothing else is sent, the next play tries again", async () => {
    const consoleError = expectConsoleError();
    let refused = true;
    const sent = stubEvents({
      start: () =>
        refused
          ? {
              status: 429,
              body: {
                error:
                  "You have started too many views in a short time; this one will not count. Please wait a minute.",
                code: "rate_limited",
              },
            }
          : { status: 201, body: { view_id: "v9" } },
    });
    const { onPlay, onTimeUpdate, onPause } = renderReporting().current;
    onPlay();
    await settle();
    onTimeUpdate(10, 100);
    onPause();
    await settle();
    // The refused view sends no positions (it has no id); the media element was never touched.
    expect(sent.map((s) => s.path)).toEqual(["start"]);
    expect(consoleError).toHaveBeenCalledTimes(1);
    refused = false;
    onPlay();
    await settle();
    onTimeUpdate(20, 100);
    await settle();
    expect(sent.map((s) => s.path)).toEqual(["start", "start", "event"]);
    expect(events(sent)).toEqual([["progress", 20]]);
  });

  it("sends nothing for a signed-out visitor", async () => {
    useAuth.setState({ user: null });
    const fetchMock = stubFetch({});
    const { onPlay, onTimeUpdate, onEnded } = renderReporting().current;
    onPlay();
    onTimeUpdate(90, 100);
    onEnded();
    onPlay();
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
