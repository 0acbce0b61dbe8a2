import type { Db } from "../../db/client";
import { creditQualifiedViews } from "./credit-views";

/** The earnings job: the Cron Trigger and POST /api/earnings/calculate run exactly this. */
export async function runEarningsJob(db: Db, now: string) {
  const processed = await creditQualifiedViews(db, now);
  const message = processed ? `Processed ${processed} qualified view${processed === 1 ? "" : "s"}` : "No new qualified views";
  return { processed, message };
}
