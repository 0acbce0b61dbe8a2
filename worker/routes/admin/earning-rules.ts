import { Hono } from "hono";
import { earningRuleChange } from "../../../common/schemas/admin-earning-rules";
import { earningRulesOut } from "../../../common/schemas/earning-rules";
import type { AppEnv } from "../../app-env";
import { changeEarningRule, getEarningRules } from "../../domain/views/earning-rules";
import { validate } from "../../lib/validate";
import { responds } from "../../openapi/responds";
import { adminContext } from "./admin-context";

/** Admin: read and tune the earning rules one key at a time; every change is audited in the same batch. */
export const adminEarningRulesRoutes = new Hono<AppEnv>()
  .get(
    "/earning-rules",
    responds("Read the earning rules", {
      200: { description: "The fixed rules and the three an admin tunes.", schema: earningRulesOut },
    }),
    async (c) => c.json(await getEarningRules({ ctx: adminContext(c), input: {} }), 200),
  )
  .patch(
    "/earning-rules",
    responds("Change one earning rule", {
      200: { description: "The rules after the change (audited when the value changed).", schema: earningRulesOut },
    }),
    validate("json", earningRuleChange),
    async (c) => c.json(await changeEarningRule({ ctx: adminContext(c), input: c.req.valid("json") }), 200),
  );
