import { createDb } from "./db/client";
import { purgeOldWindows } from "./db/queries/rate-limits";
import { purgeExpiredSessions } from "./db/queries/users";
import { purgeDeletedMedia } from "./domain/content/purge-media";
import { runEarningsJob } from "./domain/earnings/run-job";
import { runReviewSweep } from "./domain/reviews/sweep";
import { rollPageTotals } from "./domain/traffic/page-totals";
import { removeAbandonedUploads } from "./domain/uploads/clean-up";
import { nowIso } from "./lib/time";

/** The every-minute Cron Trigger: the earnings job, housekeeping, then the fraud sweep. */
export async function runScheduledJobs(env: Env) {
  const db = createDb(env.DB);
  const now = nowIso();
  await runEarningsJob(db, now);
  await purgeExpiredSessions(db, now);
  await removeAbandonedUploads(db, env.MEDIA, now);
  await purgeDeletedMedia(db, env.MEDIA, now);
  await purgeOldWindows(env.DB, Date.now()).run();
  await rollPageTotals(env.DB, Date.now());
  // Last, so a sweep that fails can never stop the housekeeping. It looks at what is still in holding,
  // including what the job just credited.
  await runReviewSweep(db, now);
}
