import { Hono } from "hono";
import type { EarningsCalculateResponse } from "../../common/api-types";
import type { SignedInEnv } from "../app-env";
import { settleMyEarnings } from "../domain/earnings/run-job";

/**
 * Signed-in: the home page's earnings poll. It settles only what the caller is owed, their own views and
 * sign-on bonus, with the cron job's statements (docs/decisions/022).
 */
export const earningsRoutes = new Hono<SignedInEnv>().post("/earnings/calculate", async (c) => {
  const result: EarningsCalculateResponse = await settleMyEarnings({ ctx: { db: c.get("db"), actor: c.get("user") }, input: {} });
  return c.json(result, 200);
});
