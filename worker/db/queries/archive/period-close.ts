import { dayNumberSql, memberNumSql, monthNumberSql, sideNumberSql } from "./kept-numbers";
// The period close (docs/decisions/052): the final view rewards of a part of archived views leave `earnings`
// and are folded into `opening_balances` (the balance) and `earning_days` (the calendars and their CSVs), in
// the one D1 batch that archives those views (docs/decisions/051, 053). Set-based SQL over the part's key
// range, so a part of 2,000 views is five statements, whatever it holds.

/**
 * The view `v` (an SQL alias of `views`) must stay in D1, with its rewards, when it is archived: a reward of
 * it is not final at `now` (still in its hold, reversed, or named by any fraud review, open or decided: the
 * review is evidence and reversals reference their earning), or it holds the earnings table's newest row (so
 * a close never frees the greatest rowid and new rows never reuse one, which the credited notice's rowid mark
 * relies on). The views archive excludes these views from its delete; the fold never takes their rewards.
 * `now` is an SQL expression (a placeholder or a literal).
 */
export const keptViewSql = (v: string, now: string) => `exists (select 1 from earnings k where k.view_id = ${v}.id and (
    k.available_at > ${now}
    or exists (select 1 from reversals r where r.earning_id = k.id)
    or exists (select 1 from review_earnings re where re.earning_id = k.id)
    or k.rowid = (select max(rowid) from earnings)))`;

// The rewards one fold takes, the same set in every statement of the batch (nothing between them changes
// it): ?1 the UTC day of the views' started_at, ?2 after_key, ?3 last_key (the part's view id range), ?4 now.
// `alsoKept` is a caller's own rule for views that stay in D1 (an SQL condition on `v` and ?4, or ''): the
// views archive keeps more views than their rewards alone decide (claim evidence, archive-views.ts), and a
// view that stays must keep its rewards, or its "reason" (my-views.ts) would read a paid view as unpaid.
const folded = (alsoKept: string) => `with f as (
    select e.rowid as rid, e.id, e.user_id, e.kind, e.view_id, e.amount_micros, e.created_at, v.viewer_id
    from views v join earnings e on e.view_id = v.id
    where v.id > ?2 and v.id <= ?3 and substr(v.started_at, 1, 10) = ?1
      and e.kind in ('viewer', 'creator') and not ${keptViewSql("v", "?4")}${alsoKept ? ` and not ${alsoKept}` : ""})`;

/** The fold's statements in batch order (bound to ?1 day, ?2 after_key, ?3 last_key, ?4 now). */
const foldViewEarningsSql = (alsoKept: string) => {
  const FOLDED = folded(alsoKept);
  return [
    // 1. The credited notice (docs/decisions/033): rewards past the member's mark that were never told are
    //    carried, so the next tell still tells them, once. Rewards at or below the mark were told already.
    `${FOLDED}
      insert into credit_notices (user_id, seen_rowid, told_micros, untold_folded_micros)
      select f.user_id, 0, 0, sum(f.amount_micros) from f
      where f.kind = 'viewer' and f.rid > coalesce((select n.seen_rowid from credit_notices n where n.user_id = f.user_id), 0)
      group by f.user_id
      on conflict (user_id) do update set untold_folded_micros = credit_notices.untold_folded_micros + excluded.untold_folded_micros`,
    // 2. One opening balance per member, side and month of the rewards' created_at.
    `${FOLDED}
      insert into opening_balances (user_num, side, month, amount_micros, rows)
      select ${memberNumSql("f.user_id")}, ${sideNumberSql("f.kind")}, ${monthNumberSql("f.created_at")}, sum(f.amount_micros), count(*)
      from f where true
      group by 1, 2, 3
      on conflict (user_num, side, month) do update set amount_micros = opening_balances.amount_micros + excluded.amount_micros,
        rows = opening_balances.rows + excluded.rows`,
    // 3. The calendars' figures per member, side, day of created_at and (creator side) viewer. A view pays each
    //    side at most once (earnings_view_side_unique), so each row is one view of its member. Members, sides and
    //    days by number (docs/decisions/058); a viewer row's other_num is 0.
    `${FOLDED}
      insert into earning_days (user_num, side, day, other_num, amount_micros, views, site_views)
      select ${memberNumSql("f.user_id")}, ${sideNumberSql("f.kind")}, ${dayNumberSql("f.created_at")},
        case when f.kind = 'creator' then ${memberNumSql("f.viewer_id")} else 0 end,
        sum(f.amount_micros), count(*),
        sum(f.kind = 'viewer' or not exists (select 1 from earnings w where w.view_id = f.view_id and w.kind = 'viewer'))
      from f where true
      group by 1, 2, 3, 4
      on conflict (user_num, side, day, other_num) do update set amount_micros = earning_days.amount_micros + excluded.amount_micros,
        views = earning_days.views + excluded.views, site_views = earning_days.site_views + excluded.site_views`,
    // 4. The rewards themselves leave (the trigger checks the archive_parts row covers each view).
    `${FOLDED} delete from earnings where id in (select id from f)`,
  ];
};
export const FOLD_VIEW_EARNINGS_SQL = foldViewEarningsSql("");

/**
 * The statements that fold and delete the final view rewards of the views started on `day` with
 * afterKey < id <= lastKey, as of `nowIso`. They must run in the batch that first inserts the `archive_parts`
 * row of dataset 'views' covering that range (the permanence trigger refuses the deletes otherwise, and its
 * primary key makes a repeated batch fail whole, so nothing is folded twice), and before the views' delete.
 * `alsoKept`: see `folded` above.
 */
export function foldViewEarningsStatements(
  d1: D1Database,
  day: string,
  afterKey: string,
  lastKey: string,
  nowIso: string,
  alsoKept = "",
): D1PreparedStatement[] {
  return (alsoKept ? foldViewEarningsSql(alsoKept) : FOLD_VIEW_EARNINGS_SQL).map((text) =>
    d1.prepare(text).bind(day, afterKey, lastKey, nowIso),
  );
}
