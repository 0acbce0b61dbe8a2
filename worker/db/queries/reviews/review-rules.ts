// The fraud sweep's rules over view rewards in holding (docs/decisions/019, 065, 080). Each rule is a select of
// (subject, earning) pairs: the pattern it is about ("<viewer>:<creator>", "<viewer>" or "<content>") and every held
// earning — both sides of each view — the pattern covers. The sweep judges only the subjects a fact changed for
// (sweep_dirty, docs/decisions/080): first by the rule's gate over the counters of held rewards (RULE_GATES, a
// necessary condition read from a few counter rows), then by the rule itself over those subjects' held rewards
// alone. Pure strings with numbered placeholders: ?1 is the sweep's `now`, ?2 the judged subjects (a JSON array
// of viewer ids, or of item ids for same_day_accounts). The sweep runs them through review-sweep.ts.
// One more rule, `bonus_risk` (docs/decisions/031), covers awarded sign-on bonuses still in holding: its
// subject is the bonus itself (end of this file).
import { bonusUnderReviewSql } from "../wallet/balance-parts";
import { BONUS_RISK_REASONS_SQL } from "./bonus-risk";
import { DAILY_EARNABLE_VIEWS_SQL } from "../earnings/earning-rule-settings";
import { inNetworkSql, memberNumSql } from "../archive/kept-numbers";

/** The rules over held view rewards written as one statement each (the shape rules: shape-sweep.ts). */
export type EarningRuleName = "shared_ip" | "daily_cap" | "same_day_accounts";
/** The rules that judge the shape of who is paid by whom (domain/reviews/shape.ts, docs/decisions/065). */
export type ShapeRuleName = "ring" | "lockstep" | "exclusive_audience";
export type ReviewRuleName = EarningRuleName | ShapeRuleName | "bonus_risk";

/** A viewer sharing a network with a creator is flagged when at least this share of their held paid views are of the creator… */
export const SHARED_NETWORK_SHARE = 0.5;
/** …and at most this many members ever watched from that network (a home, not a carrier-grade NAT). */
export const SHARED_NETWORK_MAX_MEMBERS = 10;
/** A viewer is flagged for sitting at or near the daily cap only after this many such days in holding… */
export const CAPPED_DAYS = 3;
/** …that are also at least this share of the days they earned on in holding ("most held days"). */
const CAPPED_DAYS_SHARE = 2 / 3;
/**
 * "Near" the cap: within a tenth of it, at least one view under (docs/decisions/065). A farm that stays one
 * view under the cap every day is judged as one at it.
 */
const NEAR_CAP_SQL = `(${DAILY_EARNABLE_VIEWS_SQL} - max(1, ${DAILY_EARNABLE_VIEWS_SQL} / 10))`;
/** An item is flagged for same-day accounts only once this many of its earning views are held. */
const SAME_DAY_MIN_VIEWS = 3;

/** Whose held rewards a rule reads: its subjects' viewers, or its subjects' items. */
const RULE_SCOPE: Record<EarningRuleName, "viewers" | "items"> = {
  shared_ip: "viewers",
  daily_cap: "viewers",
  same_day_accounts: "items",
};

/**
 * View rewards still in holding at ?1 and not reversed, of the judged viewers or items (?2): their views by
 * views_viewer_started_idx or views_content_idx, then both rewards of each by key. `strict` also holds them to
 * the database's own clock, for writes: a flag may only cover an earning no payment could have drawn on yet.
 */
const heldSql = (strict: boolean, scope: "viewers" | "items") => `held as (
    select e.id as earning_id, e.kind, e.user_id, e.amount_micros, v.id as view_id, v.viewer_id, v.creator_id,
           v.content_id, v.qualified_day, v.ip_hash
    from views v ${scope === "viewers" ? "indexed by views_viewer_started_idx" : "indexed by views_content_idx"}
    join earnings e on e.view_id = v.id
    where ${scope === "viewers" ? "v.viewer_id" : "v.content_id"} in (select value from json_each(?2))
      and e.view_id is not null and e.available_at > ?1
      ${strict ? "and e.available_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')" : ""}
      and not exists (select 1 from reversals r where r.earning_id = e.id))`;

