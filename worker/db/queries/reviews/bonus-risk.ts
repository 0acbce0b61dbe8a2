// Risk checks on a completed sign-on challenge set (docs/decisions/016, 031), as SQL over the bonus row being
// checked (`bonuses`). "Counted views" are the member's qualified views of others' items (their streams)
// and others' qualified views of the member's items (the views requirement). They read permanent facts only:
// views and items stay when an item is deleted, so deleting an upload hides no evidence (no deleted flag is
// read). They run when the bonus is created (challenge-progress.ts), when the job would award it (below),
// and while an awarded bonus is held (the sweep's `bonus_risk` rule, review-rules.ts).
import type { Db } from "../../client";
import { heldUntilSql } from "../earnings/earning-rule-settings";
import { inNetworkSql, memberNumSql } from "../archive/kept-numbers";
import { notifyOnceSql } from "../notifications/notification-writes";
import { minIndependentViewsSql } from "../challenges/viewer-independence";
import { suspendedSql } from "../content/visibility";

// The all-time reasons read the aggregates the view triggers keep (view_pairs, view_addresses), which cover
// archived views too, so a bonus checked after the claimant's old views left D1 gets the same answer
// (docs/decisions/053). A pair's creator is the item's creator at the time of the view (items never change owner).

/** The member's number (users.num): the aggregates name members by it (migration 0030, docs/decisions/058). */
const MY_NUM = memberNumSql("bonuses.user_id");

/** The member and an account created within a day of theirs watched each other's items. */
const RECIPROCAL_NEW_ACCOUNTS = `exists (select 1 from view_pairs p1
   join users me on me.num = p1.viewer_num join users x on x.num = p1.creator_num
   where p1.viewer_num = ${MY_NUM} and p1.creator_num <> p1.viewer_num and p1.qualified > 0
     and abs(julianday(x.created_at) - julianday(me.created_at)) <= 1
     and exists (select 1 from view_pairs p2
                 where p2.viewer_num = p1.creator_num and p2.creator_num = p1.viewer_num and p2.qualified > 0))`;

/**
 * Both accounts on one machine: the member and another account watched from one address group, and one of them
 * had a counted view of the other's items. From the member's own addresses (view_addresses_viewer_idx), the others
 * at each (its primary key), and the pair either way (view_pairs' primary key). view_addresses keeps no creator
 * (migration 0027, docs/decisions/056), so the shared address need not be the one the counted view came from.
 */
const SHARED_IP = `exists (select 1 from view_addresses mine
     join view_addresses other on other.ip_hash = mine.ip_hash and other.viewer_num <> mine.viewer_num
     where mine.viewer_num = ${MY_NUM}
       and (exists (select 1 from view_pairs p where p.viewer_num = mine.viewer_num and p.creator_num = other.viewer_num and p.qualified > 0)
         or exists (select 1 from view_pairs p where p.viewer_num = other.viewer_num and p.creator_num = mine.viewer_num and p.qualified > 0)))`;

/**
 * The member and another sign-on claimant (a member with a sign-on bonus of their own) watched from one network,
 * an IPv4 address or an IPv6 /56: two claims from one home, or one farm (docs/decisions/065). Checked again
 * while the bonus is held, so a second claim that comes later still flags the first.
 */
const CLAIMANTS_SHARE_NETWORK = `exists (select 1 from view_addresses mine
     join view_addresses other on ${inNetworkSql("other.ip_hash", "mine.ip_hash")} and other.viewer_num <> mine.viewer_num
     join users ou on ou.num = other.viewer_num
     where mine.viewer_num = ${MY_NUM}
       and exists (select 1 from bonuses ob where ob.user_id = ou.id and ob.kind = 'signon'))`;

/** A counted stream was of an item another bonus claimant uploaded inside their own challenge window. */
const CLAIMANT_UPLOADS = `exists (select 1 from view_pairs p join users c on c.num = p.creator_num
   where p.viewer_num = ${MY_NUM} and p.creator_num <> p.viewer_num and p.claim_upload_qualified > 0
     and exists (select 1 from bonuses b2 where b2.user_id = c.id and b2.kind = 'signon'))`;

/**
 * The views requirement no longer holds on independent viewers alone (viewer-independence.ts): judged again
 * over the uploads that completed it, it catches a certifier exposed after the challenge was completed.
 */
