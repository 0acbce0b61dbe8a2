import { Hono } from "hono";
import { myViewsOut, myViewsQuery, type MyViewsResponse } from "../../common/schemas/my-views";
import type { SignedInEnv } from "../app-env";
import { MY_VIEWS_LIMIT, viewsOfDay } from "../db/queries/earnings/my-views";
import { memberDaySummary } from "../domain/archive/member-day-summary";
import { viewOutcome } from "../domain/views/view-outcome";
import { nowIso } from "../lib/time";
import { usd } from "../lib/money";
import { validate } from "../lib/validate";
import { responds } from "../openapi/responds";
import { myViewJson } from "./serializers/my-view";

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
    const db = c.get("db");
    const q = { userId: c.get("user").id, side: as, day: date };
    const [rows, archived] = await Promise.all([viewsOfDay(db, q), memberDaySummary(c.env, db, q)]);
    const now = nowIso();
    const views = rows.slice(0, MY_VIEWS_LIMIT).map((r) => {
      const earning =
        r.earningMicros === null
          ? null
          : {
              availableAt: r.availableAt ?? "",
              reversed: r.reversed === 1,
              reversalReason: r.reversalReason,
              underReview: r.underReview === 1,
            };
      return myViewJson(r, viewOutcome({ ...r, earning }, now));
    });
    const summary = archived && {
      views: archived.views,
      qualified: archived.qualified,
      credited: archived.credited,
      amount_usd: usd(archived.micros),
      reversed: archived.reversed,
    };
    return c.json(
      { date, as, views, truncated: rows.length > MY_VIEWS_LIMIT, archived: summary } satisfies MyViewsResponse,
      200,
    );
  },
);
