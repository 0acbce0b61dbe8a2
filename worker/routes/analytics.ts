import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { analyticsConfigOut } from "../../common/schemas/analytics-config";
import { pageVisitBody, trafficDashboardOut, trafficDashboardQuery } from "../../common/schemas/traffic";
import { TRAFFIC_RANGES } from "../../common/traffic-ranges";
import type { AppEnv, SignedInEnv } from "../app-env";
import { readSettings } from "../db/queries/settings";
import { recordVisit } from "../db/queries/traffic";
import { trafficDashboard } from "../domain/traffic/dashboard-figures";
import { ANALYTICS_CONFIG_DEFAULTS } from "../domain/settings/analytics-config";
import { sourceOf } from "../domain/traffic/page-visit";
import { addressGroupHash } from "../lib/address-group";
import { rateLimited, tooLarge } from "../lib/errors";
import { nowIso } from "../lib/time";
import { validate } from "../lib/validate";
import { responds } from "../openapi/responds";
import { trafficDashboardJson } from "./serializers/traffic-dashboard";

const TRACK_MAX_BYTES = 8 * 1024;
const TRACK_PER_MINUTE = 120;

// The spec puts the visitor ("traffic") feature's URLs under /api/analytics/; the code calls the feature traffic
// everywhere else (docs/decisions/042).

/** Public: the page-visit tracker and the marketing tag ids (the admin changes them: admin/analytics.ts). */
export const analyticsPublicRoutes = new Hono<AppEnv>()
  .post(
    "/analytics/track",
    responds(
      "Record a page visit",
      { 204: { description: "Recorded." } },
      "The tracker's beacon; the signed-in member (if any) comes from the session cookie, never from the body. 429 past the per-address limit.",
    ),
    bodyLimit({ maxSize: TRACK_MAX_BYTES, onError: () => { throw tooLarge("Page visit too large", "too_large"); } }),
    validate("json", pageVisitBody),
    async (c) => {
      const visit = c.req.valid("json");
      const ip = c.req.header("cf-connecting-ip") ?? "local";
      const ipHash = await addressGroupHash(c.get("settings").sessionSecret, ip);
      const nowMs = Date.now();
      const stored = await recordVisit(
        c.get("db"),
        { ...visit, userId: c.get("user")?.id ?? null, source: sourceOf(visit, new URL(c.req.url).hostname), ipHash, createdAt: nowIso(nowMs) },
        { key: `track:${ipHash}`, perMinute: TRACK_PER_MINUTE, nowMs },
      );
      if (!stored) throw rateLimited("Too many page visits from this address; slow down", "rate_limited");
      return c.body(null, 204);
    },
  )
  .get(
    "/analytics/config",
    responds("Get the marketing tag ids", { 200: { description: "The Facebook pixel and GA4 ids; empty means the tag is not loaded.", schema: analyticsConfigOut } }),
    async (c) => c.json(await readSettings(c.get("db"), ANALYTICS_CONFIG_DEFAULTS), 200),
  );

/** Signed-in: traffic to the caller's own content and creator page (the whole site's: admin/analytics-dashboard.ts). */
export const analyticsSignedInRoutes = new Hono<SignedInEnv>().get(
  "/analytics/dashboard",
  responds("Get my traffic dashboard", {
    200: {
      description: "Visits to the caller's own content and creator page over the range: totals, top pages and sources, the timeline, devices and campaigns.",
      schema: trafficDashboardOut,
    },
  }),
  validate("query", trafficDashboardQuery),
  async (c) => {
    const scope = { rangeDays: TRAFFIC_RANGES[c.req.valid("query").range], nowMs: Date.now(), creatorId: c.get("user").id };
    return c.json(trafficDashboardJson(await trafficDashboard(c.get("db"), scope)), 200);
  },
);
