import { Hono } from "hono";
import type { SignedInEnv } from "../app-env";
import { awardedSignOnBonus, progressOf } from "../db/queries/challenges";
import { challengeProgressJson } from "./serializers/challenge";

/** Signed-in: the caller's sign-on challenge progress (docs/product-spec.md §3 "Challenge progress"). */
export const challengeRoutes = new Hono<SignedInEnv>().get("/challenges/progress", async (c) => {
  const db = c.get("db");
  const userId = c.get("user").id;
  const [rows, bonus] = await Promise.all([progressOf(db, userId), awardedSignOnBonus(db, userId)]);
  return c.json(challengeProgressJson(rows, bonus, Date.now()), 200);
});
