import { Hono } from "hono";
import { analyticsConfigOut } from "../../common/schemas/analytics-config";
import type { AppEnv } from "../app-env";
import { getAnalyticsConfig } from "../domain/settings/analytics-config";
import { responds } from "../openapi/responds";

/** Public: the marketing tag ids, the Facebook pixel and GA4 (the admin changes them: admin/analytics.ts). */
export const analyticsConfigRoutes = new Hono<AppEnv>().get(
  "/analytics/config",
  responds("Get the marketing tag ids", {
    200: {
      description: "The Facebook pixel and GA4 ids; empty means the tag is not loaded.",
      schema: analyticsConfigOut,
    },
  }),
  async (c) => c.json(await getAnalyticsConfig({ ctx: { db: c.get("db"), actor: c.get("user") }, input: {} }), 200),
);
