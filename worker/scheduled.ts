import { createDb } from "./db/client";
import { purgeExpiredSessions } from "./db/queries/users";
import { nowIso } from "./lib/time";

/** The every-minute Cron Trigger. */
export async function runScheduledJobs(env: Env) {
  const db = createDb(env.DB);
  await purgeExpiredSessions(db, nowIso());
}
