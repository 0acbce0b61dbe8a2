import { Hono } from "hono";
import { earningRuleChange } from "../../../common/schemas/admin-earning-rules";
import type { AppEnv } from "../../app-env";
import { readSettings } from "../../db/queries/settings";
import { changeSetting } from "../../domain/settings/change-setting";
import { EARNING_RULE_DEFAULTS } from "../../db/queries/earning-rule-settings";
import { earningRulesJson } from "../../domain/views/earning-rules";
import { validate } from "../../lib/validate";

/** Admin: read and tune the earning rules one key at a time; every change is audited in the same batch. */
export const adminEarningRulesRoutes = new Hono<AppEnv>()
  .get("/earning-rules", async (c) => c.json(earningRulesJson(await readSettings(c.get("db"), EARNING_RULE_DEFAULTS)), 200))
  .patch("/earning-rules", validate("json", earningRuleChange), async (c) => {
    const { key, value } = c.req.valid("json");
    const after = await changeSetting(c.get("db"), { defaults: EARNING_RULE_DEFAULTS, key, value: String(value), actorId: c.get("user")!.id });
    return c.json(earningRulesJson(after), 200);
  });
