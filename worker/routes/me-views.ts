import { Hono } from "hono";
import { myViewsOut, myViewsQuery } from "../../common/schemas/my-views";
import type { SignedInEnv } from "../app-env";
import { listMyViews, MY_VIEWS_LIMIT } from "../domain/views/my-views";
import { validate } from "../lib/validate";
import { responds } from "../openapi/responds";
import { myViewsJson } from "./serializers/my-view";

/** Signed-in: "a reason for every view" — the caller's views of one UTC day and what each did for them. */
export const myViewsRoutes = new Hono<SignedInEnv>().get(
  "/me/views",
  responds("List my views of a day", {
    200: {
      description: `The caller's views of one UTC day (as viewer, or as creator of the items), newest first, at most ${MY_VIEWS_LIMIT}; each with what it did for them and why. For a day whose views are archived, \`archived\` carries the day's summary (the list then holds only views kept as evidence).`,
      schema: myViewsOut,
    },
  }),
  validate("query", myViewsQuery),
  async (c) => {
    const { date, as } = c.req.valid("query");
    const views = await listMyViews({
      ctx: { db: c.get("db"), actor: c.get("user"), env: c.env },
      input: { side: as, day: date },
    });
    return c.json(myViewsJson({ date, as }, views), 200);
  },
);
