import { purgeOldWindows } from "../../db/queries/auth/rate-limits";
import { purgeExpiredSessions } from "../../db/queries/members/users";
import type { JobContext } from "../job-context";

/** The cron's housekeeping: sign-in sessions past their expiry, and rate-limit windows that have passed. */
export async function purgeExpiredSessionsAndWindows({
  ctx: { db, env },
  input: { now },
}: {
  ctx: JobContext;
  input: { now: string };
}) {
  await purgeExpiredSessions(db, now);
  await purgeOldWindows(env.DB, Date.parse(now)).run();
}
