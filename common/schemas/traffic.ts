import { z } from "zod";
import { TRAFFIC_RANGES, type TrafficRange } from "../traffic-ranges";

// The page-visit payload (docs/product-spec.md §3) as the tracker sends it. Every field is bounded: the endpoint is public.
const text = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((v) => v?.trim() || null);

/**
 * A path on this site, as `location.pathname` (plus search and hash) gives it: one leading `/`, then no
 * second `/` or `\` (browsers read `//host` and `/\host` as another site), no backslashes, whitespace or
 * control characters (browsers drop tabs and newlines, so `/\t/host` is `//host` too). Dashboards show it.
 */
const sameSitePath = z
  .string("page_path is required")
  .max(512, "page_path must be at most 512 characters")
  .regex(/^\/(?![/\\])[^\\\s\p{Cc}]*$/u, "page_path must be a path on this site, starting with a single /");

/** POST /api/analytics/track: one page visit. */
export const pageVisitBody = z.object({
  session_id: z
    .string()
    .min(8, "session_id: too short")
    .max(64)
    .regex(/^[\w-]+$/, "session_id: letters, digits, - and _ only"),
  // Ignored: the signed-in user comes from the session cookie, never from the payload.
  user_id: z.string().max(64).nullish(),
  page_path: sameSitePath,
  referrer: text(1024),
  visit_duration: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600),
  page_views: z.number().int().min(1).max(100_000),
  device_type: z.enum(["desktop", "mobile", "tablet"]),
  browser: z.enum(["chrome", "firefox", "safari", "edge", "unknown"]),
  user_agent: text(512),
  utm_source: text(200),
  utm_medium: text(200),
  utm_campaign: text(200),
  utm_term: text(200),
  utm_content: text(200),
});
export type PageVisitBody = z.input<typeof pageVisitBody>;

/** GET /api/analytics/dashboard and GET /api/admin/analytics/dashboard: one schema, so the two cannot drift apart. */
export const trafficDashboardQuery = z.object({
  range: z.enum(Object.keys(TRAFFIC_RANGES) as [TrafficRange], "range must be 1d, 7d, 30d or 90d").default("7d"),
});

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

/**
 * GET /api/analytics/dashboard (a creator's own pages) and GET /api/admin/analytics/dashboard (the site's):
 * one shape. Percentages are fractions (0–1), as the spec defines them for traffic; durations in seconds.
 */
export const trafficDashboardOut = z.object({
  /** The range starts at 00:00 UTC of the day that holds now − N × 24 h and runs through now (decision 054). */
  since: z.string(),
  overview: z.object({
    totalVisitors: z.number().int(),
    pageViews: z.number().int(),
    avgSessionDuration: z.number().int(),
    bounceRate: z.number(),
    /** `title`: the content or creator a /content/{id} or /creator/{id} path names, when there is one. */
    topPages: z.array(z.object({ page: z.string(), views: z.number().int(), title: z.string().optional() })),
    topSources: z.array(z.object({ source: z.string(), visitors: z.number().int(), percentage: z.number() })),
  }),
  timeline: z.array(z.object({ date: z.string(), visitors: z.number().int(), pageViews: z.number().int() })),
  devices: z.array(z.object({ type: z.string(), visitors: z.number().int(), percentage: z.number() })),
  campaigns: z.array(z.object({ campaign: z.string(), visitors: z.number().int(), conversions: z.number().int() })),
});
export type TrafficDashboard = z.output<typeof trafficDashboardOut>;
