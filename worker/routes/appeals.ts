import { Hono } from "hono";
import { appealBody, appealCreatedOut, myAppealsOut } from "../../common/schemas/appeals";
import type { SignedInEnv } from "../app-env";
import { appealAction, listMyAppeals } from "../domain/appeals/appeal-action";
import { validate } from "../lib/validate";
import { nowIso } from "../lib/time";
import { appealLimit } from "../middleware/rate-limit";
import { responds } from "../openapi/responds";
import { appealJson, myAppealsJson } from "./serializers/appeal";

/**
 * Signed-in, suspended members included (docs/decisions/092): an appeal is how a suspended member asks to be
 * reinstated, so these routes live before the good-standing guard. Only well-formed appeals count against the
 * hourly limit.
 */
export const appealRoutes = new Hono<SignedInEnv>()
  .post(
    "/appeals",
    responds(
      "Appeal a moderation action",
      { 201: { description: "The caller's new appeal, open until an admin decides it.", schema: appealCreatedOut } },
      "A takedown of one of the caller's items or the caller's suspension, once per action, within 30 days, while the action is in force. 404 for an action not against the caller, 400 `not_appealable`, 409 `already_appealed`, `action_undone` or `appeal_window_closed`, 429 beyond 10 an hour.",
    ),
    validate("json", appealBody),
    appealLimit,
    async (c) => {
      const { action_id, text } = c.req.valid("json");
      const { appeal } = await appealAction({
        ctx: { db: c.get("db"), actor: c.get("user") },
        input: { actionId: action_id, text },
      });
      return c.json({ appeal: appealJson(appeal) }, 201);
    },
  )
  .get(
    "/me/appeals",
    responds("List the moderation actions against me and my appeals", {
      200: {
        description:
          "The takedowns of the caller's items and the caller's suspensions, newest first (at most 100), each with whether it may be appealed and the caller's appeal of it.",
        schema: myAppealsOut,
      },
    }),
    async (c) => {
      const rows = await listMyAppeals({ ctx: { db: c.get("db"), actor: c.get("user") }, input: {} });
      return c.json(myAppealsJson(rows, nowIso()), 200);
    },
  );
