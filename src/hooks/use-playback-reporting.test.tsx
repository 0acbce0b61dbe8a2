import { beforeEach, describe, expect, it } from "vitest";
import { deviceFingerprint } from "../lib/device-fingerprint";
import { useAuth } from "../stores/auth";
import { ava } from "../test/fixtures";
import { deferred } from "../test/fetch";
import { contentId, events, renderReporting, type Reply, settle, stubEvents } from "../test/playback";

beforeEach(() => {
  useAuth.setState({ user: ava, pending: false });
});

describe("usePlaybackReporting", () => {
  it("starts a view on the first play, with how the item was found and the device fingerprint", async () => {
    const sent = stubEvents();
    const reporting = renderReporting("ai_recommended");
    reporting.current.onPlay();
    await settle();
    expect(sent).toEqual([
      {
        path: "start",
        body: {
          content_id: contentId,
          event_type: "start",
          second_mark: 0,
          discovery_method: "ai_recommended",
          device_fingerprint: await deviceFingerprint(),
        },
      },
    ]);
  });

  it("counts a page opened without a discovery method as a shared link (an address opened directly)", async () => {
    const sent = stubEvents();
    renderReporting().current.onPlay();
    await settle();
    expect(sent[0].body.discovery_method).toBe("shared_link");
  });

  it("reports 10-point rises of the furthest position and complete once at the end, on the view's id", async () => {
    const sent = stubEvents();
    const { onPlay, onTimeUpdate, onEnded } = renderReporting().current;
    onPlay();
    await settle();
    for (const position of [5, 10, 15, 8, 19, 21, 40, 35, 79, 80, 85, 90, 99]) onTimeUpdate(position, 100);
    onEnded();
    onTimeUpdate(100, 100);
    await settle();
    expect(events(sent)).toEqual([
      ["progress", 10],
      ["progress", 21],
      ["progress", 40],
      ["progress", 79],
      ["progress", 90],
      ["progress", 99],
      ["complete", 99],
    ]);
    expect(new Set(sent.filter((s) => s.path === "event").map((s) => s.body.view_id))).toEqual(new Set(["v1"]));
  });

  it("keeps one view across pause and resume, and starts a new one when replayed after the end", async () => {
    const sent = stubEvents();
    const { onPlay, onTimeUpdate, onEnded } = renderReporting().current;
    onPlay();
    await settle();
    onTimeUpdate(50, 100);
    onPlay(); // resumed after a pause
    onTimeUpdate(100, 100);
    onEnded();
    onTimeUpdate(0, 100); // the rewind when playing again belongs to no view
    onPlay();
    await settle();
    onTimeUpdate(12, 100);
    await settle();
    const ofView = (id: string) => events(sent.filter((s) => s.body.view_id === id));
    expect(sent.filter((s) => s.path === "start")).toHaveLength(2);
    expect(ofView("v1")).toEqual([
      ["progress", 50],
      ["progress", 100],
      ["complete", 100],
    ]);
    // The new view starts counting from 0 again.
    expect(ofView("v2")).toEqual([["progress", 12]]);
  });

  it("starts a new view for another item", async () => {
    const sent = stubEvents();
    const reporting = renderReporting();
    reporting.current.onPlay();
    await settle();
    reporting.showItem("01J0000000000000000000C901");
    reporting.current.onPlay();
    reporting.current.onTimeUpdate(10, 100);
    await settle();
    expect(sent.map((s) => [s.path, s.body.content_id, s.body.view_id ?? null])).toEqual([
      ["start", contentId, null],
      ["start", "01J0000000000000000000C901", null],
      ["event", "01J0000000000000000000C901", "v2"],
    ]);
  });

  it("reports positions reached while the start was on its way once it answers", async () => {
    const startReply = deferred<Reply>();
    const sent = stubEvents({ start: () => startReply.promise });
    const { onPlay, onTimeUpdate } = renderReporting().current;
    onPlay();
    onTimeUpdate(30, 100);
    await settle();
    expect(events(sent)).toEqual([]);
    startReply.resolve({ status: 201, body: { view_id: "v9" } });
    await settle();
    expect(events(sent)).toEqual([["progress", 30]]);
  });
});
