import type { Db } from "../../db/client";
import { usd } from "../../lib/money";
import { checkAndAwardBonusStatements } from "../challenges/bonus-risk";
import { creditQualifiedViews } from "./credit-views";

const BONUSES_PER_RUN = 100;

/**
 * The earnings job: the Cron Trigger and POST /api/earnings/calculate run exactly this. `callerId` (the
 * signed-in caller of the route) is told what this run credited to them, so the page can say "+$0.003".
 */
export async function runEarningsJob(db: Db, now: string, callerId?: string) {
  const { views, creditedMicros } = await creditQualifiedViews(db, now);
  const [, awarded] = await db.$client.batch(checkAndAwardBonusStatements(db.$client, now, BONUSES_PER_RUN));
  const bonuses = awarded?.meta.changes ?? 0;
  const processed = views + bonuses;
  const parts = [
    views ? `${views} qualified view${views === 1 ? "" : "s"}` : "",
    bonuses ? `${bonuses} sign-on bonus${bonuses === 1 ? "" : "es"}` : "",
  ].filter(Boolean);
  return {
    processed,
    message: parts.length ? `Processed ${parts.join(" and ")}` : "Nothing new to process",
    credited_usd: usd(callerId ? (creditedMicros.get(callerId) ?? 0) : 0),
  };
}
