import { Hono } from "hono";
import type { SignedInEnv } from "../app-env";
import { readSettings } from "../db/queries/settings";
import { EARNING_RULE_DEFAULTS } from "../db/queries/earning-rule-settings";
import { earningRulesJson } from "../domain/views/earning-rules";

/** Signed-in: the rules behind every reward, for the wallet's 'How Earnings Work'. */
export const earningRulesRoutes = new Hono<SignedInEnv>().get("/earning-rules", async (c) =>
  c.json(earningRulesJson(await readSettings(c.get("db"), EARNING_RULE_DEFAULTS)), 200),
);
