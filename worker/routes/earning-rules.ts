import { Hono } from "hono";
import { earningRulesOut } from "../../common/schemas/earning-rules";
import type { SignedInEnv } from "../app-env";
import { readSettings } from "../db/queries/settings/settings";
import { EARNING_RULE_DEFAULTS } from "../db/queries/earnings/earning-rule-settings";
import { earningRulesJson } from "../domain/views/earning-rules";
import { responds } from "../openapi/responds";

/** Signed-in: the rules behind every reward, for the wallet's 'How Earnings Work'. */
export const earningRulesRoutes = new Hono<SignedInEnv>().get(
  "/earning-rules",
  responds("Get the earning rules", {
    200: { description: "The rules every reward follows now: the amount, the share to watch, the caps and the hold.", schema: earningRulesOut },
  }),
  async (c) => c.json(earningRulesJson(await readSettings(c.get("db"), EARNING_RULE_DEFAULTS)), 200),
);