const DEPENDENT_VIEWERS = `exists (select 1 from challenge_progress cp
   where cp.user_id = bonuses.user_id and cp.requirement_type = 'min_views_per_content' and cp.completed_at is not null
     and ${minIndependentViewsSql({ claimant: "cp.user_id", from: "cp.enrolled_at", to: "cp.deadline_at" }, "cp.completed_at")} < cp.requirement_value)`;

/** The comma-separated reasons found for the bonus row in `bonuses`; '' when none. */
export const BONUS_RISK_REASONS_SQL = `rtrim(
     case when ${RECIPROCAL_NEW_ACCOUNTS} then 'reciprocal_new_accounts,' else '' end ||
     case when ${SHARED_IP} then 'shared_ip,' else '' end ||
     case when ${CLAIMANT_UPLOADS} then 'claimant_uploads,' else '' end ||
     case when ${DEPENDENT_VIEWERS} then 'dependent_viewers,' else '' end ||
     case when ${CLAIMANTS_SHARE_NETWORK} then 'claimants_share_network,' else '' end, ',')`;

/** Whose pending sign-on bonuses a run checks: the oldest few of the site (the cron), or one member's (their poll). */
export type BonusScope = { limit: number } | { userId: string };

/**
 * The earnings job's part, as one batch over the pending sign-on bonuses in scope (bounded per run):
 *  1. check the ones never checked (created before checks ran at creation);
 *  2. award the ones checked clean whose reasons, evaluated again in the awarding statement over the facts
 *     of now, are still none;
 *  3. hold the rest of those: what appeared since the last check is written as their reasons.
 * A bonus with reasons stays pending for an admin (review-bonus.ts); a suspended member's stays pending,
 * unchecked and unawarded, while the suspension lasts (docs/decisions/027).
 */
function checkAndAwardBonusStatements(d1: D1Database, now: string, scope: BonusScope) {
  // ?1 the queue's bound, ?2 the member (their poll), ?3 now. Served by bonuses_user_idx for one member and by
  // bonuses_pending_idx for the site.
  const values = "userId" in scope ? [1, scope.userId, now] : [scope.limit, null, now];
  const mine = "userId" in scope ? "user_id = ?2 and" : "";
  const queue = (reasons: "is null" | "= ''") =>
    `id in (select id from bonuses where ${mine} status = 'pending' and kind = 'signon' and review_reasons ${reasons}
              and not ${suspendedSql("bonuses.user_id")} order by created_at limit ?1)`;
  // D1 wants exactly as many values as the statement's highest placeholder.
  const bind = (text: string) =>
    d1.prepare(text).bind(...values.slice(0, Math.max(...[...text.matchAll(/\?(\d+)/g)].map((m) => Number(m[1])))));
  return [
    bind(`update bonuses set review_reasons = ${BONUS_RISK_REASONS_SQL} where ${queue("is null")}`),
    bind(
      `update bonuses set status = 'awarded', awarded_at = ?3, available_at = ${heldUntilSql("?3")}
       where ${queue("= ''")} and ${BONUS_RISK_REASONS_SQL} = ''`,
    ),
    bind(`update bonuses set review_reasons = ${BONUS_RISK_REASONS_SQL} where ${queue("= ''")}`),
    // The bell (docs/decisions/046), once per bonus (keyed by its id): the ones this run awarded (awarded at
    // its time, bonuses_awarded_idx), and the ones held for an admin's review (the pending queue's few).
    bind(
      notifyOnceSql("bonus_awarded", "earnings", {
        user: "b.user_id",
        ref: "b.id",
        subject: "b.id",
        amount: "b.total_micros",
        at: "?3",
        rest: `from bonuses b where b.awarded_at = ?3 and b.kind = 'signon' and b.status = 'awarded' ${"userId" in scope ? "and b.user_id = ?2" : ""}`,
      }),
    ),
    bind(
      notifyOnceSql("bonus_held", "earnings", {
        user: "b.user_id",
        ref: "b.id",
        subject: "b.id",
        amount: "b.total_micros",
        at: "?3",
        rest: `from bonuses b where b.status = 'pending' and b.kind = 'signon' and b.review_reasons <> '' ${"userId" in scope ? "and b.user_id = ?2" : ""}`,
      }),
    ),
  ];
}

/** Runs checkAndAwardBonusStatements; returns how many bonuses it awarded. */
export async function checkAndAwardBonuses(db: Db, now: string, scope: BonusScope): Promise<number> {
  const [, awarded] = await db.$client.batch(checkAndAwardBonusStatements(db.$client, now, scope));
  return awarded?.meta.changes ?? 0;
}