/**
 * The held rows are recent by definition (views are archived only after every reward is available). What a rule
 * asks of a view's past (the other way of a pair, an address) it reads from the aggregates the view triggers
 * keep, view_pairs and view_addresses, which cover archived views too (docs/decisions/053) and name members by
 * their number (users.num, docs/decisions/058).
 * Per rule: a CTE `matches(subject, earning_id, view_id, viewer_id, creator_id, amount_micros)` over `held`,
 * materialized so each statement scans the held rows once however often it refers to them
 * (`npm run bench:sweep`).
 */
const RULE_MATCHES: Record<EarningRuleName, string> = {
  // The viewer watched from a network (an IPv4 address, an IPv6 /56: docs/decisions/065) the creator also
  // watches from, and at least half the viewer's held paid views are of that creator: a second account kept to
  // pay the first, on a network of at most SHARED_NETWORK_MAX_MEMBERS. A household shares a network with its
  // creator too, and its members watch others as well; a carrier-grade NAT's network is shared by hundreds.
  shared_ip: `on_shared as materialized (
    select h.* from held h
    where h.ip_hash <> '' and h.viewer_id <> h.creator_id
      -- The creator's few addresses (view_addresses_viewer_idx), not the network's members: a carrier-grade NAT's
      -- network holds hundreds, and its range of the primary key would be read for every held view from it.
      and exists (select 1 from view_addresses w indexed by view_addresses_viewer_idx
                  where w.viewer_num = ${memberNumSql("h.creator_id")} and ${inNetworkSql("w.ip_hash", "h.ip_hash")})
      -- A network many members watch from (a carrier-grade NAT, a campus) is nobody's own.
      and (select count(distinct m.viewer_num) from view_addresses m where ${inNetworkSql("m.ip_hash", "h.ip_hash")})
          <= ${SHARED_NETWORK_MAX_MEMBERS}),
  -- The few viewers found so: all their held paid views, and those of the creator.
  viewers as materialized (select distinct viewer_id from on_shared),
  per_viewer as materialized (
    select h.viewer_id, count(*) as n from held h join viewers using (viewer_id) where h.kind = 'viewer' group by h.viewer_id),
  per_pair as materialized (
    select h.viewer_id, h.creator_id, count(*) as n from held h
    where h.kind = 'viewer' and exists (select 1 from on_shared o where o.viewer_id = h.viewer_id and o.creator_id = h.creator_id)
    group by h.viewer_id, h.creator_id),
  matches as materialized (
    select h.viewer_id || ':' || h.creator_id as subject, h.earning_id, h.view_id, h.viewer_id, h.creator_id, h.amount_micros
    from on_shared h
    join per_pair pp on pp.viewer_id = h.viewer_id and pp.creator_id = h.creator_id
    join per_viewer pv on pv.viewer_id = h.viewer_id
    where ${SHARED_NETWORK_SHARE} * pv.n <= pp.n)`,
  // A viewer at or near the daily cap on most days they earned in holding, at least CAPPED_DAYS of them: the held
  // period is judged, not each day alone (docs/decisions/065).
  daily_cap: `capped as (
    select viewer_id, sum(k >= ${NEAR_CAP_SQL}) as days from (
      select viewer_id, qualified_day, count(*) as k from held where kind = 'viewer' group by viewer_id, qualified_day)
    group by viewer_id
    having sum(k >= ${NEAR_CAP_SQL}) >= ${CAPPED_DAYS} and sum(k >= ${NEAR_CAP_SQL}) >= ${CAPPED_DAYS_SHARE} * count(*)),
  matches as materialized (
    select h.viewer_id as subject, h.earning_id, h.view_id, h.viewer_id, h.creator_id, h.amount_micros
    from held h join capped c on c.viewer_id = h.viewer_id)`,
  // An item whose every earning view in holding came from an account created that same day.
  same_day_accounts: `items as (
    select h.content_id from held h join users u on u.id = h.viewer_id
    where h.kind = 'viewer'
    group by h.content_id
    having count(*) >= ${SAME_DAY_MIN_VIEWS} and sum(date(u.created_at) <> h.qualified_day) = 0),
  matches as materialized (
    select h.content_id as subject, h.earning_id, h.view_id, h.viewer_id, h.creator_id, h.amount_micros
    from held h join items i on i.content_id = h.content_id)`,
};

