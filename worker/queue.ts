import { creditQueuedViews } from "./domain/earnings/credit-queued-views";
import { jobContext } from "./domain/job-context";
import { keepDeadLettered } from "./domain/queues/dead-letters";
import {
  kindOf,
  type BeaconMessage,
  type CreditMessage,
  type TrafficBatchMessage,
  type VisitMessage,
} from "./domain/queues/messages";
import { countQueuedBeacons } from "./domain/ads/ad-beacons";
import { storeVisitBatch } from "./domain/traffic/visit-batch";
import { nowIso } from "./lib/time";

/** The queues this Worker consumes (wrangler.jsonc `queues.consumers`). */
const QUEUE_NAMES = {
  credit: "reelpay-credit",
  traffic: "reelpay-traffic",
  deadLetters: "reelpay-dead-letters",
} as const;

/**
 * The queue() handler (docs/decisions/079): one batch of one queue, written to D1 in a few statements. A batch that
 * fails is retried whole (`retryAll`, after the consumer's retry_delay) and, after max_retries, its messages land in
 * the dead-letter queue, whose consumer keeps them for the admin. A message that is not one of ours is retried on its
 * own, so it ends there too and never holds up the rest.
 */
export async function consumeQueueBatch(batch: MessageBatch<unknown>, env: Env) {
  const ctx = jobContext(env);
  const now = nowIso();
  const ours = batch.messages.filter((m) => {
    const expected = batch.queue === QUEUE_NAMES.credit ? ["credit"] : ["visit", "beacon", "traffic"];
    if (batch.queue === QUEUE_NAMES.deadLetters || expected.includes(kindOf(m.body))) return true;
    m.retry();
    return false;
  });
  const bodies = <T>(kind: string) => ours.map((m) => m.body as T & { kind: string }).filter((b) => b.kind === kind);
  try {
    if (batch.queue === QUEUE_NAMES.credit) {
      const viewIds = bodies<CreditMessage>("credit").map((b) => b.viewId);
      await creditQueuedViews({ ctx, input: { viewIds, now } });
    } else if (batch.queue === QUEUE_NAMES.traffic) {
      // A gathered message (traffic-outbox.ts) carries many of each; the single kinds are still read.
      const gathered = bodies<TrafficBatchMessage>("traffic");
      const visits = [...bodies<VisitMessage>("visit").map((b) => b.visit), ...gathered.flatMap((b) => b.visits)];
      const beacons = [...bodies<BeaconMessage>("beacon").map((b) => b.beacon), ...gathered.flatMap((b) => b.beacons)];
      // Visits first: they are idempotent by id, so a retry after the beacons failed stores none twice.
      await storeVisitBatch({ ctx: { db: ctx.db, archive: env.ARCHIVE }, input: { visits } });
      await countQueuedBeacons({ ctx, input: { beacons } });
    } else {
      const messages = ours.map((m) => ({ id: m.id, body: m.body, attempts: m.attempts }));
      await keepDeadLettered({ ctx, input: { messages, now } });
    }
    for (const m of ours) m.ack();
  } catch (error) {
    console.warn(`queue ${batch.queue}: a batch of ${ours.length} failed; retried`, error);
    for (const m of ours) m.retry();
  }
}
