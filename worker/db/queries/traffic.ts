import type { PageVisitInput } from "../../domain/traffic/page-visit";
import { countRequest, windowStart, WITHIN_LIMIT } from "../../domain/rate-limit";
import { fromCube, type CubeRow } from "../../domain/traffic/site-figures";
import { newId } from "../../lib/ids";
import type { Db } from "../client";

export type VisitRecord = PageVisitInput & { userId: string | null; source: string; ipHash: string; createdAt: string };

/**
 * Counts the request against the caller's per-minute limit and stores the visit only while within it,
 * in one batch. Returns false when the limit refused it.
 */
export async function recordVisit(db: Db, v: VisitRecord, limit: { key: string; perMinute: number; nowMs: number }) {
  const d1 = db.$client;
  const gate = [limit.key, windowStart(limit.nowMs), limit.perMinute];
  const tagged = [v.utm_source, v.utm_medium, v.utm_campaign, v.utm_term, v.utm_content].some(Boolean) ? 1 : 0;
  const [, insert] = await d1.batch([
    countRequest(d1, limit.key, limit.nowMs),
    d1
      .prepare(
        `insert into page_visits (id, session_id, user_id, page_path, referrer, visit_duration, page_views, device_type,
           browser, user_agent, utm_source, utm_medium, utm_campaign, utm_term, utm_content, source, ip_hash, created_at)
         select ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21 where ${WITHIN_LIMIT}`,
      )
      .bind(
        ...gate,
        newId(), v.session_id, v.userId, v.page_path, v.referrer, v.visit_duration, v.page_views, v.device_type,
        v.browser, v.user_agent, v.utm_source, v.utm_medium, v.utm_campaign, v.utm_term, v.utm_content, v.source, v.ipHash, v.createdAt,
      ),
    // The session's rollup row. A conversion: the signed-in user's account was created after the session began.
    d1
      .prepare(
        `insert into traffic_sessions (session_id, first_at, last_at, page_views, max_duration, source, device_type, campaign, tagged, converted)
         select ?4, ?5, ?5, 1, ?6, ?7, ?8, ?9, ?10, exists(select 1 from users u where u.id = ?11
             and u.created_at >= coalesce((select first_at from traffic_sessions where session_id = ?4), ?5))
         where ${WITHIN_LIMIT}
         on conflict (session_id) do update set last_at = excluded.last_at, page_views = page_views + 1,
           max_duration = max(max_duration, excluded.max_duration), campaign = coalesce(campaign, excluded.campaign),
           tagged = max(tagged, excluded.tagged), converted = max(converted, excluded.converted)`,
      )
      .bind(...gate, v.session_id, v.createdAt, v.visit_duration, v.source, v.device_type, v.utm_campaign, tagged, v.userId),
    d1
      .prepare(
        `insert into traffic_page_days (day, page_path, views) select ?4, ?5, 1 where ${WITHIN_LIMIT}
         on conflict (day, page_path) do update set views = views + 1`,
      )
      .bind(...gate, v.createdAt.slice(0, 10), v.page_path),
  ]);
  return (insert!.meta.changes ?? 0) > 0;
}

export type DashboardScope = { since: string; creatorId?: string };

// The top pages `p` (at most 10) with the content or creator their path names, joined in the same query by
// primary key, so the titles cost no extra round trip and ten lookups at most whatever the range. A path
// names an id when it is /content/ or /creator/ then the 26-character id, then nothing, ?, # or /.
const PATH_ID = `substr(p.page, 10, 26)`;
const PATH_ENDS_AFTER_ID = `(length(p.page) = 35 or substr(p.page, 36, 1) in ('?', '#', '/'))`;
const TITLED_TOP_PAGES = `select p.page, p.views, c.title as content_title, u.id as creator_id, u.username as creator_username
  from p
  left join content c on substr(p.page, 1, 9) = '/content/' and ${PATH_ENDS_AFTER_ID} and c.id = ${PATH_ID}
  left join users u on substr(p.page, 1, 9) = '/creator/' and ${PATH_ENDS_AFTER_ID} and u.id = ${PATH_ID}
  order by p.views desc, p.page`;

export type Summary = { visitors: number; page_views: number; avg_dur: number; bounces: number };

/** Every figure of the traffic dashboard in one D1 round trip (docs/architecture.md §4 "Traffic analytics"). */
export async function trafficDashboard(db: Db, scope: DashboardScope) {
  return scope.creatorId ? creatorDashboard(db, scope.since, scope.creatorId) : siteDashboard(db, scope.since);
}

