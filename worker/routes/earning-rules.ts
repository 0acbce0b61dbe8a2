import { Hono } from "hono";
import { earningRulesOut, viewRewardOut } from "../../common/schemas/earning-rules";
import type { AppEnv, SignedInEnv } from "../app-env";
import { getEarningRules, viewRewardJson } from "../domain/views/earning-rules";
import { responds } from "../openapi/responds";

/** Signed-in: the rules behind every reward, for the wallet's 'How Earnings Work'. */
export const earningRulesRoutes = new Hono<SignedInEnv>().get(
  "/earning-rules",
  responds("Get the earning rules", {
    200: {
      description: "The rules every reward follows now: the amount, the share to watch, the caps and the hold.",
      schema: earningRulesOut,
    },
  }),
  async (c) => c.json(await getEarningRules({ ctx: { db: c.get("db"), actor: c.get("user") }, input: {} }), 200),
);

/** Public: the reward and the share to watch, for the sign-in dialog and the player (docs/decisions/067). */
export const viewRewardRoutes = new Hono<AppEnv>().get(
  "/view-reward",
  responds("Get the view reward", {
    200: {
      description:
        "What a qualified view pays each side, the share of the item to watch, and the paid views per item a day.",
      schema: viewRewardOut,
    },
  }),
  // Constants of the deployed code, asked by every signed-out visitor's sign-in dialog: the browser keeps them
  // an hour instead of asking the Worker again (a new reward reaches everyone within the hour of its deploy).
  (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    return c.json(viewRewardJson(), 200);
  },
);
