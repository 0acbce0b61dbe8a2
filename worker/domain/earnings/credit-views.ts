import type { Db } from "../../db/client";
import { pendingQualifiedViews, settleViewBatch, type TellAfter } from "../../db/queries/earnings/settle-views";

export const JOB_BATCH_SIZE = 25;
const JOB_MAX_BATCHES = 20;

/**
 * What one run did: the views it settled and (a poll's run) what it told the caller of their own view
 * rewards, whoever credited them (docs/decisions/033).
 */
export type CreditRun = { views: number; toldMicros: number };

/**
 * Settles the given qualified views in one D1 batch (db/queries/earnings/settle-views.ts: a place of the day when no
 * rule of the earning policy refuses the view, one payment per side) and adds what it did to `run`.
 */
export async function settleViews(
  db: Db,
  viewIds: string[],
  now: string,
  run: CreditRun,
  tell?: TellAfter,
): Promise<void> {
  if (!viewIds.length) return;
  const settled = await settleViewBatch(db, viewIds, now, tell);
  run.views += settled.views;
  run.toldMicros += settled.toldMicros;
}

/** Credits qualified, uncredited views of the whole site in bounded batches (the cron's part). */
export async function creditQualifiedViews(
  db: Db,
  now: string,
  batchSize = JOB_BATCH_SIZE,
  maxBatches = JOB_MAX_BATCHES,
): Promise<CreditRun> {
  const run: CreditRun = { views: 0, toldMicros: 0 };
  for (let batch = 0; batch < maxBatches; batch++) {
    const pending = await pendingQualifiedViews(db, batchSize);
    if (!pending.length) break;
    await settleViews(db, pending, now, run);
    if (pending.length < batchSize) break;
  }
  return run;
}
