import { Hono } from "hono";
import { earningsCalculateOut, type EarningsCalculateResponse } from "../../common/schemas/earnings";
import type { SignedInEnv } from "../app-env";
import { settleMyEarnings } from "../domain/earnings/run-job";
import { responds } from "../openapi/responds";

/**
 * Signed-in: the home page's earnings poll. It settles only what the caller is owed, their own views and
 * sign-on bonus, with the cron job's statements (docs/decisions/022).
 */
export const earningsRoutes = new Hono<SignedInEnv>().post(
  "/earnings/calculate",
  responds(
    "Settle my earnings",
    {
      200: {
        description:
          "What this run settled, in words and count, and the USD newly credited to the caller's own views (each credit told once).",
        schema: earningsCalculateOut,
      },
    },
    "Settles only what the caller is owed: their own qualified views (which pays the creators they watched too) and their sign-on bonus.",
  ),
  async (c) => {
    const result: EarningsCalculateResponse = await settleMyEarnings({
      ctx: { db: c.get("db"), actor: c.get("user") },
      input: {},
    });
    return c.json(result, 200);
  },
);