/** Earnings a flag of the same rule already covers are not flagged again under it (a cleared one included). */
const uncovered = (rule: EarningRuleName) =>
  `not exists (select 1 from review_earnings re where re.earning_id = m.earning_id and re.rule = '${rule}')`;

export type Candidate = {
  subject: string;
  views: number;
  earnings: number;
  amount: number;
  /** JSON array of the accounts involved (viewers and creators), and how many. */
  userIds: string;
  userIdsCount: number;
  /** Per rule facts for the evidence: days at or near the cap. */
  days: number;
};

/**
 * Each rule's gate over the counters of held rewards (schema/held-counters.ts): of the judged viewers or items
 * (?1, JSON ids), those the rule could match. A necessary condition, read from a few counter rows, so a subject it
 * clears costs no read of its held rewards: shared_ip needs a creator holding at least SHARED_NETWORK_SHARE of the
 * viewer's held views (at most two) who watched from a network of at most SHARED_NETWORK_MAX_MEMBERS members the
 * viewer also watched from; daily_cap is decided by the viewer's held days; same_day_accounts by the item's two
 * counts. (Rows a judgment reads, not rows written: they are what D1 prices a thousand times lower.)
 */
export const RULE_GATES: Record<EarningRuleName, string> = {
  shared_ip: `with judged as (select value as viewer_id from json_each(?1)),
    totals as materialized (select d.viewer_id, sum(d.held) as n from judged j join held_viewer_days d on d.viewer_id = j.viewer_id
      group by d.viewer_id)
    select distinct h.viewer_id as subject from totals h join held_pairs p on p.viewer_id = h.viewer_id
    where p.held >= ${SHARED_NETWORK_SHARE} * h.n and p.creator_id <> h.viewer_id
      and exists (select 1 from view_addresses w indexed by view_addresses_viewer_idx
        where w.viewer_num = ${memberNumSql("p.creator_id")}
          and (select count(*) from (select distinct x.viewer_num from view_addresses x where ${inNetworkSql("x.ip_hash", "w.ip_hash")}
               limit ${SHARED_NETWORK_MAX_MEMBERS + 1})) <= ${SHARED_NETWORK_MAX_MEMBERS}
          and exists (select 1 from view_addresses m where ${inNetworkSql("m.ip_hash", "w.ip_hash")}
                      and m.viewer_num = ${memberNumSql("h.viewer_id")}))`,
  daily_cap: `select d.viewer_id as subject from held_viewer_days d where d.viewer_id in (select value from json_each(?1))
    group by d.viewer_id
    having sum(d.held >= ${NEAR_CAP_SQL}) >= ${CAPPED_DAYS} and sum(d.held >= ${NEAR_CAP_SQL}) >= ${CAPPED_DAYS_SHARE} * count(*)`,
  same_day_accounts: `select content_id as subject from held_items where content_id in (select value from json_each(?1))
    and held >= ${SAME_DAY_MIN_VIEWS} and other_day = 0`,
};

/** The rule's subjects among the judged (?2) with held earnings it matches that no flag of the rule covers yet (read). */
export const candidatesSql = (
  rule: EarningRuleName,
) => `with ${heldSql(false, RULE_SCOPE[rule])}, ${RULE_MATCHES[rule]},
  -- The accounts of each subject, grouped once (a subquery per subject would rescan every held row).
  subject_users as (select subject, json_group_array(x) as userIds, count(*) as userIdsCount
    from (select subject, viewer_id as x from matches union select subject, creator_id from matches) group by subject)
  select m.subject, count(distinct m.view_id) as views, count(*) as earnings, sum(m.amount_micros) as amount,
    su.userIds as userIds, su.userIdsCount as userIdsCount,
    ${rule === "daily_cap" ? "(select days from capped where capped.viewer_id = m.subject)" : "0"} as days
  from matches m join subject_users su on su.subject = m.subject where ${uncovered(rule)}
  group by m.subject order by m.subject`;

/**
 * Opens the flag for one subject, or refreshes the open one's evidence (?1 now, ?2 id, ?3 rule, ?4 subject,
 * ?5 user ids, ?6 evidence). Returns the row when this statement created it.
 */