/** A top page, with what its path names when it is /content/{id} or /creator/{id} (else nulls). */
export type PageRow = {
  page: string; views: number; content_title: string | null; creator_id: string | null; creator_username: string | null;
};

export type Dashboard = {
  summary: Summary;
  pages: PageRow[];
  sources: { source: string; visitors: number }[];
  timeline: { date: string; visitors: number; pageViews: number }[];
  devices: { type: string; visitors: number }[];
  campaigns: { campaign: string; visitors: number; conversions: number }[];
};

function shape(results: D1Result[]): Dashboard {
  const [summary, pages, sources, timeline, devices, campaigns] = results;
  return {
    summary: (summary!.results[0] as Summary | undefined) ?? { visitors: 0, page_views: 0, avg_dur: 0, bounces: 0 },
    pages: pages!.results as Dashboard["pages"],
    sources: sources!.results as Dashboard["sources"],
    timeline: timeline!.results as Dashboard["timeline"],
    devices: devices!.results as Dashboard["devices"],
    campaigns: campaigns!.results as Dashboard["campaigns"],
  };
}

/** The whole site, from the rollups: one pass over the sessions in range plus the pages, in one round trip. */
async function siteDashboard(db: Db, since: string): Promise<Dashboard> {
  const d1 = db.$client;
  // Sessions grouped by every dimension the dashboard shows (a few thousand groups at most); the figures
  // are summed from these groups below instead of scanning the sessions once per figure.
  const [cube, pages] = await d1.batch([
    d1
      .prepare(
        `select date(first_at) as date, source, device_type as device, campaign, tagged, count(*) as sessions,
           sum(page_views) as views, sum(max_duration) as duration, sum(page_views = 1) as bounces, sum(converted) as conversions
         from traffic_sessions where first_at >= ?1 group by 1, 2, 3, 4, 5`,
      )
      .bind(since),
    d1
      .prepare(
        `with p as (select page_path as page, sum(views) as views from traffic_page_days where day >= substr(?1, 1, 10)
           group by page_path order by views desc, page limit 10)
         ${TITLED_TOP_PAGES}`,
      )
      .bind(since),
  ]);
  return fromCube(cube!.results as CubeRow[], pages!.results as Dashboard["pages"]);
}

/** One creator's pages (their creator page and content pages), from the visits themselves. */
async function creatorDashboard(db: Db, since: string, creatorId: string): Promise<Dashboard> {
  const d1 = db.$client;
  const where = `created_at >= ?1 and (page_path = ?2 or page_path in (select '/content/' || id from content where created_by = ?3))`;
  const q = (text: string) => d1.prepare(text).bind(since, `/creator/${creatorId}`, creatorId);
  const tagged = `(utm_source is not null or utm_medium is not null or utm_campaign is not null or utm_term is not null or utm_content is not null)`;
  return shape(
    await d1.batch([
      q(`with s as (select session_id, count(*) as views, max(visit_duration) as dur from page_visits where ${where} group by session_id)
         select count(*) as visitors, coalesce(sum(views), 0) as page_views, coalesce(avg(dur), 0) as avg_dur,
           coalesce(sum(case when views = 1 then 1 else 0 end), 0) as bounces from s`),
      q(`with p as (select page_path as page, count(*) as views from page_visits where ${where} group by page_path order by views desc, page limit 10)
         ${TITLED_TOP_PAGES}`),
      q(`select source, count(distinct session_id) as visitors from page_visits where ${where} group by source order by visitors desc, source limit 10`),
      q(`select date(created_at) as date, count(distinct session_id) as visitors, count(*) as pageViews
         from page_visits where ${where} group by 1 order by 1`),
      q(`select device_type as type, count(distinct session_id) as visitors from page_visits where ${where} group by 1 order by visitors desc`),
      // A conversion is a tagged session in which a new account was created (docs/architecture.md §4).
      q(`with s as (select session_id, max(utm_campaign) as campaign, min(created_at) as first, max(created_at) as last
           from page_visits where ${where} and ${tagged} group by session_id)
         select coalesce(campaign, 'Unknown') as campaign, count(*) as visitors,
           sum(case when exists (select 1 from page_visits pv join users u on u.id = pv.user_id
             where pv.session_id = s.session_id and pv.user_id is not null and u.created_at between s.first and s.last) then 1 else 0 end) as conversions
         from s group by 1 order by visitors desc, campaign limit 20`),
    ]),
  );
}
