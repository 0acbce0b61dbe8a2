import { createDb } from "./db/client";
import { purgeExpiredSessions } from "./db/queries/users";
import { removeAbandonedUploads } from "./domain/uploads/clean-up";
import { nowIso } from "./lib/time";

/** The every-minute Cron Trigger: housekeeping (and, with the earnings job, crediting views). */
export async function runScheduledJobs(env: Env) {
  const db = createDb(env.DB);
  const now = nowIso();
  await purgeExpiredSessions(db, now);
  await removeAbandonedUploads(db, env.MEDIA, now);
}
