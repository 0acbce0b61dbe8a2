import { Hono } from "hono";
import type { ReviewSweepResponse, ReviewsResponse } from "../../../common/api-types";
import { reviewDecisionBody, reviewListQuery } from "../../../common/schemas/admin-reviews";
import type { AppEnv } from "../../app-env";
import { listReviews } from "../../db/queries/reviews";
import { decideReview } from "../../domain/reviews/decide-review";
import { runReviewSweep } from "../../domain/reviews/sweep";
import { ID_PATTERN } from "../../lib/ids";
import { nowIso } from "../../lib/time";
import { validate } from "../../lib/validate";
import { reviewJson } from "../serializers/review";

/** Admin: the fraud sweep's flags and their settlement (docs/decisions/019). */
export const adminReviewRoutes = new Hono<AppEnv>()
  .get("/reviews", validate("query", reviewListQuery), async (c) => {
    const rows = await listReviews(c.get("db"), c.req.valid("query").status);
    return c.json({ reviews: rows.map(reviewJson) } satisfies ReviewsResponse, 200);
  })
  .post("/reviews/sweep", async (c) => {
    const result: ReviewSweepResponse = await runReviewSweep(c.get("db"), nowIso());
    return c.json(result, 200);
  })
  .post(`/reviews/:id${ID_PATTERN}`, validate("json", reviewDecisionBody), async (c) => {
    const body = c.req.valid("json");
    const after = await decideReview(c.get("db"), { ...body, reviewId: c.req.param("id"), actorId: c.get("user")!.id });
    return c.json(reviewJson(after), 200);
  });
