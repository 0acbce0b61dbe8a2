import { Hono } from "hono";
import { bonusReviewBody } from "../../../common/schemas/admin-reviews";
import type { AppEnv } from "../../app-env";
import { findUserById } from "../../db/queries/users";
import { reviewBonus } from "../../domain/challenges/review-bonus";
import { ID_PATTERN } from "../../lib/ids";
import { validate } from "../../lib/validate";
import { bonusAwardJson } from "../serializers/bonus";

/**
 * Admin: an admin's Approve or Reject of a sign-on bonus the earnings job held for review,
 * POST /admin/bonuses/{id}/review (docs/decisions/016). It shares the /admin/bonuses prefix with manual
 * bonuses (manual-bonuses.ts) but settles the challenges' bonus, whose history the challenges tab lists.
 */
export const adminSignOnBonusRoutes = new Hono<AppEnv>().post(`/bonuses/:id${ID_PATTERN}/review`, validate("json", bonusReviewBody), async (c) => {
  const db = c.get("db");
  const after = await reviewBonus(db, { ...c.req.valid("json"), bonusId: c.req.param("id"), actorId: c.get("user")!.id });
  const owner = await findUserById(db, after.userId);
  return c.json(bonusAwardJson(after, owner?.email ?? ""), 200);
});
