import { dayOf } from "../../../lib/days";
import type { Db } from "../../client";
import { topPagesParams, TOP_PAGES_CTE } from "./traffic-page-totals";

/** A tracked page visit as stored: the validated payload (common/schemas/traffic.ts) and what the server adds. */
export type VisitRecord = {
  session_id: string;
  page_path: string;
  referrer: string | null;
  visit_duration: number;
  page_views: number;
  device_type: string;
  browser: string;
  user_agent: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  userId: string | null;
  source: string;
  ipHash: string;
  createdAt: string;
};

/**
 * The range is whole UTC days: from 00:00 of the day that holds `nowMs` − `rangeDays` × 24 h, through `nowMs`
 * (docs/decisions/054); without `creatorId`, the whole site.
 */
export type DashboardScope = { rangeDays: number; nowMs: number; creatorId?: string };

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

/** A top page, with what its path names when it is /content/{id} or /creator/{id} (else nulls). */
export type PageRow = {
  page: string;
  views: number;
  content_title: string | null;
  creator_id: string | null;
  creator_username: string | null;
};
/** The sessions that began on one UTC day (of the range), with their page views, lengths and bounces. */
export type DayRow = { date: string; sessions: number; views: number; duration: number; bounces: number };
/** The sessions in range per source, device or campaign (tagged sessions only, with their conversions). */
export type CountRow = {
  dimension: "source" | "device" | "campaign";
  value: string;
  sessions: number;
  conversions: number;
};

export type DashboardRows = { days: DayRow[]; counts: CountRow[]; pages: PageRow[] };

/** The UTC day a range of `rangeDays` starts on: the day that holds now − rangeDays × 24 h (decision 054). */
export const dashboardFirstDay = (scope: Pick<DashboardScope, "rangeDays" | "nowMs">) =>
  dayOf(scope.nowMs - scope.rangeDays * 24 * 3600 * 1000);

/**
 * What the traffic dashboard is made of, in one D1 round trip (docs/architecture.md §4 "Traffic",
 * docs/decisions/020 and 054), for the site or one creator alike: the range's whole UTC days from the day
 * rollups, the top pages from the cron's totals plus the days they lack. No session row is read, so the raw
 * rows may leave D1 after a couple of days (the visits window).
 */
export async function readDashboardRows(db: Db, scope: DashboardScope): Promise<DashboardRows> {
  const d1 = db.$client;
  const key = scope.creatorId ?? "";
  const firstDay = dashboardFirstDay(scope);
  const [days, counts, pages] = await d1.batch([
    d1
      .prepare(
        `select day as date, sessions, views, duration, bounces from traffic_days where scope = ?1 and day >= ?2 and sessions > 0`,
      )
      .bind(key, firstDay),
    d1
      .prepare(
        // The day comes first in the key (decision 056): one seek of (day, scope) per day of the range.
        `with recursive d(day) as (select ?2 union all select date(day, '+1 day') from d
           where day < (select max(day) from traffic_day_counts))
         select dimension, value, sum(sessions) as sessions, sum(conversions) as conversions
         from d cross join traffic_day_counts c on c.day = d.day and c.scope = ?1
         group by dimension, value having sum(sessions) > 0`,
      )
      .bind(key, firstDay),
    d1
      .prepare(`${TOP_PAGES_CTE} ${TITLED_TOP_PAGES}`)
      .bind(...topPagesParams(key, scope.rangeDays, firstDay, dayOf(scope.nowMs))),
  ]);
  return { days: days!.results as DayRow[], counts: counts!.results as CountRow[], pages: pages!.results as PageRow[] };
}
