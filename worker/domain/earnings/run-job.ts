import { checkAndAwardBonuses } from "../../db/queries/reviews/bonus-risk";
import { tellCredits } from "../../db/queries/earnings/credit-notices";
import { owedTo } from "../../db/queries/earnings/owed";
import { usd } from "../../lib/money";
import { nowIso } from "../../lib/time";
import type { DbJobCall } from "../job-context";
import type { MemberCall } from "../member-context";
import { creditQualifiedViews, JOB_BATCH_SIZE, settleViews, type CreditRun } from "./credit-views";

const BONUSES_PER_RUN = 100;

export type JobResult = { processed: number; message: string; credited_usd: number };

function result(run: CreditRun, bonuses: number): JobResult {
  const processed = run.views + bonuses;
  const parts = [
    run.views ? `${run.views} qualified view${run.views === 1 ? "" : "s"}` : "",
    bonuses ? `${bonuses} sign-on bonus${bonuses === 1 ? "" : "es"}` : "",
  ].filter(Boolean);
  return {
    processed,
    // Credits the cron made first are told by a poll that processed nothing itself: its words must not deny them.
    message: parts.length
      ? `Processed ${parts.join(" and ")}`
      : run.toldMicros > 0
        ? "Credited since you last looked"
        : "Nothing new to process",
    credited_usd: usd(run.toldMicros),
  };
}

/** The site-wide earnings job: every pending qualified view and sign-on bonus, in bounded batches (the cron). */
export async function runEarningsJob({ ctx: { db }, input: { now } }: DbJobCall<{ now: string }>): Promise<JobResult> {
  const run = await creditQualifiedViews(db, now);
  return result(run, await checkAndAwardBonuses(db, now, { limit: BONUSES_PER_RUN }));
}

/**
 * POST /api/earnings/calculate: settles only what the calling member is owed (ctx.actor: no one else's) — their own qualified views (which pays
 * both them and the creators they watched) and their sign-on bonus — so thousands of open home pages cost one
 * indexed read each when nothing is pending, and the site-wide work stays with the cron
 * (docs/architecture.md §4 "The earnings job"). Settling is the same conditional batch as the cron's, so the
 * two can race without paying anything twice.
 *
 * `credited_usd` is what was credited to the caller's own views since they were last told, whoever credited it
 * (this poll or the cron), told exactly once (docs/decisions/033): settling ends with advancing their notice
 * mark in the same batch, and credits the cron made first are told by one conditional statement of their own.
 * Round trips: the read, then one batch or one statement (the sign-on bonus's award, once per member, aside).
 */
export async function settleMyEarnings({ ctx, input }: MemberCall<{ now?: string }>): Promise<JobResult> {
  const { db } = ctx;
  const now = input.now ?? nowIso();
  const callerId = ctx.actor.id;
  const owed = await owedTo(db, callerId, JOB_BATCH_SIZE);
  const run: CreditRun = { views: 0, toldMicros: 0 };
  const tell = { userId: callerId, seenRowid: owed.notice.seenRowid };
  if (owed.viewIds.length) await settleViews(db, owed.viewIds, now, run, tell);
  else if (owed.notice.pending) run.toldMicros = await tellCredits(db, callerId, owed.notice.seenRowid);
  let bonuses = 0;
  if (owed.bonusPending) bonuses = await checkAndAwardBonuses(db, now, { userId: callerId });
  return result(run, bonuses);
}
