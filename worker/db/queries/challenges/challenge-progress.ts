import type { Db } from "../../client";
import { BONUS_RISK_REASONS_SQL } from "../reviews/bonus-risk";
import { MIN_EARNING_MS_SQL } from "../earnings/earning-rule-settings";
import { contentEarnsSql } from "../content/media-floor";
import { minIndependentViewsSql } from "./viewer-independence";

// Sign-on challenge progress (the challenges themselves: common/challenges.ts). Progress is recomputed
// from the records (views, content) rather than counted up, so replays, deleted content or racing events can
// never drift it: a deleted item's row and its views stay (permanent facts) and count as before.
// Each statement is a no-op for users without open challenges.

// Streams: distinct other creators' items the user watched to 80 % under the pacing rules (only a paced,
// earning session qualifies), at least the shortest earning length long and of real media (docs/decisions/063).
// Not a view made while the viewer was suspended (docs/decisions/107): it pays nobody (027), and a bonus is money
// too. While the suspension lasts, its start says so; once lifted, the reason the job kept on the view does.
const STREAMS = `(select count(distinct v.content_id) from views v join content c on c.id = v.content_id
   where v.viewer_id = challenge_progress.user_id and v.viewer_id <> v.creator_id and v.qualified_at is not null
     and v.qualified_at between challenge_progress.enrolled_at and challenge_progress.deadline_at
     and c.duration_ms >= ${MIN_EARNING_MS_SQL} and ${contentEarnsSql("c")}
     and v.unpaid_reason is not 'suspended'
     and not exists (select 1 from users s where s.id = v.viewer_id and s.suspended_at <= v.qualified_at))`;

const UPLOADS = `(select count(*) from content c where c.created_by = challenge_progress.user_id
   and c.created_at between challenge_progress.enrolled_at and challenge_progress.deadline_at)`;

// Per upload: unique independent qualified views by others within 24 h of the upload (viewer-independence.ts).
const MIN_VIEWS = minIndependentViewsSql({
  claimant: "challenge_progress.user_id",
  from: "challenge_progress.enrolled_at",
  to: "challenge_progress.deadline_at",
});

/** A progress row's count, recomputed from the records. */
const PROGRESS = `(case requirement_type
  when 'streams_completed' then ${STREAMS}
  when 'content_uploaded' then ${UPLOADS}
  else ${MIN_VIEWS} end)`;

/**
 * Statements (for one D1 batch) that bring a user's open challenges up to date and create the bonus, checked
 * at once: the risk reasons found over the facts of that moment ('' when none). The earnings job checks
 * them again when it would award the bonus (bonus-risk.ts).
 */
export function refreshChallengeStatements(d1: D1Database, userId: string, now: string, bonusId: string) {
  return [
    // Only rows whose count moved are written: D1 bills every row an update touches, changed or not, and a view
    // moves one of a member's challenges at most (docs/decisions/081-fewer-rows-per-paid-view.md). The count is
    // read twice, which costs rows read (a thousandth of a row written).
    d1
      .prepare(
        `update challenge_progress set progress_value = ${PROGRESS}
         where user_id = ?1 and completed_at is null and deadline_at >= ?2 and progress_value is not ${PROGRESS}`,
      )
      .bind(userId, now),
    d1
      .prepare(
        `update challenge_progress set completed_at = ?2
         where user_id = ?1 and completed_at is null and deadline_at >= ?2 and progress_value >= requirement_value`,
      )
      .bind(userId, now),
    // All enrolled challenges completed in time: one pending bonus, the unique index makes it once ever.
    d1
      .prepare(
        `insert into bonuses (id, user_id, kind, challenge_ids, total_micros, status, description, created_at)
         select ?3, ?1, 'signon', group_concat(challenge_id), sum(bonus_micros), 'pending', 'Sign-on challenge bonus', ?2
         from challenge_progress where user_id = ?1
         having count(*) > 0 and count(*) = count(case when completed_at <= deadline_at then 1 end)
         on conflict do nothing`,
      )
      .bind(userId, now, bonusId),
    // Only the row this batch created (a no-op when the set is not complete or the bonus exists).
    d1
      .prepare(`update bonuses set review_reasons = ${BONUS_RISK_REASONS_SQL} where id = ?1 and review_reasons is null`)
      .bind(bonusId),
  ];
}

/** Enrols a new user in every active challenge, copying its terms (later edits affect only new users). */
function enrolStatement(d1: D1Database, userId: string, enrolledAt: string) {
  return d1
    .prepare(
      `insert or ignore into challenge_progress
         (user_id, challenge_id, requirement_type, requirement_value, bonus_micros, enrolled_at, deadline_at, progress_value)
       select ?1, id, requirement_type, requirement_value, bonus_micros, ?2,
         strftime('%Y-%m-%dT%H:%M:%fZ', ?2, '+' || time_limit_hours || ' hours'), 0
       from challenges where is_active = 1`,
    )
    .bind(userId, enrolledAt);
}

/** Brings each user's open challenges up to date in one batch; `bonusId` names the bonus row a completion creates. */
export async function refreshChallengeProgress(db: Db, users: { userId: string; bonusId: string }[], now: string) {
  await db.$client.batch(users.flatMap((u) => refreshChallengeStatements(db.$client, u.userId, now, u.bonusId)));
}

export async function enrolInChallenges(db: Db, userId: string, enrolledAt: string) {
  await enrolStatement(db.$client, userId, enrolledAt).run();
}
