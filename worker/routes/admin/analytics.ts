import { Hono } from "hono";
import {
  adAnalyticsOut,
  adminAnalyticsOut,
  analyticsConfigChange,
  analyticsConfigOut,
  type AnalyticsConfig,
} from "../../../common/schemas/admin-analytics";
import { dayRangeQuery } from "../../../common/schemas/reports";
import type { AppEnv } from "../../app-env";
import { listAnalytics } from "../../domain/admin/admin-lists";
import { getAdFigures } from "../../domain/ads/ad-figures";
import { ANALYTICS_CONFIG_DEFAULTS } from "../../domain/settings/analytics-config";
import { changeSetting } from "../../domain/settings/change-setting";
import { validate } from "../../lib/validate";
import { responds } from "../../openapi/responds";
import { adminAnalyticsJson } from "../serializers/admin-analytics";
import { adminContext } from "./admin-context";

/**
 * Admin: the Analytics tab under /admin/analytics — content and viewer figures, the ad figures and the
 * marketing tag ids. The site's traffic dashboard, /admin/analytics/dashboard, is traffic-dashboard.ts.
 */
export const adminAnalyticsRoutes = new Hono<AppEnv>()
  .get(
    "/analytics",
    responds("Show content and viewer analytics", {
      200: {
        description: "The most watched items, the most active viewers, the top earners and how views were discovered.",
        schema: adminAnalyticsOut,
      },
    }),
    async (c) => c.json(adminAnalyticsJson(await listAnalytics({ ctx: adminContext(c), input: {} })), 200),
  )
  // Impressions, completion, skips and clicks for a range of UTC days (default: the last 30).
  .get(
    "/analytics/ads",
    responds("Show ad figures for a range of days", {
      200: {
        description:
          "Ad beacon counts and rates over impressions: in total, per break position, and for every day of the range.",
        schema: adAnalyticsOut,
      },
    }),
    validate("query", dayRangeQuery),
    async (c) => c.json(await getAdFigures({ ctx: adminContext(c), input: c.req.valid("query") }), 200),
  )
  .patch(
    "/analytics/config",
    responds("Change a marketing tag id", {
      200: {
        description: "Both tag ids after the change (audited; saving the value a tag already has writes nothing).",
        schema: analyticsConfigOut,
      },
    }),
    validate("json", analyticsConfigChange),
    async (c) => {
      const { key, value } = c.req.valid("json");
      const after = await changeSetting({
        ctx: adminContext(c),
        input: { defaults: ANALYTICS_CONFIG_DEFAULTS, key, value },
      });
      return c.json(after satisfies AnalyticsConfig, 200);
    },
  );
