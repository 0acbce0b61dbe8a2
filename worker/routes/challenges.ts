import { Hono } from "hono";
import { challengeProgressOut } from "../../common/schemas/challenges";
import type { SignedInEnv } from "../app-env";
import { awardedSignOnBonus, progressOf } from "../db/queries/challenges/challenges";
import { responds } from "../openapi/responds";
import { challengeProgressJson } from "./serializers/challenge";

/** Signed-in: the caller's sign-on challenge progress (docs/product-spec.md §3 "Challenge progress"). */
export const challengeRoutes = new Hono<SignedInEnv>().get(
  "/challenges/progress",
  responds("Get my sign-on challenge progress", {
    200: {
      description:
        "Each challenge of the caller's sign-on set with its progress, the hours left, and the awarded bonus (null until the job awards it).",
      schema: challengeProgressOut,
    },
  }),
  async (c) => {
    const db = c.get("db");
    const userId = c.get("user").id;
    const [rows, bonus] = await Promise.all([progressOf(db, userId), awardedSignOnBonus(db, userId)]);
    return c.json(challengeProgressJson(rows, bonus, Date.now()), 200);
  },
);
