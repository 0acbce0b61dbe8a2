import { Hono } from "hono";
import { contentStatsOut, contentStatsQuery } from "../../common/schemas/studio";
import type { SignedInEnv } from "../app-env";
import { readItemStats } from "../domain/studio/content-stats";
import { ID_PATTERN } from "../lib/ids";
import { validate } from "../lib/validate";
import { responds } from "../openapi/responds";
import { contentStatsJson } from "./serializers/content-stats";

/** Signed-in: one item's studio (docs/decisions/048), for its creator and admins. */
export const contentStatsRoutes = new Hono<SignedInEnv>().get(
  `/content/:id${ID_PATTERN}/stats`,
  responds("Read an item's studio stats", {
    200: {
      description:
        "Views, qualified views, the creator's earnings, average share watched, sources and day buckets over the range; the retention curve over all the item's views. Views by the creator are not counted. 404 for anyone but the creator and admins, as for a missing item.",
      schema: contentStatsOut,
    },
  }),
  validate("query", contentStatsQuery),
  async (c) => {
    const user = c.get("user");
    const contentId = c.req.param("id");
    const stats = await readItemStats({
      ctx: { db: c.get("db"), actor: { id: user.id, isAdmin: user.isAdmin } },
      input: { contentId, range: c.req.valid("query").range, nowMs: Date.now() },
    });
    return c.json(contentStatsJson(contentId, stats), 200);
  },
);
