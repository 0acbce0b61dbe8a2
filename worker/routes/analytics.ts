import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import type { TrafficDashboard } from "../api-types";
import type { AppEnv, SignedInEnv } from "../app-env";
import type { Db } from "../db/client";
import { readSettings } from "../db/queries/settings";
import { recordVisit, type DashboardScope } from "../db/queries/traffic";
import { ANALYTICS_CONFIG_DEFAULTS } from "../domain/settings/analytics-config";
import { changeSetting } from "../domain/settings/change-setting";
import { trafficDashboard } from "../domain/traffic/dashboard-figures";
import { pageTitle } from "../domain/traffic/page-title";
import { pageVisitBody, sourceOf, TRAFFIC_RANGES } from "../domain/traffic/page-visit";
import { addressHash } from "../lib/crypto";
import { rateLimited, tooLarge } from "../lib/errors";
import { nowIso } from "../lib/time";
import { validate } from "../lib/validate";

const TRACK_MAX_BYTES = 8 * 1024;
const TRACK_PER_MINUTE = 120;

const rangeQuery = z.object({
  range: z.enum(Object.keys(TRAFFIC_RANGES) as [keyof typeof TRAFFIC_RANGES], "range must be 1d, 7d, 30d or 90d").default("7d"),
});

const fraction = (part: number, whole: number) => (whole ? part / whole : 0);

async function dashboard(db: Db, range: keyof typeof TRAFFIC_RANGES, creatorId?: string): Promise<TrafficDashboard> {
  const scope: DashboardScope = { rangeDays: TRAFFIC_RANGES[range], nowMs: Date.now(), creatorId };
  const d = await trafficDashboard(db, scope);
  const visitors = Number(d.summary.visitors);
  return {
    overview: {
      totalVisitors: visitors,
      pageViews: Number(d.summary.page_views),
      avgSessionDuration: Math.round(Number(d.summary.avg_dur)),
      bounceRate: fraction(Number(d.summary.bounces), visitors),
      topPages: d.pages.map((p) => {
        const title = pageTitle(p);
        return { page: p.page, views: Number(p.views), ...(title === undefined ? {} : { title }) };
      }),
      topSources: d.sources.map((s) => ({ source: s.source, visitors: Number(s.visitors), percentage: fraction(Number(s.visitors), visitors) })),
    },
    timeline: d.timeline.map((t) => ({ date: t.date, visitors: Number(t.visitors), pageViews: Number(t.pageViews) })),
    devices: d.devices.map((x) => ({ type: x.type, visitors: Number(x.visitors), percentage: fraction(Number(x.visitors), visitors) })),
    campaigns: d.campaigns.map((x) => ({ campaign: x.campaign, visitors: Number(x.visitors), conversions: Number(x.conversions) })),
  };
}

/** Public: the page-visit tracker and the marketing tag ids. */
export const analyticsPublicRoutes = new Hono<AppEnv>()
  .post(
    "/analytics/track",
    bodyLimit({ maxSize: TRACK_MAX_BYTES, onError: () => { throw tooLarge("Page visit too large", "too_large"); } }),
    validate("json", pageVisitBody),
    async (c) => {
      const visit = c.req.valid("json");
      const ip = c.req.header("cf-connecting-ip") ?? "local";
      const ipHash = await addressHash(c.get("settings").sessionSecret, ip);
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
  .get("/analytics/config", async (c) => c.json(await readSettings(c.get("db"), ANALYTICS_CONFIG_DEFAULTS), 200));

/** Signed-in: traffic to the caller's own content and creator page. */
export const analyticsSignedInRoutes = new Hono<SignedInEnv>().get("/analytics/dashboard", validate("query", rangeQuery), async (c) =>
  c.json(await dashboard(c.get("db"), c.req.valid("query").range, c.get("user").id), 200),
);

const configChange = z.discriminatedUnion("key", [
  z.object({ key: z.literal("ga4_id"), value: z.string().trim().regex(/^(G-[A-Z0-9]{4,16})?$/, "must look like G-ABC1234 (or be empty)") }),
  z.object({ key: z.literal("facebook_pixel_id"), value: z.string().trim().regex(/^(\d{5,20})?$/, "must be the pixel's digits (or be empty)") }),
], "key must be ga4_id or facebook_pixel_id");

/** Admin: the whole site's traffic, and the marketing tag ids. */
export const adminAnalyticsDashboardRoutes = new Hono<AppEnv>()
  .get("/analytics/dashboard", validate("query", rangeQuery), async (c) => c.json(await dashboard(c.get("db"), c.req.valid("query").range), 200))
  .patch("/analytics/config", validate("json", configChange), async (c) => {
    const { key, value } = c.req.valid("json");
    const after = await changeSetting(c.get("db"), { defaults: ANALYTICS_CONFIG_DEFAULTS, key, value, actorId: c.get("user")!.id });
    return c.json(after, 200);
  });
