import { CRON_BUDGET, runDataLifecycle } from "./domain/archive/run-lifecycle";
import { purgeExpiredSessionsAndWindows } from "./domain/auth/housekeeping";
import { publishDueItems } from "./domain/content/publish-due";
import { purgeDeletedMedia } from "./domain/content/purge-media";
import { runEarningsJob } from "./domain/earnings/run-job";
import { jobContext } from "./domain/job-context";
import { runReviewSweep } from "./domain/reviews/sweep";
import { rollPageTotals } from "./domain/traffic/page-totals";
import { removeAbandonedUploads } from "./domain/uploads/clean-up";
import { nowIso } from "./lib/time";

/**
 * The every-minute Cron Trigger: the earnings job, housekeeping, the data lifecycle, then the fraud sweep. Every
 * job takes `({ ctx, input })` with the same context (docs/decisions/070).
 */
export async function runScheduledJobs(env: Env) {
  const ctx = jobContext(env);
  const now = nowIso();
  await runEarningsJob({ ctx, input: { now } });
  await purgeExpiredSessionsAndWindows({ ctx, input: { now } });
  await removeAbandonedUploads({ ctx, input: { now } });
  await purgeDeletedMedia({ ctx, input: { now } });
  await publishDueItems({ ctx, input: { now } });
  await rollPageTotals({ ctx, input: { nowMs: Date.now() } });
  // After the page totals roll (a visits day waits until they no longer read it); bounded to a few seconds and
  // batches, and it catches its own failures, so the sweep always runs (docs/decisions/051).
  await runDataLifecycle({ ctx, input: { nowMs: Date.now(), budget: CRON_BUDGET } });
  // Last, so a sweep that fails can never stop the housekeeping. It looks at what is still in holding,
  // including what the job just credited.
  await runReviewSweep({ ctx, input: { now } });
}
