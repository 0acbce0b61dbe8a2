import type { DbJobCall } from "../job-context";
import { JOB_BATCH_SIZE, settleViews, type CreditRun } from "./credit-views";

/**
 * The credit queue's part (docs/decisions/079): settles the views whose messages a batch carries, JOB_BATCH_SIZE
 * to a D1 batch, with the cron's own conditional statements. A view settled before (by the cron, a member's poll,
 * or this message's earlier delivery) is a no-op there, so a message delivered twice pays once.
 */
export async function creditQueuedViews({
  ctx: { db },
  input: { viewIds, now },
}: DbJobCall<{ viewIds: string[]; now: string }>): Promise<CreditRun> {
  const run: CreditRun = { views: 0, toldMicros: 0 };
  const unique = [...new Set(viewIds)];
  for (let i = 0; i < unique.length; i += JOB_BATCH_SIZE) {
    await settleViews(db, unique.slice(i, i + JOB_BATCH_SIZE), now, run);
  }
  return run;
}
