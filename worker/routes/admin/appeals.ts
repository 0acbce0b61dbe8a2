import { Hono } from "hono";
import {
  adminAppealsOut,
  adminAppealsQuery,
  appealDecisionBody,
  appealDecisionOut,
} from "../../../common/schemas/appeals";
import type { AppEnv } from "../../app-env";
import { decideAppeal, listAppeals } from "../../domain/appeals/decide-appeal";
import { ID_PATTERN } from "../../lib/ids";
import { validate } from "../../lib/validate";
import { responds } from "../../openapi/responds";
import { adminAppealJson, adminAppealsJson } from "../serializers/appeal";
import { forgetThumbnails } from "../thumbnail-cache";
import { publishAfter } from "../thumbnail-publication";
import { adminContext } from "./admin-context";
import { moderationContext } from "./moderation";

/** Admin: members' appeals of takedowns and suspensions (docs/decisions/092). */
export const adminAppealRoutes = new Hono<AppEnv>()
  .get(
    "/appeals",
    responds("List appeals", {
      200: {
        description:
          "Open appeals, oldest first (status=open, the default), or decided ones, latest decision first (status=decided), at most 100; each with the member, the action, its note and the reports behind it.",
        schema: adminAppealsOut,
      },
    }),
    validate("query", adminAppealsQuery),
    async (c) => {
      const rows = await listAppeals({ ctx: adminContext(c), input: c.req.valid("query") });
      return c.json(adminAppealsJson(rows), 200);
    },
  )
  .post(
    `/appeals/:id${ID_PATTERN}/decision`,
    responds(
      "Uphold or reverse an appeal",
      {
        200: { description: "The appeal after the decision (audited); the member is told.", schema: appealDecisionOut },
      },
      "Upheld changes nothing but the appeal. Reversed restores the item or lifts the suspension, exactly as the admin's restore or unsuspend does, and gives back the view rewards that action reversed, both sides, held again (docs/decisions/096; `give_back_usd` says how much first). 409 `appeal_decided` once decided.",
    ),
    validate("json", appealDecisionBody),
    async (c) => {
      const { outcome, note } = c.req.valid("json");
      const { appeal, retiredThumbnails, publication } = await decideAppeal({
        ctx: moderationContext(c),
        input: { appealId: c.req.param("id"), outcome, note },
      });
      forgetThumbnails(c, retiredThumbnails);
      await publishAfter(c, publication);
      return c.json({ appeal: adminAppealJson(appeal) }, 200);
    },
  );
