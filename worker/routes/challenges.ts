import { Hono } from "hono";
import type { ChallengeProgressResponse } from "../api-types";
import type { SignedInEnv } from "../app-env";
import { awardedSignOnBonus, progressOf } from "../db/queries/challenges";
import { usd } from "../lib/money";

const HOUR_MS = 3600 * 1000;

/** Signed-in: the caller's sign-on challenge progress (docs/product-spec.md §3 "Challenge progress"). */
export const challengeRoutes = new Hono<SignedInEnv>().get("/challenges/progress", async (c) => {
  const db = c.get("db");
  const userId = c.get("user").id;
  const [rows, bonus] = await Promise.all([progressOf(db, userId), awardedSignOnBonus(db, userId)]);
  const latestDeadline = Math.max(0, ...rows.map((r) => Date.parse(r.progress.deadlineAt)));
  const body: ChallengeProgressResponse = {
    // Hours, to two decimals; 0 or less hides the panel.
    timeRemaining: rows.length ? Math.round(((latestDeadline - Date.now()) / HOUR_MS) * 100) / 100 : 0,
    progress: rows.map((r) => ({
      id: r.progress.challengeId,
      is_completed: r.progress.completedAt !== null,
      progress_value: r.progress.progressValue,
      challenge: {
        name: r.name,
        description: r.description,
        bonus_amount: usd(r.progress.bonusMicros),
        requirement_type: r.progress.requirementType,
        requirement_value: r.progress.requirementValue,
      },
    })),
    bonus: bonus ? { total_bonus_amount: usd(bonus.totalMicros) } : null,
  };
  return c.json(body, 200);
});
