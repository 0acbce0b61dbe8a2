import { addDays, daysBetween } from "../../../lib/days";

// Top pages over a long range without summing every page's every day (docs/decisions/020): the cron keeps,
// per range, each page's views over the range's whole past days (`traffic_page_totals`, up to `as_of`), and a
// dashboard adds the days those totals do not cover. Taking the ten best of the totals plus every page seen on
// those days, then ranking them by totals + those days, is exact: a page with no views on those days ranks
// as it does in the totals, and adding views only lifts the others. Without usable totals (the cron has not
// run for two days) the query sums the days themselves: slower, still right.

/**
 * The ten most viewed pages (`page`, `views`) of a scope since the UTC day `firstDay`, as the CTE `p`.
 * Parameters: ?1 scope, ?2 range days, ?3 firstDay, ?4 today, ?5 yesterday, ?6 the day before, ?7 the totals'
 * window start as a date() modifier.
 */
export const TOP_PAGES_CTE = `with st as materialized (select as_of, date(as_of, ?7) as window_start from traffic_page_totals_state
    where range_days = ?2 and as_of between ?6 and ?5),
  live as materialized (
    select page_path, views from traffic_page_days where scope = ?1 and day >= ?3 and day < (select window_start from st)
    union all select page_path, views from traffic_page_days where scope = ?1 and day > (select as_of from st) and day <= ?4),
  candidates as (
    select page_path from (select page_path from traffic_page_totals where range_days = ?2 and scope = ?1 and exists (select 1 from st)
      order by views desc, page_path limit 10)
    union select page_path from live),
  ranked as (
    select page_path as page, sum(views) as views from (
      select page_path, views from live
      union all select t.page_path, t.views from candidates c cross join traffic_page_totals t
        on t.range_days = ?2 and t.scope = ?1 and t.page_path = c.page_path
    ) group by page_path
    union all select page_path, sum(views) from traffic_page_days where scope = ?1 and day >= ?3 and not exists (select 1 from st)
    group by page_path),
  p as (select page, views from ranked order by views desc, page limit 10)`;

/**
 * A range of R days shows the pages of R + 1 UTC days (from the day the range starts in, to today). The totals
 * for R cover R - 1 whole days ending at their `as_of`, so they fit inside the range whether the cron has
 * rolled yesterday in yet or not (as_of is yesterday or the day before); the query reads the rest (?7 above is
 * the same window as a date() modifier).
 */
const pageTotalsWindowStart = (rangeDays: number, asOf: string) => addDays(asOf, -(rangeDays - 2));

export const topPagesParams = (scope: string, rangeDays: number, firstDay: string, today: string) => [
  scope,
  rangeDays,
  firstDay,
  today,
  addDays(today, -1),
  addDays(today, -2),
  `${-(rangeDays - 2)} days`,
];

// Every statement of one range's roll applies only while the state is still what this run read, so two runs at
// once (the cron every minute) cannot both add the same day.
const STILL = `(select as_of from traffic_page_totals_state where range_days = ?1) is ?2`;

function rollStatements(d1: D1Database, rangeDays: number, asOf: string | null, target: string): D1PreparedStatement[] {
  const st = (sql: string, ...params: unknown[]) => d1.prepare(sql).bind(rangeDays, asOf, ...params);
  const addDay = (day: string, sign: 1 | -1) =>
    st(
      `insert into traffic_page_totals (range_days, scope, page_path, views)
       select ?1, scope, page_path, ?4 * views from traffic_page_days where day = ?3 and ${STILL}
       on conflict (range_days, scope, page_path) do update set views = views + excluded.views`,
      day,
      sign,
    );
  const statements: D1PreparedStatement[] = [];
  if (asOf === null || asOf > target || daysBetween(asOf, target) >= rangeDays - 1) {
    // Nothing to keep: every day of the new window is new.
    statements.push(
      st(`delete from traffic_page_totals where range_days = ?1 and ${STILL}`),
      st(
        `insert into traffic_page_totals (range_days, scope, page_path, views)
         select ?1, scope, page_path, sum(views) from traffic_page_days where day between ?3 and ?4 and ${STILL} group by scope, page_path`,
        pageTotalsWindowStart(rangeDays, target),
        target,
      ),
    );
  } else {
    for (let day = addDays(asOf, 1); day <= target; day = addDays(day, 1)) {
      statements.push(addDay(day, 1), addDay(addDays(day, -(rangeDays - 1)), -1));
    }
    statements.push(st(`delete from traffic_page_totals where range_days = ?1 and views = 0 and ${STILL}`));
  }
  statements.push(
    st(
      `insert into traffic_page_totals_state (range_days, as_of) select ?1, ?3 where ${STILL}
       on conflict (range_days) do update set as_of = excluded.as_of`,
      target,
    ),
  );
  return statements;
}

/**
 * The cron's part: rolls the page totals of each of `ranges` (in days) forward to the day `target`, adding the
 * days that joined the window and taking away the days that left it, in one batch. Does nothing once up to date.
 */
export async function rollPageTotalsTo(
  d1: D1Database,
  target: string,
  ranges: readonly number[],
): Promise<{ rolled: number[] }> {
  const { results } = await d1
    .prepare(`select range_days, as_of from traffic_page_totals_state`)
    .all<{ range_days: number; as_of: string }>();
  const asOf = new Map(results.map((r) => [Number(r.range_days), r.as_of]));
  const rolled = ranges.filter((days) => asOf.get(days) !== target);
  const statements = rolled.flatMap((days) => rollStatements(d1, days, asOf.get(days) ?? null, target));
  if (statements.length) await d1.batch(statements);
  return { rolled };
}
