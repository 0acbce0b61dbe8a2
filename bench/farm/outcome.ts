// What each account was paid once the hold is over, read from the ledger, and the sanity checks. Every open
// flag counts as reversed (the worst case for honest members: an admin who reverses everything flagged), and
// so does a sign-on bonus the job held back for review (pending with reasons) or a flag on it.
import { query } from "./api.ts";

type Money = { total: number; available: number; held: number; flagged: number };
export type UserMoney = Money & {
  userId: string;
  views: number;
  bonusAwarded: number;
  bonusFlagged: number;
  bonusMicros: number;
  bonusFlaggedMicros: number;
};

const FLAGGED_EARNING = `(exists (select 1 from review_earnings re join reviews r on r.id = re.review_id
    where re.earning_id = e.id and r.status <> 'cleared') or exists (select 1 from reversals x where x.earning_id = e.id))`;
const FLAGGED_BONUS = `((b.status = 'pending' and coalesce(b.review_reasons, '') <> '')
    or exists (select 1 from reviews r where r.rule = 'bonus_risk' and r.subject = b.id and r.status <> 'cleared')
    or exists (select 1 from bonus_reversals x where x.bonus_id = b.id))`;

/** Per user, at the end clock `end`: view rewards (both sides) and sign-on bonuses, split by fate. */
export async function moneyByUser(origin: string, end: string): Promise<Map<string, UserMoney>> {
  const earnings = await query<{ user_id: string; total: number; flagged: number; held: number }>(
    origin,
    `
    select e.user_id, sum(e.amount_micros) as total,
      sum(case when ${FLAGGED_EARNING} then e.amount_micros else 0 end) as flagged,
      sum(case when not ${FLAGGED_EARNING} and e.available_at > ?1 then e.amount_micros else 0 end) as held
    from earnings e where e.view_id is not null group by e.user_id`,
    [end],
  );
  const bonuses = await query<{ user_id: string; total: number; flagged: number; held: number; awarded: number }>(
    origin,
    `
    select b.user_id, sum(b.total_micros) as total,
      sum(case when ${FLAGGED_BONUS} then b.total_micros else 0 end) as flagged,
      sum(case when not ${FLAGGED_BONUS} and (b.status = 'pending' or b.available_at > ?1) then b.total_micros else 0 end) as held,
      sum(b.status = 'awarded') as awarded
    from bonuses b where b.kind = 'signon' and b.status <> 'rejected' group by b.user_id`,
    [end],
  );
  const views = await query<{ viewer_id: string; n: number }>(
    origin,
    "select viewer_id, count(*) as n from views where status = 'credited' group by viewer_id",
  );
  const out = new Map<string, UserMoney>();
  const get = (userId: string) => {
    let m = out.get(userId);
    if (!m)
      out.set(
        userId,
        (m = {
          userId,
          total: 0,
          available: 0,
          held: 0,
          flagged: 0,
          views: 0,
          bonusAwarded: 0,
          bonusFlagged: 0,
          bonusMicros: 0,
          bonusFlaggedMicros: 0,
        }),
      );
    return m;
  };
  for (const r of earnings) {
    const m = get(r.user_id);
    m.total += r.total;
    m.flagged += r.flagged;
    m.held += r.held;
    m.available += r.total - r.flagged - r.held;
  }
  for (const r of bonuses) {
    const m = get(r.user_id);
    m.total += r.total;
    m.flagged += r.flagged;
    m.held += r.held;
    m.available += r.total - r.flagged - r.held;
    m.bonusAwarded += r.awarded;
    m.bonusFlagged += r.flagged > 0 ? 1 : 0;
    m.bonusMicros += r.total;
    m.bonusFlaggedMicros += r.flagged;
  }
  for (const r of views) get(r.viewer_id).views += r.n;
  return out;
}

/** The ledger's own sums: each credited view has exactly two earnings of the reward; no earning without a credited view. */
export async function ledgerChecks(origin: string) {
  const [row] = await query<Record<string, number>>(
    origin,
    `select
    (select count(*) from views where status = 'credited') as credited,
    (select count(*) from views v where v.status = 'credited'
       and (select count(*) from earnings e where e.view_id = v.id) <> 2) as creditedNotTwo,
    (select count(*) from earnings e where e.view_id is not null
       and not exists (select 1 from views v where v.id = e.view_id and v.status = 'credited')) as earningsWithoutCredit,
    (select count(*) from earnings where view_id is not null) as viewEarnings,
    (select coalesce(sum(amount_micros), 0) from earnings where view_id is not null) as viewMicros,
    (select count(*) from views) as views,
    (select count(*) from views where status = 'qualified') as stillQualified,
    (select count(*) from reviews) as flags,
    (select count(*) from reviews where status = 'open') as openFlags`,
  );
  return row!;
}

/** Open flags per rule, and how many earnings each rule's flags cover. */
export async function flagsByRule(origin: string) {
  return query<{ rule: string; flags: number; earnings: number }>(
    origin,
    `select r.rule, count(distinct r.id) as flags,
      count(re.earning_id) as earnings from reviews r left join review_earnings re on re.review_id = r.id group by r.rule order by r.rule`,
  );
}
