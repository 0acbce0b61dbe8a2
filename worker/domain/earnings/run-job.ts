import type { Db } from "../../db/client";
import { checkAndAwardBonuses } from "../../db/queries/bonus-risk";
import { owedTo } from "../../db/queries/owed";
import { usd } from "../../lib/money";
import { creditQualifiedViews, JOB_BATCH_SIZE, settleViews, type CreditRun } from "./credit-views";

const BONUSES_PER_RUN = 100;

export type JobResult = { processed: number; message: string; credited_usd: number };

function result(run: CreditRun, bonuses: number, callerId?: string): JobResult {
  const processed = run.views + bonuses;
  const parts = [
    run.views ? `${run.views} qualified view${run.views === 1 ? "" : "s"}` : "",
    bonuses ? `${bonuses} sign-on bonus${bonuses === 1 ? "" : "es"}` : "",
  ].filter(Boolean);
  return {
    processed,
    message: parts.length ? `Processed ${parts.join(" and ")}` : "Nothing new to process",
    credited_usd: usd(callerId ? (run.creditedMicros.get(callerId) ?? 0) : 0),
  };
}

/** The site-wide earnings job: every pending qualified view and sign-on bonus, in bounded batches (the cron). */
export async function runEarningsJob(db: Db, now: string): Promise<JobResult> {
  const run = await creditQualifiedViews(db, now);
  return result(run, await checkAndAwardBonuses(db, now, { limit: BONUSES_PER_RUN }));
}

/**
 * POST /api/earnings/calculate: settles only what the caller is owed — their own qualified views (which pays
 * both them and the creators they watched) and their sign-on bonus — so thousands of open home pages cost one
 * indexed read each when nothing is pending, and the site-wide work stays with the cron
 * (docs/architecture.md §4 "The earnings job"). Settling is the same conditional batch as the cron's, so the
 * two can race without paying anything twice.
 */
export async function settleCallerEarnings(db: Db, now: string, callerId: string): Promise<JobResult> {
  const owed = await owedTo(db, callerId, JOB_BATCH_SIZE);
  const run: CreditRun = { views: 0, creditedMicros: new Map() };
  await settleViews(db, owed.viewIds, now, run);
  let bonuses = 0;
  if (owed.bonusPending) bonuses = await checkAndAwardBonuses(db, now, { userId: callerId });
  return result(run, bonuses, callerId);
}
