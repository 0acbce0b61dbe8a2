import type { AdEventHit } from "../../db/queries/ads/ads";
import type { QueuedVisit } from "../../db/queries/traffic/visit-batch";

// What the queues carry (docs/decisions/079). Every message names its kind, so a dead-lettered one (the dead-letter
// queue mixes both queues) can be shown to the admin and sent back to the queue it came from.

/** A view that qualified: the credit queue settles it like the cron would (idempotent by the view's status). */
export type CreditMessage = { kind: "credit"; viewId: string };
/** A page visit the tracker accepted, with its id (a second delivery of it is dropped by that id). */
export type VisitMessage = { kind: "visit"; visit: QueuedVisit };
/** An ad beacon the route accepted, on its UTC day. */
export type BeaconMessage = { kind: "beacon"; beacon: AdEventHit };
/**
 * The visits and beacons one isolate accepted within its gathering window, sent as one message (traffic-outbox.ts,
 * docs/decisions/087). The single kinds above are still read: messages sent before it, and dead letters sent back.
 */
export type TrafficBatchMessage = { kind: "traffic"; visits: QueuedVisit[]; beacons: AdEventHit[] };

type TrafficMessage = VisitMessage | BeaconMessage | TrafficBatchMessage;
export type QueueMessage = CreditMessage | TrafficMessage;

/** The queue a message of this kind goes to (wrangler.jsonc `queues.producers`). */
export const queueOf = (env: Pick<Env, "CREDIT_QUEUE" | "TRAFFIC_QUEUE">, message: QueueMessage): Queue =>
  message.kind === "credit" ? env.CREDIT_QUEUE : env.TRAFFIC_QUEUE;

/** A message body as the dead-letter queue received it: one of ours, or not (then kept as `unknown`). */
export function kindOf(body: unknown): QueueMessage["kind"] | "unknown" {
  const kind = (body as { kind?: unknown } | null)?.kind;
  return kind === "credit" || kind === "visit" || kind === "beacon" || kind === "traffic" ? kind : "unknown";
}
