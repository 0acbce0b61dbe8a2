import { VIEWS_WINDOW_DAYS_SQL } from "./archive-settings";
import { memberNumSql } from "./kept-numbers";
import { foldViewEarningsStatements, keptViewSql as rewardsKeptSql } from "./period-close";

// The `views` dataset of the data lifecycle (docs/decisions/053): a UTC day of views (by started_at)
// leaves D1 for R2 once it is older than the views window, every view of it is final and every reward of it is
// available. Each archived line is a view with its reward rows and their reversals. Views that are still
// evidence stay in D1 (kept): a reward reversed, named by a fraud flag or not yet available, or a view a sign-on
// claim that is not final yet may still judge. What the readers need of archived views, D1 keeps in the
// aggregates of migration 0025 (view_pairs, view_addresses, the totals, member_view_days).

const DAY = "substr(v.started_at, 1, 10)";

/**
 * A sign-on claim not final yet (a challenge open and not completed, or a bonus pending or awarded and still
 * held) whose checks may still read the view `v`: the claimant's own views and views of their items, and the
 * other views of the claimant's viewers (the certifier rule of viewer-independence.ts), started inside the
 * claim window widened by a day each way. Everything else those checks read is in view_pairs / view_addresses.
 */
const claimEvidenceSql = (v: string, now: string) => `exists (select 1 from challenge_progress cp
   where cp.user_id in (select ${v}.viewer_id union all select ${v}.creator_id
                        union all select c.id from view_pairs p join users c on c.num = p.creator_num
                                  where p.viewer_num = ${memberNumSql(`${v}.viewer_id`)})
     and ${v}.started_at between strftime('%Y-%m-%dT%H:%M:%fZ', cp.enrolled_at, '-1 day')
                            and strftime('%Y-%m-%dT%H:%M:%fZ', cp.deadline_at, '+1 day')
     and ((cp.completed_at is null and cp.deadline_at >= ${now})
          or exists (select 1 from bonuses b where b.user_id = cp.user_id and b.kind = 'signon'
                     and (b.status = 'pending' or (b.status = 'awarded' and b.available_at > ${now})))))`;

/**
 * The view `v` stays in D1 as evidence at `now` (an SQL expression): its rewards are not final (in their hold,
 * reversed, named by any fraud review, open or decided: the period close keeps them, period-close.ts),
 * or a sign-on claim not final yet may still read it.
 */
const keptViewSql = (v: string, now: string) => `(${rewardsKeptSql(v, now)} or ${claimEvidenceSql(v, now)})`;

/**
 * The oldest day of views not archived yet, if it may be archived at ?1 (now): older than the window, no view of
 * it still open or qualified, every reward of it available. Days go in order (each manifest names the one
 * before), so a day not ready yet stops the walk. Served by views_day_id_idx.
 */
const NEXT_DAY = `with d(day) as (
    select ${DAY} from views v
    where ${DAY} < date(?1, '-' || ${VIEWS_WINDOW_DAYS_SQL} || ' days')
      and ${DAY} not in (select day from archive_days where dataset = 'views')
    order by ${DAY} limit 1)
  select d.day from d
  where not exists (select 1 from views v where ${DAY} = d.day and v.status in ('open', 'qualified'))
    and not exists (select 1 from views v join earnings e on e.view_id = v.id where ${DAY} = d.day and e.available_at > ?1)`;

export async function nextViewsDay(d1: D1Database, nowIso: string): Promise<string | null> {
  const row = await d1.prepare(NEXT_DAY).bind(nowIso).first<{ day: string }>();
  return row?.day ?? null;
}

type ArchivedViewLine = {
  view: Record<string, unknown>;
  earnings: { earning: Record<string, unknown>; reversal: Record<string, unknown> | null }[];
};

