import type { PageVisitInput } from "../../domain/traffic/page-visit";
import { countRequest, windowStart, WITHIN_LIMIT } from "../../domain/rate-limit";
import { newId } from "../../lib/ids";
import type { Db } from "../client";

export type VisitRecord = PageVisitInput & { userId: string | null; source: string; ipHash: string; createdAt: string };

/**
 * Counts the request against the caller's per-minute limit and stores the visit only while within it,
 * in one batch. Returns false when the limit refused it.
 */
export async function recordVisit(db: Db, v: VisitRecord, limit: { key: string; perMinute: number; nowMs: number }) {
  const d1 = db.$client;
  const [, insert] = await d1.batch([
    countRequest(d1, limit.key, limit.nowMs),
    d1
      .prepare(
        `insert into page_visits (id, session_id, user_id, page_path, referrer, visit_duration, page_views, device_type,
           browser, user_agent, utm_source, utm_medium, utm_campaign, utm_term, utm_content, source, ip_hash, created_at)
         select ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21 where ${WITHIN_LIMIT}`,
      )
      .bind(
        limit.key, windowStart(limit.nowMs), limit.perMinute,
        newId(), v.session_id, v.userId, v.page_path, v.referrer, v.visit_duration, v.page_views, v.device_type,
        v.browser, v.user_agent, v.utm_source, v.utm_medium, v.utm_campaign, v.utm_term, v.utm_content, v.source, v.ipHash, v.createdAt,
      ),
  ]);
  return (insert!.meta.changes ?? 0) > 0;
}

export type DashboardScope = { since: string; creatorId?: string };

type Summary = { visitors: number; page_views: number; avg_dur: number; bounces: number };

/** Every figure of the traffic dashboard in one D1 round trip (DESIGN.md §4 "Traffic analytics"). */
export async function trafficDashboard(db: Db, scope: DashboardScope) {
  const d1 = db.$client;
  // ?1 = since, ?2 = creator page path, ?3 = creator id. A creator sees only visits to their own pages.
  const where = scope.creatorId
    ? `created_at >= ?1 and (page_path = ?2 or page_path in (select '/content/' || id from content where created_by = ?3))`
    : `created_at >= ?1`;
  const params = scope.creatorId ? [scope.since, `/creator/${scope.creatorId}`, scope.creatorId] : [scope.since];
  const q = (text: string) => d1.prepare(text).bind(...params);
  const tagged = `(utm_source is not null or utm_medium is not null or utm_campaign is not null or utm_term is not null or utm_content is not null)`;
  const [summary, pages, sources, timeline, devices, campaigns] = await d1.batch([
    q(`with s as (select session_id, count(*) as views, max(visit_duration) as dur from page_visits where ${where} group by session_id)
       select count(*) as visitors, coalesce(sum(views), 0) as page_views, coalesce(avg(dur), 0) as avg_dur,
         coalesce(sum(case when views = 1 then 1 else 0 end), 0) as bounces from s`),
    q(`select page_path as page, count(*) as views from page_visits where ${where} group by page_path order by views desc, page limit 10`),
    q(`select source, count(distinct session_id) as visitors from page_visits where ${where} group by source order by visitors desc, source limit 10`),
    q(`select date(created_at) as date, count(distinct session_id) as visitors, count(*) as pageViews
       from page_visits where ${where} group by 1 order by 1`),
    q(`select device_type as type, count(distinct session_id) as visitors from page_visits where ${where} group by 1 order by visitors desc`),
    // A conversion is a tagged session in which a new account was created (DESIGN.md §4).
    q(`with s as (select session_id, max(utm_campaign) as campaign, min(created_at) as first, max(created_at) as last
         from page_visits where ${where} and ${tagged} group by session_id)
       select coalesce(campaign, 'Unknown') as campaign, count(*) as visitors,
         sum(case when exists (select 1 from page_visits pv join users u on u.id = pv.user_id
           where pv.session_id = s.session_id and u.created_at between s.first and s.last) then 1 else 0 end) as conversions
       from s group by 1 order by visitors desc, campaign limit 20`),
  ]);
  return {
    summary: (summary!.results[0] as Summary | undefined) ?? { visitors: 0, page_views: 0, avg_dur: 0, bounces: 0 },
    pages: pages!.results as { page: string; views: number }[],
    sources: sources!.results as { source: string; visitors: number }[],
    timeline: timeline!.results as { date: string; visitors: number; pageViews: number }[],
    devices: devices!.results as { type: string; visitors: number }[],
    campaigns: campaigns!.results as { campaign: string; visitors: number; conversions: number }[],
  };
}
