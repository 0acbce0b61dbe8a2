import { Hono } from "hono";
import { bonusReviewBody } from "../../../common/schemas/admin-reviews";
import { bonusAwardOut } from "../../../common/schemas/challenges";
import type { AppEnv } from "../../app-env";
import { reviewBonus } from "../../domain/challenges/review-bonus";
import { ID_PATTERN } from "../../lib/ids";
import { validate } from "../../lib/validate";
import { responds } from "../../openapi/responds";
import { bonusAwardJson } from "../serializers/bonus";
import { adminContext } from "./admin-context";

/**
 * Admin: an admin's Approve or Reject of a sign-on bonus the earnings job held for review,
 * POST /admin/bonuses/{id}/review (docs/decisions/016). It shares the /admin/bonuses prefix with manual
 * bonuses (bonuses.ts) but settles the challenges' bonus, whose history the challenges tab lists.
 */
export const adminSignOnBonusRoutes = new Hono<AppEnv>().post(
  `/bonuses/:id${ID_PATTERN}/review`,
  responds(
    "Approve or reject a held sign-on bonus",
    { 200: { description: "The bonus, awarded or rejected (audited).", schema: bonusAwardOut } },
    "409 when the bonus is not waiting for a review.",
  ),
  validate("json", bonusReviewBody),
  async (c) => {
    const { bonus, email } = await reviewBonus({
      ctx: adminContext(c),
      input: { ...c.req.valid("json"), bonusId: c.req.param("id") },
    });
    return c.json(bonusAwardJson(bonus, email), 200);
  },
);
