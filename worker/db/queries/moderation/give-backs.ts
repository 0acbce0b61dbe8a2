import { heldUntilSql } from "../earnings/earning-rule-settings";
import { rewardsNoticeSql } from "../notifications/notification-writes";

// A granted appeal gives back the view rewards its action reversed (docs/decisions/096). The action was a takedown
// or a suspension (docs/decisions/027), its reversals name its audit row; the appeal (one per action) names that
// row too. What comes back is a new `earnings` row per reversed reward, of the same member, view and side, one
// generation after the reward it gives back (`earnings_view_side_unique` is (view, side, generation)), naming it
// (`restores_earning_id`), held afresh from the moment it is given back. So every sum over `earnings` less
// `reversals` counts it, the fraud sweep and a later action see a held reward like any other and may reverse it
// (its own reversal row, keyed by its own id), and a view and side never holds more than one unreversed reward.
//
// The statements run in the batch of the restore or reinstatement that grants the appeal, after its changes, with
// its parameters: ?2 the admin, ?3 now, ?5 the action's audit id (new per request), ?7 the appeal, ?8 the
// decision's audit id. Each is conditional on this batch's audit row and on the appeal being reversed, which only
// this batch can have done (the appeal was open, checked by the restore's own audit insert), so a retried, raced
// or repeated decision gives nothing back twice; the unique index would refuse a second give-back anyway.

/**
 * Joined to an appeal `p`: its action `a`, the action's reversals `r` (found by their time, reversals_created_idx,
 * and the action's audit id; never a fraud review's or another action's) and the rewards `e` they reversed.
 */
const ACTION_REVERSALS = (p: string) => `join audit_log a on a.id = ${p}.action_id
  join reversals r on r.created_at = a.created_at and r.review_id = a.id
    and r.reason in ('takedown', 'suspended_viewer', 'suspended_creator')
  join earnings e on e.id = r.earning_id`;

/**
 * The reward `e` of the view may be paid again: nothing else that is in force now would have refused or reversed
 * it. The view's item is visible and neither party suspended, the appealed action itself aside (undone by this
 * batch, or about to be for the admin's preview); and no fraud review that reversed rewards covered it (a review
 * decided against the view stands, even when the action had reversed this reward first).
 */
const PAYABLE = `exists (select 1 from views v join content c on c.id = v.content_id
      join users vu on vu.id = v.viewer_id join users cu on cu.id = v.creator_id
    where v.id = e.view_id
      and (c.removed_at is null or (a.action = 'takedown' and a.entity_id = c.id))
      and (vu.suspended_at is null or (a.action = 'suspend' and a.entity_id = vu.id))
      and (cu.suspended_at is null or (a.action = 'suspend' and a.entity_id = cu.id)))
  and not exists (select 1 from review_earnings re join reviews rv on rv.id = re.review_id and rv.status = 'reversed'
    where re.earning_id = e.id)`;

/** What granting the open appeal `p` would give back now, in micro-dollars: the admins' preview (a read). */
export const giveBackMicrosSql = (p: string) =>
  `(select coalesce(sum(-r.amount_micros), 0) from appeals ap ${ACTION_REVERSALS("ap")} where ap.id = ${p}.id and ${PAYABLE})`;

/** This batch's give-backs `g` (the appeal ?7 is reversed by it): rows of the appeal's action's reversals. */
const GIVEN_BACK = `select g.id from appeals p ${ACTION_REVERSALS("p")}
    join earnings g on g.view_id = e.view_id and g.restores_earning_id = e.id
  where p.id = ?7 and p.status = 'reversed' and exists (select 1 from audit_log where id = ?5)`;

/** The sum of this batch's give-backs, optionally of one member (an SQL expression). */
export const givenBackMicrosSql = (user?: string) =>
  `(select coalesce(sum(amount_micros), 0) from earnings where id in (${GIVEN_BACK})${user ? ` and user_id = ${user}` : ""})`;

export const GIVE_BACK_STATEMENTS = [
  // The rewards themselves. The id is a ULID: the decision's time (its audit id's first 10 characters) and 64
  // random bits as 16 hex digits, which are all characters of the ULID alphabet.
  `insert into earnings (id, user_id, kind, view_id, content_id, amount_micros, created_by, created_at, available_at,
      restores_earning_id, generation)
    select substr(?8, 1, 10) || hex(randomblob(8)), e.user_id, e.kind, e.view_id, e.content_id, -r.amount_micros, ?2, ?3,
      ${heldUntilSql("?3")}, e.id, e.generation + 1
    from appeals p ${ACTION_REVERSALS("p")}
    where p.id = ?7 and p.status = 'reversed' and exists (select 1 from audit_log where id = ?5) and ${PAYABLE}
    on conflict (view_id, kind, generation) do nothing`,
  // A fraud flag still open over the reward covers what gives it back: it stays pending until the admin decides,
  // and reversing the flag reverses it.
  `insert or ignore into review_earnings (review_id, earning_id, rule)
    select re.review_id, g.id, re.rule from earnings g join review_earnings re on re.earning_id = g.restores_earning_id
      join reviews rv on rv.id = re.review_id and rv.status = 'open'
    where g.id in (${GIVEN_BACK})`,
  // The bell: the counterparts hear of rewards credited again, everyone of their release when the hold ends; the
  // member who appealed hears it in the appeal's own line (moderation-writes.ts).
  ...rewardsNoticeSql(`e.id in (${GIVEN_BACK})`, "e.user_id <> (select user_id from appeals where id = ?7)"),
];
