// After the run: drain the earnings job, then hold the ledger to its invariants with read-only queries
// through POST /bench/select. That route answers with a row count and the first 3 rows only, so every
// check is one aggregate row: a count of violations (0 passes) or totals compared here. The earning rules
// (shortest earning item, daily cap, holding period) are the ones the server reported for the run.
//
// The wallet checks (m)–(o) read every wallet through the app's own SQL (worker/db/queries/wallet/balance-parts.ts)
// and derive it with the app's own code (balancesOf), then hold it to sums computed here from the rows
// themselves. Those are per-user comparisons, so their query returns one row that carries every user's
// figures as a JSON array, and the violations are counted here.
import type { EarningRulesJson } from "../../common/schemas/earning-rules";
import type { EarningsCalculateResponse } from "../../common/schemas/earnings";
import { availableSql, balancePartsColumns, type BalanceParts } from "../../worker/db/queries/wallet/balance-parts.ts";
import { VIEW_REWARD_MICROS } from "../../common/earning-policy.ts";
import { balancesOf } from "../../worker/domain/wallet/balances.ts";
import { postJson } from "../lib/http.ts";
import type { ObjectTotals } from "./objects.ts";
import type { ModelRules, ViewsModel } from "./views-model.ts";

export type Check = { name: string; pass: boolean; detail: string };

/** Calls the job until it reports nothing left (bounded: the job settles ≤ 500 views per call). */
export async function drain(origin: string, cookie: string, maxCalls = 50) {
  const calls: number[] = [];
  for (let i = 0; i < maxCalls; i++) {
    // The cron's site-wide job (a member's poll settles only what that member is owed).
    const res = await postJson<EarningsCalculateResponse>(
      `${origin}/bench/baseline/earnings/calculate`,
      {},
      { cookie, origin },
    );
    calls.push(res.processed);
    if (res.processed === 0) break;
  }
  return calls;
}

async function one<T = Record<string, number>>(origin: string, sql: string, params: unknown[] = []): Promise<T> {
  const res = await postJson<{ first: T[] }>(`${origin}/bench/select`, { sql, params });
  return res.first[0]!;
}

/** Every part of a wallet, by name; the `satisfies` keeps this list in step with BalanceParts. */
const PART_KEYS = Object.keys({
  viewerRewards: 1,
  creatorRewards: 1,
  manualEarnings: 1,
  awardedBonuses: 1,
  manualBonuses: 1,
  viewerReversed: 1,
  creatorReversed: 1,
  viewerReversedTakedown: 1,
  viewerReversedSuspension: 1,
  creatorReversedTakedown: 1,
  creatorReversedSuspension: 1,
  viewerGivenBack: 1,
  creatorGivenBack: 1,
  viewerPending: 1,
  creatorPending: 1,
  payments: 1,
  pendingPayments: 1,
  reservedPayouts: 1,
  viewerDrawn: 1,
} satisfies Record<keyof BalanceParts, 1>) as (keyof BalanceParts)[];

/** One user's wallet parts (the app's SQL), the payment guard's available amount, and the sums taken from the rows here. */
type UserFigures = { user: string; parts: BalanceParts; guardAvailable: number; rows: number; held: number };

/**
 * One row for the whole ledger: per user with any earning, bonus, payment or reversal, the wallet parts as
 * `balancePartsColumns` reads them at ?1, `availableSql` (what a payment may draw on), and independently of
 * both: the signed sum of the user's rows (earnings + awarded bonuses + reversals and bonus reversals, which
 * are negative, − payments) and what of it is held at ?1 (view rewards not yet available and not reversed,
 * awarded bonuses not yet available and not reversed).
 */