export const OPEN_REVIEW_SQL = `insert into reviews (id, rule, subject, user_ids, evidence, status, created_at)
  values (?2, ?3, ?4, ?5, ?6, 'open', ?1)
  on conflict (rule, subject) where status = 'open' do update set evidence = excluded.evidence, user_ids = excluded.user_ids
  returning id`;

/** Adds every matching held earning of the judged (?2) no flag of the rule covers yet to the rule's open flag of its subject. */
export const coverSql = (rule: EarningRuleName) => `with ${heldSql(true, RULE_SCOPE[rule])}, ${RULE_MATCHES[rule]}
  insert or ignore into review_earnings (review_id, earning_id, rule)
  select rv.id, m.earning_id, '${rule}' from matches m
  join reviews rv on rv.rule = '${rule}' and rv.subject = m.subject and rv.status = 'open'
  where ${uncovered(rule)}`;

/** Held sign-on bonuses the sweep re-checks per run, picked at random (a bounded cost; see decision 031). */
const BONUSES_PER_SWEEP = 200;

/**
 * An awarded sign-on bonus still in its hold at ?1 and not reversed. `strict` also holds it to the
 * database's own clock, for writes: a flag may only cover a bonus no payment could have drawn on yet.
 */
const heldBonusSql = (
  b: string,
  strict: boolean,
) => `${b}.kind = 'signon' and ${b}.status = 'awarded' and ${b}.available_at > ?1
  ${strict ? `and ${b}.available_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')` : ""}
  and not exists (select 1 from bonus_reversals br where br.bonus_id = ${b}.id)`;

export type BonusCandidate = {
  subject: string;
  userId: string;
  amount: number;
  awardedAt: string;
  /** The reasons found now, and those already known when it was awarded (an admin approved it over them). */
  reasons: string;
  recorded: string;
};

const BONUS_REASONS = [
  "reciprocal_new_accounts",
  "shared_ip",
  "claimant_uploads",
  "dependent_viewers",
  "claimants_share_network",
] as const;
/** A reason found now that was not known when the bonus was awarded. */
const NEW_REASON = BONUS_REASONS.map(
  (r) => `(instr(',' || reasons || ',', ',${r},') > 0 and instr(',' || recorded || ',', ',${r},') = 0)`,
).join(" or ");

/**
 * `bonus_risk` (read): held sign-on bonuses never flagged under the rule (a cleared flag included) whose risk
 * checks (bonus-risk.ts), run again over the facts of now, find a reason not known when the bonus was awarded
 * (so a bonus an admin approved over its reasons is not flagged for those again). At most BONUSES_PER_SWEEP
 * are checked per run, picked at random (served by bonuses_held_idx).
 */
export const BONUS_CANDIDATES_SQL = `select subject, userId, amount, awardedAt, reasons, recorded from (
    select bonuses.id as subject, bonuses.user_id as userId, bonuses.total_micros as amount, bonuses.awarded_at as awardedAt,
           ${BONUS_RISK_REASONS_SQL} as reasons, coalesce(bonuses.review_reasons, '') as recorded
    from bonuses
    -- The sample is drawn first, so the checks run on it alone (a sort would compute them for every row).
    where bonuses.id in (select h.id from bonuses h where ${heldBonusSql("h", false)}
        and not exists (select 1 from reviews rv where rv.rule = 'bonus_risk' and rv.subject = h.id)
        order by random() limit ${BONUSES_PER_SWEEP}))
  where ${NEW_REASON} order by subject`;

/**
 * `bonus_risk` (write): opens the flag on the bonus (?1 now, ?2 id, ?3 the bonus as subject, ?4 user ids,
 * ?5 evidence) when it is still held by both clocks, not reversed and not under an open flag already.
 * Returns the row when this statement created it. While the flag is open the bonus stays pending
 * (balance-parts.ts).
 */
export const OPEN_BONUS_REVIEW_SQL = `insert into reviews (id, rule, subject, user_ids, evidence, status, created_at)
  select ?2, 'bonus_risk', ?3, ?4, ?5, 'open', ?1 from bonuses
  where bonuses.id = ?3 and ${heldBonusSql("bonuses", true)} and not ${bonusUnderReviewSql("bonuses")}
  on conflict do nothing
  returning id`;
