import { createDb } from "./db/client";
import { CRON_BUDGET, runDataLifecycle } from "./domain/archive/run-lifecycle";
import { purgeOldWindows } from "./db/queries/auth/rate-limits";
import { purgeExpiredSessions } from "./db/queries/members/users";
import { purgeDeletedMedia } from "./domain/content/purge-media";
import { runEarningsJob } from "./domain/earnings/run-job";
import { runReviewSweep } from "./domain/reviews/sweep";
import { rollPageTotals } from "./domain/traffic/page-totals";
import { removeAbandonedUploads } from "./domain/uploads/clean-up";
import { nowIso } from "./lib/time";

/** The every-minute Cron Trigger: the earnings job, housekeeping, the data lifecycle, then the fraud sweep. */
export async function runScheduledJobs(env: Env) {
  const db = createDb(env.DB);
  const now = nowIso();
  await runEarningsJob(db, now);
  await purgeExpiredSessions(db, now);
  await removeAbandonedUploads(db, env.MEDIA, now);
  await purgeDeletedMedia(db, env.MEDIA, now);
  await purgeOldWindows(env.DB, Date.now()).run();
  await rollPageTotals(env.DB, Date.now());
  // After the page totals roll (a visits day waits until they no longer read it); bounded to a few seconds and
  // batches, and it catches its own failures, so the sweep always runs (docs/decisions/051).
  await runDataLifecycle(env, Date.now(), CRON_BUDGET);
  // Last, so a sweep that fails can never stop the housekeeping. It looks at what is still in holding,
  // including what the job just credited.
  await runReviewSweep(db, now);
}
