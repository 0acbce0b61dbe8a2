import { Hono } from "hono";
import {
  reviewDecisionBody,
  reviewListQuery,
  reviewOut,
  reviewsOut,
  reviewSweepOut,
} from "../../../common/schemas/admin-reviews";
import type { AppEnv } from "../../app-env";
import { listFraudFlags } from "../../domain/admin/admin-lists";
import { decideReview } from "../../domain/reviews/decide-review";
import { sweepReviews } from "../../domain/reviews/sweep";
import { ID_PATTERN } from "../../lib/ids";
import { validate } from "../../lib/validate";
import { responds } from "../../openapi/responds";
import { reviewJson, reviewsJson } from "../serializers/review";
import { adminContext } from "./admin-context";

/** Admin: the fraud sweep's flags and their settlement (docs/decisions/019). */
export const adminReviewRoutes = new Hono<AppEnv>()
  .get(
    "/reviews",
    responds("List fraud flags", {
      200: { description: "Open flags (or all with status=all), newest first, at most 200.", schema: reviewsOut },
    }),
    validate("query", reviewListQuery),
    async (c) => c.json(reviewsJson(await listFraudFlags({ ctx: adminContext(c), input: c.req.valid("query") })), 200),
  )
  .post(
    "/reviews/sweep",
    responds("Run the fraud sweep", {
      200: {
        description: "How many flags the sweep opened and how many earnings it newly covered.",
        schema: reviewSweepOut,
      },
    }),
    async (c) => c.json(await sweepReviews({ ctx: adminContext(c), input: null }), 200),
  )
  .post(
    `/reviews/:id${ID_PATTERN}`,
    responds(
      "Settle a fraud flag",
      {
        200: {
          description: "The flag, settled (audited): reversed earnings are taken back, cleared ones released.",
          schema: reviewOut,
        },
      },
      "409 once the flag is settled.",
    ),
    validate("json", reviewDecisionBody),
    async (c) => {
      const after = await decideReview({
        ctx: adminContext(c),
        input: { ...c.req.valid("json"), reviewId: c.req.param("id") },
      });
      return c.json(reviewJson(after), 200);
    },
  );
