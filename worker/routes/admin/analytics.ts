import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { AdminAnalyticsResponse } from "../../api-types";
import type { AppEnv } from "../../app-env";
import { usd } from "../../lib/money";

const TOP = 10;

/** Admin: content and viewer analytics (docs/product-spec.md §3 "Admin analytics"); percentages are 0–100, one decimal. */
export const adminAnalyticsRoutes = new Hono<AppEnv>().get("/analytics", async (c) => {
  const db = c.get("db");
  const [topContent, topUsers, topEarners, discovery] = await Promise.all([
    db.all<{ id: string; title: string; type: "video" | "audio"; view_count: number; watch_ms: number }>(sql`
      select c.id, c.title, c.type, count(v.qualified_at) as view_count, coalesce(sum(v.watch_time_ms), 0) as watch_ms
      from views v join content c on c.id = v.content_id
      group by c.id order by view_count desc, watch_ms desc limit ${TOP}`),
    db.all<{ user_id: string; email: string; last_activity: string; watch_ms: number }>(sql`
      select v.viewer_id as user_id, u.email, max(v.last_event_at) as last_activity, sum(v.watch_time_ms) as watch_ms
      from views v join users u on u.id = v.viewer_id
      group by v.viewer_id order by watch_ms desc limit ${TOP}`),
    db.all<{ user_id: string; email: string; content_count: number; total: number }>(sql`
      select e.user_id, u.email, (select count(*) from content c where c.created_by = e.user_id) as content_count,
        sum(e.amount_micros) as total
      from earnings e join users u on u.id = e.user_id where e.kind in ('creator', 'manual')
      group by e.user_id order by total desc limit ${TOP}`),
    db.all<{ method: "ai_recommended" | "search" | "browse"; n: number }>(sql`
      select discovery_method as method, count(*) as n from views group by discovery_method order by n desc`),
  ]);
  const views = discovery.reduce((sum, d) => sum + Number(d.n), 0);
  const body: AdminAnalyticsResponse = {
    topContent: topContent.map((r) => ({
      id: r.id, title: r.title, type: r.type, view_count: Number(r.view_count), total_watch_time: Math.round(Number(r.watch_ms) / 1000),
    })),
    topUsers: topUsers.map((r) => ({
      user_id: r.user_id, email: r.email, last_activity: r.last_activity, total_watch_time: Math.round(Number(r.watch_ms) / 1000),
    })),
    topEarners: topEarners.map((r) => ({
      user_id: r.user_id, email: r.email, content_count: Number(r.content_count), total_earnings: usd(Number(r.total)),
    })),
    discoveryStats: discovery.map((d) => ({
      discovery_method: d.method, count: Number(d.n), percentage: views ? Math.round((Number(d.n) / views) * 1000) / 10 : 0,
    })),
  };
  return c.json(body, 200);
});
