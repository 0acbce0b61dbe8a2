import { Hono } from "hono";
import { trafficDashboardOut, trafficDashboardQuery } from "../../../common/schemas/traffic";
import { TRAFFIC_RANGES } from "../../../common/traffic-ranges";
import type { AppEnv } from "../../app-env";
import { trafficDashboard } from "../../domain/traffic/dashboard-figures";
import { validate } from "../../lib/validate";
import { responds } from "../../openapi/responds";
import { trafficDashboardJson } from "../serializers/traffic-dashboard";

/**
 * Admin: the whole site's traffic dashboard, GET /admin/analytics/dashboard (docs/decisions/020). The
 * creator's own, GET /analytics/dashboard, is in ../traffic.ts; both read the same day rollups. The spec's URL
 * says analytics; the code, this file's name included, says traffic (docs/decisions/070).
 */
export const adminTrafficRoutes = new Hono<AppEnv>().get(
  "/analytics/dashboard",
  responds("Show the site's traffic dashboard", {
    200: {
      description:
        "Visitors, page views, sources, devices and campaigns of the whole site over the range (default 7 days).",
      schema: trafficDashboardOut,
    },
  }),
  validate("query", trafficDashboardQuery),
  async (c) => {
    const scope = { rangeDays: TRAFFIC_RANGES[c.req.valid("query").range], nowMs: Date.now() };
    return c.json(trafficDashboardJson(await trafficDashboard(c.get("db"), scope)), 200);
  },
);
