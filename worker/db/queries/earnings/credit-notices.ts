import type { Db } from "../../client";

/**
 * The caller's notice mark, and whether view rewards of theirs lie past it (docs/decisions/033): a row of
 * the poll's one read (owed.ts), kind 'notice' when there is something to tell (rewards past the mark, or folded
 * by a period close before they were told) and 'mark' when not. Served
 * by the credit_notices primary key and earnings_viewer_notice_idx (`user_id = ? and rowid > ?`).
 */
export const NOTICE_ARM_SQL = `select null as id,
    case when m.folded > 0 or exists (select 1 from earnings e where e.user_id = ?1 and e.kind = 'viewer' and e.rowid > m.seen)
      then 'notice' else 'mark' end as kind,
    m.seen as mark
  from (select coalesce((select seen_rowid from credit_notices where user_id = ?1), 0) as seen,
          coalesce((select untold_folded_micros from credit_notices where user_id = ?1), 0) as folded) m`;

/**
 * Tells the member what was credited to their own views since `seenRowid`, whoever credited it: moves their
 * mark to their newest view reward and returns the sum of those past the old mark, only if the mark is still
 * `seenRowid`. Two polls that read the same mark race here; one moves it and tells, the other returns no row.
 * A member without a mark yet (0) gets one; a concurrent first insert conflicts and tells nothing. Rewards the
 * period close folded before they were told (untold_folded_micros, docs/decisions/052) are told here too, and
 * cleared in the same statement, so they are told once: a second poll finds nothing left and writes no row.
 */
export function tellCreditsStatement(d1: D1Database, userId: string, seenRowid: number): D1PreparedStatement {
  return d1
    .prepare(
      `insert into credit_notices (user_id, seen_rowid, told_micros, untold_folded_micros)
      select ?1, coalesce(max(e.rowid), ?2), coalesce(sum(e.amount_micros), 0) + m.folded, 0
      from (select coalesce((select untold_folded_micros from credit_notices where user_id = ?1), 0) as folded) m
        left join earnings e on e.user_id = ?1 and e.kind = 'viewer' and e.rowid > ?2
      group by m.folded
      having count(e.rowid) > 0 or m.folded > 0
      on conflict (user_id) do update set seen_rowid = excluded.seen_rowid, told_micros = excluded.told_micros,
          untold_folded_micros = 0
        where credit_notices.seen_rowid = ?2
      returning told_micros`,
    )
    .bind(userId, seenRowid);
}

/** What `tellCreditsStatement` told, from its result (0 when it lost the race or found nothing). */
export const toldMicros = (result: D1Result<{ told_micros: number }>) => result.results[0]?.told_micros ?? 0;

/** Runs `tellCreditsStatement` on its own (the cron credited the member's views before their poll did). */
export async function tellCredits(db: Db, userId: string, seenRowid: number): Promise<number> {
  return toldMicros(await tellCreditsStatement(db.$client, userId, seenRowid).all<{ told_micros: number }>());
}
