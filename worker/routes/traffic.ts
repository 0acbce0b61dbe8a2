import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { pageVisitBody, trafficDashboardOut, trafficDashboardQuery } from "../../common/schemas/traffic";
import { TRAFFIC_RANGES } from "../../common/traffic-ranges";
import type { AppEnv, SignedInEnv } from "../app-env";
import { trafficDashboard } from "../domain/traffic/dashboard-figures";
import { gatherOf } from "../domain/queues/traffic-outbox";
import { recordPageVisit } from "../domain/traffic/page-visit";
import { tooLarge } from "../lib/errors";
import { validate } from "../lib/validate";
import { responds } from "../openapi/responds";
import { trafficDashboardJson } from "./serializers/traffic-dashboard";

const TRACK_MAX_BYTES = 8 * 1024;

// The spec puts the traffic feature's URLs under /api/analytics/; the code, its files included, calls it traffic
// (docs/decisions/070).

/** Public: the page-visit tracker. */
export const trafficPublicRoutes = new Hono<AppEnv>().post(
  "/analytics/track",
  responds(
    "Record a page visit",
    { 204: { description: "Recorded." } },
    "The tracker's beacon; the signed-in member (if any) comes from the session cookie, never from the body. 429 past the per-address limit.",
  ),
  bodyLimit({
    maxSize: TRACK_MAX_BYTES,
    onError: () => {
      throw tooLarge("Page visit too large", "too_large");
    },
  }),
  validate("json", pageVisitBody),
  async (c) => {
    await recordPageVisit({
      ctx: {
        actor: c.get("user"),
        secret: c.get("settings").sessionSecret,
        env: c.env,
        gather: gatherOf(c.get("settings"), c.executionCtx),
      },
      input: {
        visit: c.req.valid("json"),
        ip: c.req.header("cf-connecting-ip") ?? "local",
        ownHost: new URL(c.req.url).hostname,
      },
    });
    return c.body(null, 204);
  },
);

/** Signed-in: traffic to the caller's own content and creator page (the whole site's: admin/traffic-dashboard.ts). */
export const trafficSignedInRoutes = new Hono<SignedInEnv>().get(
  "/analytics/dashboard",
  responds("Get my traffic dashboard", {
    200: {
      description:
        "Visits to the caller's own content and creator page over the range: totals, top pages and sources, the timeline, devices and campaigns.",
      schema: trafficDashboardOut,
    },
  }),
  validate("query", trafficDashboardQuery),
  async (c) => {
    const scope = {
      rangeDays: TRAFFIC_RANGES[c.req.valid("query").range],
      nowMs: Date.now(),
      creatorId: c.get("user").id,
    };
    return c.json(trafficDashboardJson(await trafficDashboard(c.get("db"), scope)), 200);
  },
);
