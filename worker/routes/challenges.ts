import { Hono } from "hono";
import { challengeProgressOut } from "../../common/schemas/challenges";
import type { SignedInEnv } from "../app-env";
import { getChallengeProgress } from "../domain/challenges/progress";
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
    const progress = await getChallengeProgress({ ctx: { db: c.get("db"), actor: c.get("user") }, input: {} });
    return c.json(challengeProgressJson(progress, Date.now()), 200);
  },
);
