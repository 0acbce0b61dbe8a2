import { Hono } from "hono";
import { analyticsConfigChange } from "../../../common/schemas/admin-analytics";
import { dayRangeQuery } from "../../../common/schemas/reports";
import type { AppEnv } from "../../app-env";
import { adminAnalyticsRows } from "../../db/queries/admin-analytics";
import { adEventRows } from "../../db/queries/ads";
import { adFigures } from "../../domain/ads/ad-figures";
import { reportRange } from "../../domain/earnings/report-range";
import { ANALYTICS_CONFIG_DEFAULTS } from "../../domain/settings/analytics-config";
import { changeSetting } from "../../domain/settings/change-setting";
import { validate } from "../../lib/validate";
import { adminAnalyticsJson } from "../serializers/admin-analytics";
import { adminContext } from "./admin-context";

/**
 * Admin: the Analytics tab under /admin/analytics — content and viewer figures, the ad figures and the
 * marketing tag ids. The site's traffic dashboard, /admin/analytics/dashboard, is traffic.ts.
 */
export const adminAnalyticsRoutes = new Hono<AppEnv>()
  .get("/analytics", async (c) => c.json(adminAnalyticsJson(await adminAnalyticsRows(c.get("db"))), 200))
  // Impressions, completion, skips and clicks for a range of UTC days (default: the last 30).
  .get("/analytics/ads", validate("query", dayRangeQuery), async (c) => {
    const q = c.req.valid("query");
    const range = reportRange(q.startDate, q.endDate);
    return c.json(adFigures(await adEventRows(c.get("db"), range), range), 200);
  })
  .patch("/analytics/config", validate("json", analyticsConfigChange), async (c) => {
    const { key, value } = c.req.valid("json");
    const after = await changeSetting({ ctx: adminContext(c), input: { defaults: ANALYTICS_CONFIG_DEFAULTS, key, value } });
    return c.json(after, 200);
  });
