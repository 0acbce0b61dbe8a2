import { sql, type SQL } from "drizzle-orm";
import type { EarningsGroupBy } from "../../../../common/schemas/reports";
import type { DayRange } from "../../../lib/days";
import type { Db } from "../../client";
import { dayNumberOf, dayOfNumberSql, sideNameSql } from "../archive/kept-numbers";

// The bucket a row falls in: the day, the Monday of its week, or the first of its month (UTC).
const BUCKET: Record<EarningsGroupBy, SQL> = {
  daily: sql`date(e.created_at)`,
  weekly: sql`date(e.created_at, '-6 days', 'weekday 1')`,
  monthly: sql`strftime('%Y-%m-01', e.created_at)`,
};

export type ReportQuery = {
  range: DayRange;
  groupBy: EarningsGroupBy;
  userId?: string;
};

type Row = { date: string; total: number; views: number; viewer: number; creator: number; users: number };
type Totals = { total: number; views: number; users: number };

/**
 * Earnings grouped by period, plus totals. Rows are earnings records (view rewards
 * and manual earnings), reversals and the folded rewards of closed days (earning_days); "views" counts the distinct views paid, since one view pays a viewer row and a
 * creator row and must not count twice in the site-wide figures. "Unique users" has one meaning on every calendar
 * (the member's, the admin's, with or without a member; docs/decisions/066): the distinct viewers of the views counted, so
 * it is never more than the views and at least 1 when there is a view. A member's own views count them once, as
 * the viewer; a manual earning or a reversal names no view and so no viewer.
 */
export async function earningsReport(db: Db, q: ReportQuery) {
  const from = `${q.range.startDate}T00:00:00.000Z`;
  const to = `${q.range.endDate}T23:59:59.999Z`;
  const who = q.userId ? sql`and user_id = ${q.userId}` : sql``;
  const users = sql`count(distinct e.viewer_id)`;
  // Closed days' rewards come from earning_days (docs/decisions/052): each row counts its views in the figure
  // asked for (a member's own views, or the site's views counted once), and names the viewer on the creator side;
  // on the viewer side the viewer is the row's member.
  const foldedViews = q.userId ? sql`f.views` : sql`f.site_views`;
  const member = q.userId ? sql`${q.userId}` : sql`u.id`;
  // earning_days is keyed day first (decision 056): the site reads the range along the key; one member seeks
  // (day, member) once per day of the range, over the days the table holds at all. It names members, sides and
  // days by number (decision 058): the viewer (and, site-wide, the member) is looked up for the distinct counts.
  const [first, last] = [dayNumberOf(q.range.startDate), dayNumberOf(q.range.endDate)];
  const folded = q.userId
    ? sql`(with recursive d(day) as (
          select max(${first}, coalesce((select min(day) from earning_days), ${last}))
          union all select day + 1 from d where day < min(${last}, (select max(day) from earning_days)))
        select day from d where day <= ${last}) d
        cross join earning_days f on f.day = d.day and f.user_num = (select num from users where id = ${q.userId})
        left join users o on o.num = nullif(f.other_num, 0)`
    : sql`earning_days f join users u on u.num = f.user_num left join users o on o.num = nullif(f.other_num, 0)
        where f.day between ${first} and ${last}`;
  // The ledger: credits, and reversals as negative rows on the day they were written (decision 019), and the
  // folded credits of closed days. A reversal carries no view, so the views counted are the views paid. Each
  // arm filters itself, so each keeps its own index.
  const base = sql`from (
      select e.user_id, e.kind, e.view_id, e.amount_micros, e.created_at,
          case when e.view_id is null then null when e.kind = 'viewer' then e.user_id else v.viewer_id end as viewer_id,
          0 as folded_views
        from earnings e left join views v on v.id = e.view_id and e.kind = 'creator'
        where e.created_at between ${from} and ${to} ${q.userId ? sql`and e.user_id = ${q.userId}` : sql``}
      union all select user_id, side, null, amount_micros, created_at, null, 0 from reversals
        where created_at between ${from} and ${to} ${who}
      union all select ${member}, ${sql.raw(sideNameSql("f.side"))}, null, f.amount_micros,
        ${sql.raw(dayOfNumberSql("f.day"))} || 'T00:00:00.000Z', case when f.side = 1 then o.id else ${member} end, ${foldedViews}
        from ${folded}) e`;
  // Served by earnings_created_idx (site) or earnings_user_created_idx (one user), and earning_days' primary key.
  // Two reads in parallel: drizzle cannot batch raw SQL reads.
  const [rows, totals] = await Promise.all([
    db.all<Row>(sql`select ${BUCKET[q.groupBy]} as date, sum(e.amount_micros) as total,
        count(distinct e.view_id) + sum(e.folded_views) as views,
        sum(case when e.kind = 'viewer' then e.amount_micros else 0 end) as viewer,
        sum(case when e.kind <> 'viewer' then e.amount_micros else 0 end) as creator,
        ${users} as users
      ${base} group by 1 order by 1`),
    db.all<Totals>(sql`select coalesce(sum(e.amount_micros), 0) as total,
        count(distinct e.view_id) + coalesce(sum(e.folded_views), 0) as views, ${users} as users ${base}`),
  ]);
  return { rows, totals: totals[0]! };
}
