// Risk checks on a completed sign-on challenge set (docs/decisions/016), as SQL over the bonus row being
// checked (`bonuses`). "Counted views" are the member's qualified views of others' items (their streams)
// and others' qualified views of the member's items (the views requirement).
import type { Db } from "../client";
import { heldUntilSql } from "./earning-rule-settings";
import { suspendedSql } from "./visibility";

/** The member and an account created within a day of theirs watched each other's items. */
const RECIPROCAL_NEW_ACCOUNTS = `exists (select 1 from views v1
   join users me on me.id = v1.viewer_id join users x on x.id = v1.creator_id
   where v1.viewer_id = bonuses.user_id and v1.creator_id <> bonuses.user_id and v1.qualified_at is not null
     and abs(julianday(x.created_at) - julianday(me.created_at)) <= 1
     and exists (select 1 from content c2 join views v2 on v2.content_id = c2.id
                 where c2.created_by = bonuses.user_id and v2.viewer_id = v1.creator_id and v2.qualified_at is not null))`;

/** A counted view came from an address the other side also watched from (both accounts on one machine). */
const SHARED_IP = `(exists (select 1 from views v1
     where v1.viewer_id = bonuses.user_id and v1.creator_id <> bonuses.user_id and v1.qualified_at is not null
       and v1.ip_hash <> '' and exists (select 1 from views v3 where v3.ip_hash = v1.ip_hash and v3.viewer_id = v1.creator_id))
   or exists (select 1 from content c1 join views v1 on v1.content_id = c1.id
     where c1.created_by = bonuses.user_id and v1.viewer_id <> bonuses.user_id and v1.qualified_at is not null
       and v1.ip_hash <> '' and exists (select 1 from views v3 where v3.ip_hash = v1.ip_hash and v3.viewer_id = bonuses.user_id)))`;

/** A counted stream was of an item another bonus claimant uploaded inside their own challenge window. */
const CLAIMANT_UPLOADS = `exists (select 1 from views v1 join content c on c.id = v1.content_id
   where v1.viewer_id = bonuses.user_id and c.created_by <> bonuses.user_id and v1.qualified_at is not null
     and exists (select 1 from bonuses b2 where b2.user_id = c.created_by and b2.kind = 'signon')
     and exists (select 1 from challenge_progress cp
                 where cp.user_id = c.created_by and c.created_at between cp.enrolled_at and cp.deadline_at))`;

/** The comma-separated reasons found for the bonus row in `bonuses`; '' when none. */
export const BONUS_RISK_REASONS_SQL = `rtrim(
     case when ${RECIPROCAL_NEW_ACCOUNTS} then 'reciprocal_new_accounts,' else '' end ||
     case when ${SHARED_IP} then 'shared_ip,' else '' end ||
     case when ${CLAIMANT_UPLOADS} then 'claimant_uploads,' else '' end, ',')`;

/** Whose pending sign-on bonuses a run checks: the oldest few of the site (the cron), or one member's (their poll). */
export type BonusScope = { limit: number } | { userId: string };

/**
 * The earnings job's part, as one batch: check the pending sign-on bonuses in scope not checked yet (bounded
 * per run), then award the ones with nothing found. A bonus with reasons stays pending for an admin
 * (review-bonus.ts); a suspended member's stays pending while the suspension lasts (docs/decisions/027).
 */
export function checkAndAwardBonusStatements(d1: D1Database, now: string, scope: BonusScope) {
  // Served by bonuses_user_idx for one member and by bonuses_pending_idx for the site.
  const [mine, param] = "userId" in scope ? ["user_id = ?2 and", scope.userId] : ["", null];
  return [
    d1
      .prepare(
        `update bonuses set review_reasons = ${BONUS_RISK_REASONS_SQL}
         where id in (select id from bonuses where ${mine} status = 'pending' and kind = 'signon' and review_reasons is null
                      order by created_at limit ?1)`,
      )
      .bind(...("limit" in scope ? [scope.limit] : [1, param])),
    d1
      .prepare(
        `update bonuses set status = 'awarded', awarded_at = ?1, available_at = ${heldUntilSql("?1")}
         where ${mine} status = 'pending' and kind = 'signon' and review_reasons = ''
           and not ${suspendedSql("bonuses.user_id")}`,
      )
      .bind(...(param === null ? [now] : [now, param])),
  ];
}

/** Runs checkAndAwardBonusStatements; returns how many bonuses it awarded. */
export async function checkAndAwardBonuses(db: Db, now: string, scope: BonusScope): Promise<number> {
  const [, awarded] = await db.$client.batch(checkAndAwardBonusStatements(db.$client, now, scope));
  return awarded?.meta.changes ?? 0;
}
