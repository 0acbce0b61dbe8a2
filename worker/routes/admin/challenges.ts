import { Hono } from "hono";
import { adminChallengesOut, challengeChangeBody, challengeCreateBody } from "../../../common/schemas/admin-challenges";
import { challengeOut } from "../../../common/schemas/challenges";
import type { AppEnv } from "../../app-env";
import { changeChallenge, createChallenge, listChallenges } from "../../domain/challenges/admin-challenges";
import { ID_PATTERN } from "../../lib/ids";
import { validate } from "../../lib/validate";
import { responds } from "../../openapi/responds";
import { adminChallengesJson, challengeJson } from "../serializers/challenge";
import { adminContext } from "./admin-context";

/** Admin: sign-on challenges and their bonus history (docs/product-spec.md §2 "Sign-On Challenges"). */
export const adminChallengeRoutes = new Hono<AppEnv>()
  .get(
    "/challenges",
    responds("List the challenges and the sign-on bonus history", {
      200: {
        description: "Every challenge, the newest 200 sign-on bonuses with their members' emails, and the totals.",
        schema: adminChallengesOut,
      },
    }),
    async (c) => c.json(adminChallengesJson(await listChallenges({ ctx: adminContext(c), input: {} })), 200),
  )
  .post(
    "/challenges",
    responds("Create a challenge", {
      201: { description: "The new challenge (audited); members enrolled from now on get it.", schema: challengeOut },
    }),
    validate("json", challengeCreateBody),
    async (c) => {
      const row = await createChallenge({ ctx: adminContext(c), input: c.req.valid("json") });
      return c.json(challengeJson(row), 201);
    },
  )
  .patch(
    `/challenges/:id${ID_PATTERN}`,
    responds(
      "Change a challenge",
      { 200: { description: "The challenge after the change (audited).", schema: challengeOut } },
      "Only the fields sent change. Members already enrolled keep the terms they enrolled with.",
    ),
    validate("json", challengeChangeBody),
    async (c) => {
      const row = await changeChallenge({
        ctx: adminContext(c),
        input: { ...c.req.valid("json"), id: c.req.param("id") },
      });
      return c.json(challengeJson(row), 200);
    },
  );