// D1 refuses a compound SELECT of more than 5 terms (SQLite's own limit is 500); a sub-select starts its own count.
const WALLETS_SQL = `with people as (
      select user_id from earnings union select user_id from bonuses
      union select user_id from payments union select user_id from reversals union select user_id from bonus_reversals),
    signed(user_id, micros) as (
      select * from (select user_id, amount_micros from earnings
        union all select user_id, total_micros from bonuses where status = 'awarded'
        union all select user_id, amount_micros from reversals
        union all select user_id, amount_micros from bonus_reversals)
      union all select * from (select user_id, -amount_micros from payments
        union all select user_id, amount_micros from payment_reversals
        union all select user_id, -amount_micros from payout_requests where status in ('open', 'sent'))),
    held(user_id, micros) as (
      select e.user_id, e.amount_micros from earnings e
      where e.view_id is not null and e.available_at > ?1 and e.id not in (select earning_id from reversals)
      union all select user_id, total_micros from bonuses where status = 'awarded' and available_at > ?1
        and id not in (select bonus_id from bonus_reversals)),
    wallets as (
      select p.user_id,
        ${balancePartsColumns("p.user_id", "?1")},
        ${availableSql("p.user_id", "?1")} as guardAvailable,
        (select coalesce(sum(micros), 0) from signed s where s.user_id = p.user_id) as rowsSum,
        (select coalesce(sum(micros), 0) from held h where h.user_id = p.user_id) as heldSum
      from people p)
  select count(*) as users, json_group_array(json_object('user', user_id,
      'parts', json_object(${PART_KEYS.map((k) => `'${k}', ${k}`).join(", ")}),
      'guardAvailable', guardAvailable, 'rows', rowsSum, 'held', heldSum)) as figures
  from wallets`;

const zero = (name: string, n: number, what: string): Check => ({ name, pass: n === 0, detail: `${n} ${what}` });