// A scalar subquery's JSON comes back as text, so json() makes it JSON again inside the line.
/** Up to ?3 views of day ?1 with id > ?2, in id order, each with its rewards and their reversals as JSON. */
const READ_ROWS = `select v.id as key, json_object(
    'view', json_object('id', v.id, 'content_id', v.content_id, 'viewer_id', v.viewer_id, 'creator_id', v.creator_id,
      'discovery_method', v.discovery_method, 'device_fingerprint', v.device_fingerprint, 'ip_hash', v.ip_hash,
      'started_at', v.started_at, 'max_position_ms', v.max_position_ms, 'last_event_at', v.last_event_at,
      'qualified_at', v.qualified_at, 'qualified_day', v.qualified_day, 'status', v.status, 'watch_time_ms', v.watch_time_ms,
      'end_reason', v.end_reason, 'credit_slot', v.credit_slot, 'unpaid_reason', v.unpaid_reason),
    'earnings', json((select json_group_array(json_object(
        'earning', json_object('id', e.id, 'user_id', e.user_id, 'kind', e.kind, 'view_id', e.view_id, 'content_id', e.content_id,
          'amount_micros', e.amount_micros, 'description', e.description, 'created_at', e.created_at, 'available_at', e.available_at),
        'reversal', json((select json_object('earning_id', r.earning_id, 'user_id', r.user_id, 'side', r.side, 'view_id', r.view_id,
          'amount_micros', r.amount_micros, 'reason', r.reason, 'review_id', r.review_id, 'created_by', r.created_by,
          'created_at', r.created_at) from reversals r where r.earning_id = e.id))))
      from (select * from earnings e where e.view_id = v.id order by e.kind) e))) as line
  from views v where ${DAY} = ?1 and v.id > ?2 order by v.id limit ?3`;

export async function readViewRows(d1: D1Database, day: string, afterKey: string, limit: number) {
  const { results } = await d1.prepare(READ_ROWS).bind(day, afterKey, limit).all<{ key: string; line: string }>();
  return results.map((r) => ({ key: r.key, line: JSON.parse(r.line) as ArchivedViewLine }));
}

const IN_RANGE = `${DAY} = ?1 and v.id > ?2 and v.id <= ?3`;

/** How many views of the range stay in D1 as evidence. */
export async function keptViewsIn(
  d1: D1Database,
  day: string,
  afterKey: string,
  lastKey: string,
  nowIso: string,
): Promise<number> {
  const row = await d1
    .prepare(`select count(*) as n from views v where ${IN_RANGE} and ${keptViewSql("v", "?4")}`)
    .bind(day, afterKey, lastKey, nowIso)
    .first<{ n: number }>();
  return Number(row?.n ?? 0);
}

/**
 * The period close's fold of the range's rewards (period-close.ts), leaving also the rewards of views kept as
 * claim evidence: the fold's own rule keeps only views whose rewards are not final, and a view that stays in D1
 * without its rewards would read as unpaid in the member's "reason for every view" (found by
 * worker/domain/archive/lifecycle.property.test.ts).
 */
export function foldArchivedViewsStatements(
  d1: D1Database,
  day: string,
  afterKey: string,
  lastKey: string,
  nowIso: string,
): D1PreparedStatement[] {
  return foldViewEarningsStatements(d1, day, afterKey, lastKey, nowIso, claimEvidenceSql("v", "?4"));
}

/**
 * Deletes the range's views, kept ones aside. The permanence trigger (migration 0025) lets each delete through
 * only because the archive_parts row of the same batch covers it. A view whose rewards are still in D1 is not
 * deleted: the period close's fold, earlier in the same batch, removes them first, so a view never leaves its
 * rewards behind without their view.
 */
export function deleteArchivedViewsStatement(
  d1: D1Database,
  day: string,
  afterKey: string,
  lastKey: string,
  nowIso: string,
): D1PreparedStatement {
  return d1
    .prepare(
      `delete from views where id in (select v.id from views v where ${IN_RANGE} and not ${keptViewSql("v", "?4")}
      and not exists (select 1 from earnings e where e.view_id = v.id))`,
    )
    .bind(day, afterKey, lastKey, nowIso);
}
