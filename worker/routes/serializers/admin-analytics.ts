import type { AdminAnalyticsResponse } from "../../../common/schemas/admin-analytics";
import type { listAnalytics } from "../../domain/admin/admin-lists";
import { usd } from "../../lib/money";

const seconds = (ms: number) => Math.round(Number(ms) / 1000);

/** Admin content and viewer analytics (docs/product-spec.md §3 "Admin analytics"); percentages are 0–100, one decimal. */
export function adminAnalyticsJson(rows: Awaited<ReturnType<typeof listAnalytics>>): AdminAnalyticsResponse {
  const views = rows.discovery.reduce((sum, d) => sum + Number(d.n), 0);
  return {
    topContent: rows.topContent.map((r) => ({
      id: r.id,
      title: r.title,
      type: r.type,
      view_count: Number(r.view_count),
      total_watch_time: seconds(r.watch_ms),
    })),
    topUsers: rows.topUsers.map((r) => ({
      user_id: r.user_id,
      email: r.email,
      last_activity: r.last_activity,
      total_watch_time: seconds(r.watch_ms),
    })),
    topEarners: rows.topEarners.map((r) => ({
      user_id: r.user_id,
      email: r.email,
      content_count: Number(r.content_count),
      total_earnings: usd(Number(r.total)),
    })),
    discoveryStats: rows.discovery.map((d) => ({
      discovery_method: d.method,
      count: Number(d.n),
      percentage: views ? Math.round((Number(d.n) / views) * 1000) / 10 : 0,
    })),
  };
}