export async function checkLedger(
  origin: string,
  model: ViewsModel,
  rules: ModelRules & Pick<EarningRulesJson, "earnings_hold_days">,
  objects: ObjectTotals,
): Promise<{ checks: Check[]; counts: Record<string, number> }> {
  const q = (sql: string, params: unknown[] = []) => one(origin, sql, params);
  const counts = await q(`select
      (select count(*) from views) as views,
      (select count(*) from views where status = 'open') as open,
      (select count(*) from views where status = 'qualified') as qualified,
      (select count(*) from views where status = 'credited') as credited,
      (select count(*) from views where status = 'unearnable') as unearnable,
      (select count(*) from views where status = 'ended') as ended,
      (select count(*) from views where status = 'ended' and end_reason = 'another_session') as ended_another_session,
      (select count(*) from views where status = 'ended' and end_reason = 'completed') as ended_completed,
      (select count(*) from views where status = 'ended' and end_reason = 'not_delivered') as ended_not_delivered,
      (select count(*) from views where status = 'ended' and end_reason = 'expired') as ended_expired,
      (select count(*) from earnings) as earnings,
      (select coalesce(sum(amount_micros), 0) from earnings) as earnings_micros,
      (select count(*) from bonuses where status = 'awarded') as bonuses_awarded`);
  const reward = VIEW_REWARD_MICROS;
  const perItem = rules.views_per_item_per_day;
  const minMs = rules.min_earning_seconds * 1000;
  const dailyCap = rules.daily_earnable_views;
  const a = await q(
    `select count(*) as n from views v where v.status = 'credited' and (
       (select count(*) from earnings e where e.view_id = v.id) <> 2
       or (select count(*) from earnings e where e.view_id = v.id and e.kind = 'viewer' and e.user_id = v.viewer_id and e.amount_micros = ?1) <> 1
       or (select count(*) from earnings e where e.view_id = v.id and e.kind = 'creator' and e.user_id = v.creator_id and e.amount_micros = ?1) <> 1)`,
    [reward],
  );
  const b = await q(
    `select count(*) as n from earnings e where e.view_id is not null
       and not exists (select 1 from views v where v.id = e.view_id and v.status = 'credited')`,
  );
  const d = await q(
    `select count(*) as n from (select 1 from views where status = 'credited'
       group by viewer_id, content_id, qualified_day having count(*) > ?1 or max(credit_slot) > ?1)`,
    [perItem],
  );
  const e = await q(`select count(*) as n from views where status = 'credited' and viewer_id = creator_id`);
  const ids = model.qualifiedIds();
  // The client's own list of views it saw qualify, matched id by id: how many reached a final state.
  const g = await q(
    `select count(*) as settled, (select count(*) from views where status in ('credited', 'unearnable', 'qualified')) as db_qualified
       from json_each(?1) j join views v on v.id = j.value where v.status in ('credited', 'unearnable')`,
    [JSON.stringify(ids)],
  );
  const i = await q(
    `select count(*) as n from views v join content c on c.id = v.content_id where v.status = 'credited' and c.duration_ms < ?1`,
    [minMs],
  );
  const j = await q(
    `select count(*) as n from (select count(*) as k from views where status = 'credited'
       group by viewer_id, qualified_day) where k > ?1`,
    [dailyCap],
  );
  const most = await q(
    `select coalesce(max(k), 0) as k from (select count(*) as k from views where status = 'credited' group by viewer_id, qualified_day)`,
  );
  // One earning session per viewer: once a newer session of the viewer started, an older one cannot qualify.
  // D1 holds the qualified views and the sessions that ended; sessions still open live in the objects only.
  const k = await q(
    `select count(*) as n from views a join views b on b.viewer_id = a.viewer_id and b.id <> a.id
       where a.qualified_at is not null and b.started_at > a.started_at and b.started_at < a.qualified_at`,
  );
  // Proof of delivery (docs/decisions/029): the views the client played at the valid pace with half their media
  // streamed are exactly the ones written `not_delivered`, view by view (every valid player streamed it all).
  const undelivered = model.undeliveredIds;
  const p = await q(
    `select count(*) as all_rows,
       (select count(*) from json_each(?1) j join views v on v.id = j.value where v.status = 'ended' and v.end_reason = 'not_delivered') as matched
     from views where end_reason = 'not_delivered'`,
    [JSON.stringify(undelivered)],
  );
  // The wallets at one moment, judged at that same moment.
  const now = new Date().toISOString();
  const holdDays = rules.earnings_hold_days;
  const w = await one<{ users: number; figures: string }>(origin, WALLETS_SQL, [now]);
  const users = (JSON.parse(w.figures) as UserFigures[]).map((f) => ({ ...f, wallet: balancesOf(f.parts) }));
  const sum = (f: (u: (typeof users)[number]) => number) => users.reduce((n, u) => n + f(u), 0);
  const walletOf = (u: (typeof users)[number]) => u.wallet.viewerBalance + u.wallet.creatorBalance;
  const m = users.filter((u) => walletOf(u) !== u.rows).length;
  const n = users.filter(
    (u) =>
      u.wallet.available + u.wallet.pending !== walletOf(u) ||
      u.wallet.available < 0 ||
      u.wallet.available !== u.guardAvailable,
  ).length;
  const o = users.filter((u) => u.wallet.pending !== u.held).length;
  // With holds on, no view reward of the run can have become available yet, and each is held for exactly the
  // holding period from when it was credited. Reversals are keyed by earning; none may repeat or miss one.
  const holds = await q(
    `select
      (select count(*) from earnings where view_id is not null and available_at <= ?1) as released,
      (select count(*) from earnings where view_id is not null
         and available_at <> strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+' || ?2 || ' days')) as off_period,
      (select coalesce(sum(amount_micros), 0) from earnings where view_id is not null) as view_micros,
      (select coalesce(sum(total_micros), 0) from bonuses where status = 'awarded' and available_at > ?1) as held_bonus_micros,
      (select count(*) - count(distinct earning_id) from reversals) as repeated_reversals,
      (select count(*) from reversals r left join earnings e on e.id = r.earning_id
         where e.id is null or r.amount_micros <> -e.amount_micros or r.user_id <> e.user_id) as unmatched_reversals`,
    [now, holdDays],
  );
  const pendingTotal = sum((u) => u.wallet.pending);
  const expected = model.expected(rules);
  const total = counts.earnings_micros!;
  const credited = counts.credited!;
  const qualifiedRows = credited + counts.unearnable! + counts.qualified!;
  const checks: Check[] = [
    zero(
      "(a) every credited view has exactly one viewer and one creator earning of 3,000",
      a.n!,
      "credited views without exactly that pair",
    ),
    zero("(b) no earning references a view that is not credited", b.n!, "such earnings"),
    zero("(c) qualified but uncredited views after draining", counts.qualified!, "views still 'qualified'"),
    zero(`(d) at most ${perItem} credited per (viewer, content, UTC day)`, d.n!, "groups over the cap"),
    zero("(e) no credited view has viewer = creator", e.n!, "self-credited views"),
    {
      name: "(f) sum of earnings = 6,000 × credited views",
      pass: total === 2 * reward * credited,
      detail: `${total} µUSD vs 6,000 × ${credited} = ${2 * reward * credited}`,
    },
    {
      name: "(g) views the client saw qualify = credited + unearnable (nothing lost)",
      pass: ids.length === g.settled && g.db_qualified === ids.length && credited + counts.unearnable! === ids.length,
      detail: `client saw ${ids.length}; of them settled ${g.settled}; database credited ${credited} + unearnable ${counts.unearnable} = ${credited + counts.unearnable!}`,
    },
    {
      name: "(h) credited = earnable views by the client's own count (none lost, none double)",
      pass: credited === expected.credited,
      detail:
        `credited ${credited}, expected ${expected.credited} (of ${expected.qualified} qualified: ${expected.selfViews} self-views, ` +
        `${expected.tooShort} of items under ${rules.min_earning_seconds} s, ${expected.overItemCap} over ${perItem} per item and day, ` +
        `${expected.overDailyCap} over the daily cap)`,
    },
    zero(`(i) no credited view of an item shorter than ${rules.min_earning_seconds} s`, i.n!, "such views"),
    {
      name: `(j) no viewer over ${dailyCap} credited views in a UTC day`,
      pass: j.n === 0 && most.k === expected.maxPerViewerDay,
      detail: `${j.n} viewer-days over the cap; the busiest viewer-day has ${most.k} credited (the client's count: ${expected.maxPerViewerDay})`,
    },
    zero("(k) no view qualified after a newer session of its viewer had started", k.n!, "such views"),
    {
      name: "(l) the objects' own D1 writes = the rows D1 holds (qualified views, ended views)",
      pass: objects.qualifying.calls === qualifiedRows && objects.ended.views === counts.ended! && counts.open === 0,
      detail:
        `qualifying events ${objects.qualifying.calls} vs qualified views ${qualifiedRows}; ended sessions written ` +
        `${objects.ended.views} vs 'ended' views ${counts.ended}; 'open' views ${counts.open}`,
    },
    {
      name: "(m) every wallet (balance-parts SQL + balancesOf) = the sum of its user's rows (earnings + awarded bonuses + reversals − payments + their corrections − requests in flight)",
      pass: m === 0 && w.users > 0,
      detail: `${m} of ${w.users} users differ; wallets ${sum(walletOf)} µUSD vs rows ${sum((u) => u.rows)} µUSD`,
    },
    {
      name: "(n) every wallet: available + pending = viewer + creator balance, available ≥ 0, available = the payment guard's (availableSql)",
      pass: n === 0,
      detail: `${n} of ${w.users} users break one; available ${sum((u) => u.wallet.available)} + pending ${pendingTotal} µUSD`,
    },
    {
      name: `(o) holds on (${holdDays} days): every view reward credited in the run is pending, held for exactly ${holdDays} days; no reversal repeats an earning`,
      pass:
        o === 0 &&
        holds.released === 0 &&
        holds.off_period === 0 &&
        pendingTotal === holds.view_micros! + holds.held_bonus_micros! &&
        holds.repeated_reversals === 0 &&
        holds.unmatched_reversals === 0,
      detail:
        `${o} of ${w.users} users whose pending ≠ their held rows; pending ${pendingTotal} µUSD = view rewards ${holds.view_micros} ` +
        `+ held bonuses ${holds.held_bonus_micros}; ${holds.released} view rewards available, ${holds.off_period} held for another period; ` +
        `reversals repeated ${holds.repeated_reversals}, unmatched ${holds.unmatched_reversals}`,
    },
    {
      name: "(p) views ended `not_delivered` = the sessions played at the valid pace with half their media streamed (none qualified)",
      pass: p.all_rows === undelivered.length && p.matched === undelivered.length,
      detail: `${p.all_rows} views ended not_delivered; the client played ${undelivered.length} such sessions, ${p.matched} of them written so`,
    },
  ];
  return { checks, counts };
}
