import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newId } from "../../lib/ids";
import { makeQueuedVisit, visitsDelivered } from "../../test/traffic-queue";
import type { TrafficBatchMessage } from "./messages";
import { OUTBOX_MAX_BYTES, sendTraffic } from "./traffic-outbox";

// An isolate gathers the visits and beacons it accepts into one traffic-queue message (docs/decisions/087). The
// test runtime's real queue and consumer carry them; the sender only records what went through it.

const visit = (session: string, pagePath = "/") => makeQueuedVisit({ session_id: session, page_path: pagePath });

/** The real traffic queue, with each message it is handed kept for the test; `failures` sends throw first. */
function recordingQueue(failures = 0) {
  const sent: TrafficBatchMessage[] = [];
  let failing = failures;
  const queue = {
    send: async (message: TrafficBatchMessage) => {
      if (failing-- > 0) throw new Error("queue unavailable");
      sent.push(message);
      await env.TRAFFIC_QUEUE.send(message);
    },
  } as unknown as Queue;
  return { sender: { TRAFFIC_QUEUE: queue }, sent };
}

function gathering(gatherMs: number) {
  const waits: Promise<unknown>[] = [];
  return {
    gather: { gatherMs, waitUntil: (work: Promise<unknown>) => void waits.push(work) },
    done: () => Promise.all(waits),
  };
}

describe("the traffic outbox", () => {
  it("sends the visits and beacons of one window as one message, and the consumer stores every visit", async () => {
    const { sender, sent } = recordingQueue();
    const { gather, done } = gathering(50);
    const sessions = Array.from({ length: 6 }, () => newId());
    for (const s of sessions) await sendTraffic(sender, gather, { visit: visit(s) });
    const day = new Date().toISOString().slice(0, 10);
    await sendTraffic(sender, gather, { beacon: { day, ad: "outbox-ad", position: "pre", event: "impression" } });
    expect(sent).toHaveLength(0); // nothing is sent before the window closes
    await done();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.kind).toBe("traffic");
    expect(sent[0]!.visits.map((v) => v.session_id)).toEqual(sessions);
    expect(sent[0]!.beacons).toHaveLength(1);
    await visitsDelivered(sessions, sessions.length);
  });

  it("opens a new window after one is sent, and a full window goes at once", async () => {
    const { sender, sent } = recordingQueue();
    const { gather, done } = gathering(50);
    const long = "/p/" + "x".repeat(1500);
    const sessions: string[] = [];
    // Enough visits of ~2 KB to pass the limit at least once: none is lost, no message is over it.
    for (let i = 0; i < 40; i++) {
      sessions.push(newId());
      await sendTraffic(sender, gather, { visit: visit(sessions[i]!, long) });
    }
    await done();
    expect(sent.length).toBeGreaterThan(1);
    for (const m of sent) expect(new TextEncoder().encode(JSON.stringify(m)).length).toBeLessThan(64 * 1024);
    expect(sent.flatMap((m) => m.visits.map((v) => v.session_id))).toEqual(sessions);
    expect(OUTBOX_MAX_BYTES).toBeLessThan(64 * 1024);
    await visitsDelivered(sessions, sessions.length);

    // The window closed: the next visit opens another.
    const later = newId();
    await sendTraffic(sender, gather, { visit: visit(later) });
    const before = sent.length;
    await done();
    expect(sent).toHaveLength(before + 1);
  });

  it("retries a failed send once, and with no window sends each at once", async () => {
    const { sender, sent } = recordingQueue(1);
    const { gather, done } = gathering(20);
    const s = newId();
    await sendTraffic(sender, gather, { visit: visit(s) });
    await done();
    expect(sent).toHaveLength(1);

    const direct = recordingQueue();
    const now = gathering(0);
    await sendTraffic(direct.sender, now.gather, { visit: visit(newId()) });
    expect(direct.sent).toHaveLength(1); // sent before the call returned, no waitUntil
    await sendTraffic(direct.sender, now.gather, { visit: visit(newId()) });
    expect(direct.sent).toHaveLength(2);
    await visitsDelivered([s], 1);
  });
});
