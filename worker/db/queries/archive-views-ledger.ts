// INTEGRATION POINT (issue 29, merge of i29-ledger into i29-views): the views archive's two links to the period
// close (docs/decisions/052, 053), in one file so the integrator connects them in one place. At merge, replace
// this file's body with:
//   export { foldViewEarningsStatements, keptViewSql as rewardsKeptSql } from "./period-close";
// Until then no reward is folded, and a view that still has rewards stays in D1 (the views' delete leaves out
// any view whose rewards are still there); views without rewards (ended, unearnable) leave as designed.

/**
 * The rewards of view `v` are not final at `now` (an SQL expression): in their hold, reversed, named by any
 * fraud review, or the earnings table's newest row. The same definition as period-close.ts `keptViewSql`.
 */
export const rewardsKeptSql = (v: string, now: string) => `exists (select 1 from earnings k where k.view_id = ${v}.id and (
    k.available_at > ${now}
    or exists (select 1 from reversals r where r.earning_id = k.id)
    or exists (select 1 from review_earnings re where re.earning_id = k.id)
    or k.rowid = (select max(rowid) from earnings)))`;

/** The period close's fold of the range's view rewards (B1: period-close.ts). A stand-in that folds nothing. */
export function foldViewEarningsStatements(
  _d1: D1Database, _day: string, _afterKey: string, _lastKey: string, _nowIso: string,
): D1PreparedStatement[] {
  return [];
}
