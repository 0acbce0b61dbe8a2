import { sql, type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { RECENT_FINISHES_KEEP_DAYS } from "../../../../common/data-lifecycle";
import type { Db } from "../../client";
import { SELECT_ROW, type ContentRow } from "../content/content";
import { dayNumberOf } from "../archive/kept-numbers";
import { LIMITS, type Candidate, type Seed, type ViewerProfile } from "./recommender-inputs";
import { LISTED_ROW } from "../content/visibility";

// Reads that feed the recommender (worker/domain/recommendations). A request makes two round trips: the
// viewer's profile (plus, for Up Next, the item), then one candidate query. Raw SQL for json_each and FTS5;
// every value is bound. Each step is bounded by LIMITS, and each is served by an index (noted per step).

// The same columns as every content query, so candidates become ContentJson directly.
const ROW = SELECT_ROW;

/**
 * Likes by likes' primary key (user_id, …); finished items by views_viewer_started_idx, and those of the last week
 * whose views have left D1 from recent_finishes (docs/decisions/060), one primary-key seek per day. Today's views
 * are always in D1 (the views window is at least two days), so they alone say what was paid today.
 */
function profileQuery(viewerId: string, today: string) {
  const todayNum = dayNumberOf(today);
  return sql`select * from (
      select 'like' as kind, l.content_id as id, c.tags as tags, l.created_at as at, 0 as paidToday
      from likes l join content c on c.id = l.content_id where l.user_id = ${viewerId}
      order by l.created_at desc, l.content_id limit ${LIMITS.profileLikes})
    union all select * from (
      select 'finished', f.content_id, '', max(f.at), sum(f.paid) from (
        select v.content_id, v.qualified_at as at,
          (v.qualified_day = ${today} and (v.credit_slot is not null or v.status = 'qualified')) as paid
        from views v where v.viewer_id = ${viewerId} and v.qualified_at is not null
        union all select r.content_id, r.at, 0
        from (with recursive d(day) as (select ${todayNum - RECENT_FINISHES_KEEP_DAYS + 1} union all
                select day + 1 from d where day < ${todayNum}) select day from d) d
        cross join recent_finishes r on r.day = d.day and r.viewer_num = (select num from users where id = ${viewerId})) f
      group by f.content_id order by 4 desc, 2 limit ${LIMITS.profileFinished})`;
}

type ProfileRow = { kind: "like" | "finished"; id: string; tags: string; at: string; paidToday: number };

function toProfile(viewerId: string, rows: ProfileRow[]): ViewerProfile {
  return {
    viewerId,
    liked: rows.filter((r) => r.kind === "like").map((r) => ({ id: r.id, tags: r.tags })),
    finished: rows
      .filter((r) => r.kind === "finished")
      .map((r) => ({ id: r.id, lastAt: r.at, paidToday: Number(r.paidToday) })),
  };
}

/** What the viewer liked and finished (UTC `today` decides which views count against today's earning cap). */
export async function loadViewerProfile(db: Db, viewerId: string, today: string): Promise<ViewerProfile> {
  return toProfile(viewerId, await db.all<ProfileRow>(profileQuery(viewerId, today)));
}

/** Up Next: the item and the viewer's profile in one round trip (a D1 batch). */
export async function loadItemAndProfile(db: Db, itemId: string, viewerId: string, today: string) {
  const item = sql`select ${ROW} from content c join users u on u.id = c.created_by where c.id = ${itemId}`;
  const [items, profile] = await rawBatch(db, [item, profileQuery(viewerId, today)]);
  return { item: (items![0] as ContentRow | undefined) ?? null, profile: toProfile(viewerId, profile as ProfileRow[]) };
}

export type CandidateRow = ContentRow & Candidate;

export type CandidateParams = { viewerId: string; seeds: Seed[]; tagQuery: string | null };

/**
 * One statement: co-occurring items (cooccurrence.ts is the same definition in TypeScript), the newest items
 * matching the taste's tags, and the currently popular ones, as content rows with their features, own items
 * and hidden ones (docs/decisions/027) left out. At most coocCandidates + tagCandidates + popularCandidates rows.
 */
export async function loadCandidates(db: Db, p: CandidateParams): Promise<CandidateRow[]> {
  const L = LIMITS;
  // FTS5 walks its rowids (= content rowids, newest last) backwards and stops at the limit.
  const tagged = p.tagQuery
    ? sql`select c.id from (select rowid from content_search where content_search match ${p.tagQuery}
        order by rowid desc limit ${L.tagCandidates}) s join content c on c.rowid = s.rowid`
    : sql`select null where 0`;
  const rows = await db.all<ContentRow & { cooc: number; qualifiedViews: number }>(sql`with
    seed(id, w) as (select value ->> '$[0]', value ->> '$[1]' from json_each(${JSON.stringify(p.seeds)})),
    -- Peers reached through the seeds: likes_content_idx, views_content_idx.
    like_link(peer, seed) as (select l.user_id, l.content_id from seed s join likes l on l.content_id = s.id
      where l.user_id <> ${p.viewerId} limit ${L.links}),
    view_link(peer, seed) as (select distinct v.viewer_id, v.content_id from seed s join views v on v.content_id = s.id
      where v.qualified_at is not null and v.viewer_id <> ${p.viewerId} limit ${L.links}),
    peer(id, sim) as (select peer, sum(w) from (
        select k.peer, s.w * 3 as w from like_link k join seed s on s.id = k.seed
        union all select k.peer, s.w * 1 from view_link k join seed s on s.id = k.seed)
      group by peer order by 2 desc, 1 limit ${L.peers}),
    -- What the nearest peers liked and finished: the likes primary key, views_viewer_started_idx.
    like_touch(item, w) as (select l.content_id, p.sim * 3 from peer p join likes l on l.user_id = p.id limit ${L.touches}),
    view_touch(peer, item, w) as (select distinct p.id, v.content_id, p.sim * 1 from peer p
      join views v on v.viewer_id = p.id where v.qualified_at is not null limit ${L.touches}),
    cooc(id, score) as (select item, sum(w) from (select item, w from like_touch union all select item, w from view_touch)
      where item not in (select id from seed) group by item order by 2 desc, 1 limit ${L.coocCandidates}),
    tagged(id) as (${tagged}),
    -- Popular now: the latest likes and views, by rowid, a fixed number of rows whatever the table size.
    popular(id) as (select content_id from (
        select content_id from (select content_id from likes order by rowid desc limit ${L.popularLikesWindow})
        union all select content_id from (select content_id, qualified_at from views order by rowid desc
          limit ${L.popularViewsWindow}) where qualified_at is not null)
      group by content_id order by count(*) desc, content_id limit ${L.popularCandidates}),
    pool(id, cooc) as (select id, max(cooc) from (select id, score as cooc from cooc
        union all select id, 0 from tagged union all select id, 0 from popular) group by id)
    select ${ROW}, p.cooc as cooc,
      coalesce((select t.qualified from content_view_totals t where t.content_id = c.id), 0) as qualifiedViews
    from pool p join content c on c.id = p.id join users u on u.id = c.created_by
    where c.created_by <> ${p.viewerId} and ${LISTED_ROW}`);
  // Popularity = likes + qualified views (both counted on covering indexes).
  return rows.map(({ qualifiedViews, ...r }) => ({
    ...r,
    cooc: Number(r.cooc),
    popularity: Number(r.likeCount) + Number(qualifiedViews),
  }));
}

/**
 * The fallback pool, read only when the main pool leaves a list short (a fresh install, a viewer who has seen
 * the popular items): the all-time most liked and most finished items, then the newest, never the viewer's
 * own. All-time counts read whole likes and views indexes, which is why this is not part of every request.
 */
export async function loadFallbackCandidates(db: Db, viewerId: string): Promise<CandidateRow[]> {
  const L = LIMITS;
  const rows = await db.all<ContentRow & { qualifiedViews: number }>(sql`with
    popular(id) as (select content_id from (
        select content_id, 1 as n from likes union all select content_id, qualified from content_view_totals where qualified > 0)
      group by content_id order by sum(n) desc, content_id limit ${L.fallbackPopular}),
    newest(id) as (select id from content where created_by <> ${viewerId} order by rowid desc limit ${L.fallbackNewest}),
    pool(id) as (select id from popular union select id from newest)
    select ${ROW}, 0 as cooc,
      coalesce((select t.qualified from content_view_totals t where t.content_id = c.id), 0) as qualifiedViews
    from pool p join content c on c.id = p.id join users u on u.id = c.created_by
    where c.created_by <> ${viewerId} and ${LISTED_ROW}`);
  return rows.map(({ qualifiedViews, ...r }) => ({
    ...r,
    cooc: 0,
    popularity: Number(r.likeCount) + Number(qualifiedViews),
  }));
}

const dialect = new SQLiteAsyncDialect();

/** Several raw reads in one D1 batch (one round trip); drizzle's batch only takes its query builders. */
async function rawBatch(db: Db, queries: SQL[]): Promise<unknown[][]> {
  const statements = queries.map((q) => {
    const { sql: text, params } = dialect.sqlToQuery(q);
    return db.$client.prepare(text).bind(...params);
  });
  return (await db.$client.batch(statements)).map((r) => r.results);
}
