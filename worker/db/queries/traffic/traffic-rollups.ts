import { ID_CHARS } from "../../../../common/ids";
import { WITHIN_LIMIT } from "../auth/rate-limits";

// The rollup statements of one tracked visit (docs/decisions/020). Every statement takes the same parameters
// (ROLLUP_PARAMS) and runs behind the tracker's rate-limit condition, in the visit's batch; D1 runs a batch in
// order in one transaction, so the statements before the session's upsert see the session as it was.

/** Bound in this order: the rate-limit gate (?1–?3), then the visit (?4–?12). */
export type RollupVisit = {
  sessionId: string;
  createdAt: string;
  visitDuration: number;
  source: string;
  deviceType: string;
  campaign: string | null;
  tagged: 0 | 1;
  userId: string | null;
  pagePath: string;
};
export const rollupParams = (gate: unknown[], v: RollupVisit) => [
  ...gate,
  v.sessionId,
  v.createdAt,
  v.visitDuration,
  v.source,
  v.deviceType,
  v.campaign,
  v.tagged,
  v.userId,
  v.pagePath,
];

/** Whose traffic a row counts, as SQL over the parameters: the whole site. */
export const SITE_SCOPE = `''`;
/**
 * The creator a visit's page belongs to: /creator/{id} is that user's page, /content/{id} its creator's; null
 * for anything else (checked in SQL, so an unknown id counts for no one).
 */
export const CREATOR_SCOPE = `case substr(?12, 1, 9)
  when '/creator/' then (select id from users where id = substr(?12, 10))
  when '/content/' then (select created_by from content where id = substr(?12, 10)) end`;
/** A path that may name a creator (CREATOR_SCOPE decides): exactly /creator/{id} or /content/{id}. */
const CREATOR_PATH = new RegExp(`^/(creator|content)/${ID_CHARS}$`);
export const mayNameCreator = (path: string) => CREATOR_PATH.test(path);

// The session before this visit (`o`, absent for its first visit) and what this visit makes of it.
const sessionChange = (scope: string) => `with v as (select ${scope} as scope),
  x as (select v.scope, o.session_id is null as fresh, date(coalesce(o.first_at, ?5)) as day,
      coalesce(o.page_views, 0) as old_views, coalesce(o.max_duration, 0) as old_max,
      coalesce(o.tagged, 0) as old_tagged, coalesce(o.campaign, 'Unknown') as old_campaign, coalesce(o.converted, 0) as old_converted,
      max(coalesce(o.tagged, 0), ?10) as new_tagged, coalesce(o.campaign, ?9, 'Unknown') as new_campaign,
      max(coalesce(o.converted, 0), exists(select 1 from users u where u.id = ?11 and u.created_at >= coalesce(o.first_at, ?5))) as new_converted
    from v left join traffic_sessions o on o.scope = v.scope and o.session_id = ?4
    where v.scope is not null and ${WITHIN_LIMIT})`;

/** The day's sessions, views, length and bounces, changed by this visit. */
const dayStatement = (scope: string) => `${sessionChange(scope)}
  insert into traffic_days (scope, day, sessions, views, duration, bounces)
  select scope, day, fresh, 1, max(old_max, ?6) - old_max, case when fresh then 1 when old_views = 1 then -1 else 0 end
  from x where true
  on conflict (scope, day) do update set sessions = sessions + excluded.sessions, views = views + excluded.views,
    duration = duration + excluded.duration, bounces = bounces + excluded.bounces`;

/**
 * A new session counts for its source and device; a session whose campaign, tagging or conversion changes
 * leaves its old campaign row and joins the new one (the same row when only the conversion changed).
 */
const countsStatement = (scope: string) => `${sessionChange(scope)},
  moved as (select * from x where not fresh and (old_tagged, old_campaign, old_converted) <> (new_tagged, new_campaign, new_converted))
  insert into traffic_day_counts (scope, day, dimension, value, sessions, conversions)
  select * from (
    select scope, day, 'source', ?7, 1, 0 from x where fresh
    union all select scope, day, 'device', ?8, 1, 0 from x where fresh
    union all select scope, day, 'campaign', old_campaign, -1, -old_converted from moved where old_tagged
    union all select scope, day, 'campaign', new_campaign, 1, new_converted from x where new_tagged and (fresh or exists (select 1 from moved))
  ) where true
  on conflict (scope, day, dimension, value) do update set sessions = sessions + excluded.sessions, conversions = conversions + excluded.conversions`;

/**
 * The session's own row: source and device of its first visit, its first campaign, tagged once any visit
 * was. A conversion: the signed-in user's account was created after the session began.
 */
const sessionStatement = (scope: string) => `with v as (select ${scope} as scope)
  insert into traffic_sessions (scope, session_id, first_at, last_at, page_views, max_duration, source, device_type, campaign, tagged, converted)
  select v.scope, ?4, ?5, ?5, 1, ?6, ?7, ?8, ?9, ?10, exists(select 1 from users u where u.id = ?11
      and u.created_at >= coalesce((select first_at from traffic_sessions where scope = v.scope and session_id = ?4), ?5))
  from v where v.scope is not null and ${WITHIN_LIMIT}
  on conflict (scope, session_id) do update set last_at = excluded.last_at, page_views = page_views + 1,
    max_duration = max(max_duration, excluded.max_duration), campaign = coalesce(campaign, excluded.campaign),
    tagged = max(tagged, excluded.tagged), converted = max(converted, excluded.converted)`;

const pageDayStatement = (scope: string) => `with v as (select ${scope} as scope)
  insert into traffic_page_days (scope, day, page_path, views) select v.scope, substr(?5, 1, 10), ?12, 1
  from v where v.scope is not null and ${WITHIN_LIMIT}
  on conflict (scope, day, page_path) do update set views = views + 1`;

// D1 refuses more values than a statement's highest ?N.
const highestParam = (sql: string) => Math.max(...[...sql.matchAll(/\?(\d+)/g)].map((m) => Number(m[1])));

/** The statements for one scope, in the order they must run (the day rollups read the session before its upsert). */
export function rollupStatements(d1: D1Database, scope: string, params: unknown[]) {
  return [dayStatement(scope), countsStatement(scope), sessionStatement(scope), pageDayStatement(scope)].map((sql) =>
    d1.prepare(sql).bind(...params.slice(0, highestParam(sql))),
  );
}
