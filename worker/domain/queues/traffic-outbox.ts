import type { AdEventHit } from "../../db/queries/ads/ads";
import type { QueuedVisit } from "../../db/queries/traffic/visit-batch";
import type { TrafficBatchMessage } from "./messages";

// Queues bills every message three operations (its write, its read, its delete: $0.40 per million each), which was
// more than everything else a page visit costs. So an isolate gathers the visits and ad beacons it accepts over a
// short window and sends them as one message (docs/decisions/087). The request that opens the window keeps itself
// alive until the send (`waitUntil`); the others only add to it. Nothing here moves money: a message lost to a
// failed send is counted in the logs, and the consumer is idempotent for visits either way.

/** One accepted visit or beacon. */
export type TrafficItem = { visit: QueuedVisit } | { beacon: AdEventHit };

/**
 * What one message may carry, in bytes of JSON: under the first 64 KB, which Queues bills as one operation per step,
 * with room for the message's own envelope.
 */
export const OUTBOX_MAX_BYTES = 48 * 1024;

type Outbox = { message: TrafficBatchMessage; bytes: number; sent: boolean };

/** The window open in this isolate, if any. Module state: one per isolate, shared by its requests. */
let open: Outbox | null = null;

type Sender = Pick<Env, "TRAFFIC_QUEUE">;

const encoder = new TextEncoder();

const emptyBox = (): Outbox => ({ message: { kind: "traffic", visits: [], beacons: [] }, bytes: 0, sent: false });

function add(box: Outbox, item: TrafficItem, bytes: number) {
  if ("visit" in item) box.message.visits.push(item.visit);
  else box.message.beacons.push(item.beacon);
  box.bytes += bytes;
}

/** Sends a window's message once (the opener's timer and an overflow may both ask), retrying a failed send once. */
async function flush(env: Sender, box: Outbox) {
  if (box.sent) return;
  box.sent = true;
  if (open === box) open = null;
  const count = box.message.visits.length + box.message.beacons.length;
  try {
    await env.TRAFFIC_QUEUE.send(box.message);
  } catch (first) {
    try {
      await env.TRAFFIC_QUEUE.send(box.message);
    } catch (error) {
      console.error(`traffic outbox: a message of ${count} visits and beacons could not be sent`, first, error);
    }
  }
}

/**
 * Hands one accepted visit or beacon to the traffic queue. With `gatherMs` 0 (the tests, wrangler.jsonc's
 * `TRAFFIC_GATHER_MS` unset) it is sent at once as a message of its own, and a failure answers the caller; otherwise
 * it joins this isolate's open window, which is sent `gatherMs` after it opened or as soon as it is full.
 */
export async function sendTraffic(
  env: Sender,
  o: { gatherMs: number; waitUntil: (work: Promise<unknown>) => void },
  item: TrafficItem,
) {
  const bytes = encoder.encode(JSON.stringify(item)).length;
  if (o.gatherMs <= 0) {
    const box = emptyBox();
    add(box, item, bytes);
    await env.TRAFFIC_QUEUE.send(box.message);
    return;
  }
  if (open && open.bytes + bytes > OUTBOX_MAX_BYTES) o.waitUntil(flush(env, open));
  if (!open) {
    const box = (open = emptyBox());
    o.waitUntil(new Promise((resolve) => setTimeout(resolve, o.gatherMs)).then(() => flush(env, box)));
  }
  add(open, item, bytes);
}

/** The gathering a request's producers use: the isolate's window (settings) and the request's own waitUntil. */
export const gatherOf = (
  settings: { trafficGatherMs: number },
  executionCtx: { waitUntil: (work: Promise<unknown>) => void },
) => ({
  gatherMs: settings.trafficGatherMs,
  waitUntil: (work: Promise<unknown>) => executionCtx.waitUntil(work),
});
