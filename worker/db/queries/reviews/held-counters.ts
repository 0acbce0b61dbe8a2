import type { Db } from "../../client";

// The sweep's side of the counters of held view rewards (schema/held-counters.ts, docs/decisions/080): the
// triggers of migration 0038 count a reward when it is written and take it out when it is reversed; the sweep
// takes out the rewards whose hold ended, moving its mark (`sweep_held_through`) to its `now`, and reads the
// subjects a fact changed for (`sweep_dirty`).

const MARK_KEY = "sweep_held_through";
/** Rewards (both sides) whose hold ends taken out per run at most; the next run takes the rest. */
const ENDED_PER_RUN = 5000;

/**
 * Viewer-side view rewards, not reversed, whose available_at is in (?1, ?2]: what a move of the mark from ?1 to ?2
 * takes out (or, moving back, puts in again). Walks earnings_held_idx.
 */
const PASSED = `passed as materialized (
  select v.viewer_id, v.creator_id, coalesce(v.qualified_day, '') as day, v.content_id,
         coalesce(date(u.created_at) <> v.qualified_day, 0) as other_day
  from earnings e indexed by earnings_held_idx join views v on v.id = e.view_id join users u on u.id = v.viewer_id
  where e.view_id is not null and e.available_at > ?1 and e.available_at <= ?2 and e.kind = 'viewer'
    and not exists (select 1 from reversals r where r.earning_id = e.id))`;

/** ?3 is -1 (the hold ended: out) or 1 (the mark moved back: in again). */
const MOVE_STATEMENTS = [
  `with ${PASSED} insert into held_pairs (viewer_id, creator_id, held) select viewer_id, creator_id, ?3 * count(*) from passed where true
   group by viewer_id, creator_id on conflict (viewer_id, creator_id) do update set held = held + excluded.held`,
  `with ${PASSED} insert into held_viewer_days (viewer_id, day, held) select viewer_id, day, ?3 * count(*) from passed where true
   group by viewer_id, day on conflict (viewer_id, day) do update set held = held + excluded.held`,
  `with ${PASSED} insert into held_items (content_id, held, other_day) select content_id, ?3 * count(*), ?3 * sum(other_day)
   from passed where true group by content_id on conflict (content_id) do update set held = held + excluded.held, other_day = other_day + excluded.other_day`,
  `with ${PASSED} delete from held_pairs where (viewer_id, creator_id) in (select viewer_id, creator_id from passed) and held <= 0`,
  `with ${PASSED} delete from held_viewer_days where (viewer_id, day) in (select viewer_id, day from passed) and held <= 0`,
  `with ${PASSED} delete from held_items where content_id in (select content_id from passed) and held <= 0`,
  // Their viewers and items are judged again: a share or a day count may have changed either way.
  `with ${PASSED} insert into sweep_dirty (kind, subject)
   select 0, viewer_id from passed where true union select 1, content_id from passed where true
   on conflict (kind, subject) do update set seq = seq + 1`,
];

/**
 * Moves the mark to `now`: takes out the viewer-side rewards whose hold ended since the last run (at most about
 * ENDED_PER_RUN of them, ending at a whole available_at so no reward is split from its batch), or, when `now` is
 * before the mark (a clock that went back), puts back what is held again. One batch: the reversal trigger reads
 * the mark, so a reward is taken out once, by whichever comes first. Returns the mark it set.
 */
export async function moveHeldMark(db: Db, now: string): Promise<string> {
  const d1 = db.$client;
  const row = await d1.prepare("select value from settings where key = ?1").bind(MARK_KEY).first<{ value: string }>();
  const mark = row?.value ?? "";
  const back = now < mark;
  const from = back ? now : mark;
  let to = back ? mark : now;
  // The rewards the move passes, up to ENDED_PER_RUN (both sides: the bound is on rows walked).
  const passing = await d1
    .prepare(
      `select count(*) as n, max(at) as last from (select available_at as at from earnings indexed by earnings_held_idx
       where view_id is not null and available_at > ?1 and available_at <= ?2 order by available_at limit ?3)`,
    )
    .bind(from, to, ENDED_PER_RUN)
    .first<{ n: number; last: string | null }>();
  // Nothing passed: the mark may stay where it is (a reward written between the two counts either way once).
  if (!passing?.n) return mark;
  if (!back && passing.n >= ENDED_PER_RUN) to = passing.last!;
  const values = [from, to, back ? 1 : -1];
  // D1 wants exactly as many values as the statement's highest placeholder.
  const bind = (sql: string) =>
    d1.prepare(sql).bind(...values.slice(0, Math.max(...[...sql.matchAll(/\?(\d+)/g)].map((m) => Number(m[1])))));
  const next = back ? from : to;
  await d1.batch([
    ...MOVE_STATEMENTS.map(bind),
    d1
      .prepare(
        "insert into settings (key, value, updated_at) values (?1, ?2, ?3) on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at",
      )
      .bind(MARK_KEY, next, now),
  ]);
  return next;
}

export type DirtySubject = { kind: 0 | 1; subject: string; seq: number };

/** The subjects marked longest ago (first marked: by rowid), at most `limit`. */
export async function dirtySubjects(db: Db, limit: number): Promise<DirtySubject[]> {
  const { results } = await db.$client
    .prepare("select kind, subject, seq from sweep_dirty order by rowid limit ?1")
    .bind(limit)
    .all<DirtySubject>();
  return results;
}

/** Forgets the marks it judged; a subject marked again since (a new seq) stays. */
export const forgetDirtyStatement = (d1: D1Database, judged: DirtySubject[]) =>
  d1
    .prepare(
      `delete from sweep_dirty where (kind, subject, seq) in
       (select value ->> 0, value ->> 1, value ->> 2 from json_each(?1))`,
    )
    .bind(JSON.stringify(judged.map((d) => [d.kind, d.subject, d.seq])));
