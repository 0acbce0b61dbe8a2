import { Hono } from "hono";
import type { AppEnv, SignedInEnv } from "../app-env";
import type { Db } from "../db/client";
import { EARNING_RULE_DEFAULTS } from "../db/queries/earning-rule-settings";
import { readSettings } from "../db/queries/settings";
import { changeSetting } from "../domain/settings/change-setting";
import { earningRuleChange, earningRulesJson } from "../domain/views/earning-rules";
import { validate } from "../lib/validate";

const current = async (db: Db) => earningRulesJson(await readSettings(db, EARNING_RULE_DEFAULTS));

/** Signed-in: the rules behind every reward, for the wallet's 'How Earnings Work'. */
export const earningRulesRoutes = new Hono<SignedInEnv>().get("/earning-rules", async (c) => c.json(await current(c.get("db")), 200));

/** Admin: read and tune the earning rules one key at a time; every change is audited in the same batch. */
export const adminEarningRulesRoutes = new Hono<AppEnv>()
  .get("/earning-rules", async (c) => c.json(await current(c.get("db")), 200))
  .patch("/earning-rules", validate("json", earningRuleChange), async (c) => {
    const { key, value } = c.req.valid("json");
    const after = await changeSetting(c.get("db"), { defaults: EARNING_RULE_DEFAULTS, key, value: String(value), actorId: c.get("user")!.id });
    return c.json(earningRulesJson(after), 200);
  });
