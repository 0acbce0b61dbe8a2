import type { Db } from "../../client";

// The sweep's side of the counters of held view rewards (schema/held-counters.ts, docs/decisions/080): the
// triggers of migration 0038 count a reward when it is written and take it out when it is reversed; the sweep
// takes out the rewards whose hold ended, moving its mark (`sweep_held_through`) to its `now`. The subjects it
// judges: those of the rewards written since its last run (a rowid mark, read: no row written per reward), those
// of the rewards whose hold just ended, and those the triggers marked for the rarer facts (`sweep_dirty`:
// reversals, addresses, the cap).

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
];

/** Their viewers and items, judged in the same run: a share or a day count may have changed either way. */
const PASSED_SUBJECTS = `with ${PASSED} select distinct 0 as kind, viewer_id as subject from passed
  union select distinct 1, content_id from passed`;

/**
 * Moves the mark to `now`: takes out the viewer-side rewards whose hold ended since the last run (at most about
 * ENDED_PER_RUN of them, ending at a whole available_at so no reward is split from its batch), or, when `now` is
 * before the mark (a clock that went back), puts back what is held again. One batch: the reversal trigger reads
 * the mark, so a reward is taken out once, by whichever comes first. Returns the mark it set.
 */
export async function moveHeldMark(db: Db, now: string): Promise<Subject[]> {
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
  if (!passing?.n) return [];
  if (!back && passing.n >= ENDED_PER_RUN) to = passing.last!;
  const values = [from, to, back ? 1 : -1];
  // D1 wants exactly as many values as the statement's highest placeholder.
  const bind = (sql: string) =>
    d1.prepare(sql).bind(...values.slice(0, Math.max(...[...sql.matchAll(/\?(\d+)/g)].map((m) => Number(m[1])))));
  const next = back ? from : to;
  const [subjects] = await d1.batch<Subject>([
    bind(PASSED_SUBJECTS),
    ...MOVE_STATEMENTS.map(bind),
    d1
      .prepare(
        "insert into settings (key, value, updated_at) values (?1, ?2, ?3) on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at",
      )
      .bind(MARK_KEY, next, now),
  ]);
  return subjects?.results ?? [];
}

/** Where the last judged run stopped reading new rewards: the rowid of the last viewer-side reward it took. */
const CREDITED_KEY = "sweep_credited_through";
/** New rewards read per run; the next run takes the rest. */
const CREDITED_PER_RUN = 2000;

/**
 * The viewers and items of the viewer-side view rewards written since the last run (by rowid, as the shape rules'
 * queue reads them: a later batch's rewards get later rowids, and view rewards are never deleted while held), and
 * the statement that moves the mark past them, for the run's last batch (so a run that fails reads them again).
 */
export async function newlyCredited(
  db: Db,
  now: string,
): Promise<{ subjects: Subject[]; advance: D1PreparedStatement | null }> {
  const d1 = db.$client;
  const row = await d1
    .prepare("select value from settings where key = ?1")
    .bind(CREDITED_KEY)
    .first<{ value: string }>();
  const { results } = await d1
    .prepare(
      `select e.rowid as at, v.viewer_id, v.content_id from earnings e join views v on v.id = e.view_id
       where e.rowid > ?1 and e.kind = 'viewer' and e.view_id is not null order by e.rowid limit ?2`,
    )
    .bind(Number(row?.value ?? 0) || 0, CREDITED_PER_RUN)
    .all<{ at: number; viewer_id: string; content_id: string }>();
  const last = results.at(-1);
  if (!last) return { subjects: [], advance: null };
  const subjects = new Map<string, Subject>();
  for (const r of results) {
    subjects.set(`0:${r.viewer_id}`, { kind: 0, subject: r.viewer_id });
    subjects.set(`1:${r.content_id}`, { kind: 1, subject: r.content_id });
  }
  return {
    subjects: [...subjects.values()],
    advance: d1
      .prepare(
        "insert into settings (key, value, updated_at) values (?1, ?2, ?3) on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at",
      )
      .bind(CREDITED_KEY, String(last.at), now),
  };
}

/** Marks subjects to judge on a later run: what a run that failed took out of the counters but did not judge. */
export async function markDirty(db: Db, subjects: Subject[]) {
  if (!subjects.length) return;
  await db.$client
    .prepare(
      `insert into sweep_dirty (kind, subject) select value ->> 0, value ->> 1 from json_each(?1) where true
       on conflict (kind, subject) do update set seq = seq + 1`,
    )
    .bind(JSON.stringify(subjects.map((d) => [d.kind, d.subject])))
    .run();
}

/** A viewer (kind 0, their id) or an item (kind 1). */
export type Subject = { kind: 0 | 1; subject: string };
/** A subject marked in sweep_dirty, with the seq it was taken at. */
export type DirtySubject = Subject & { seq: number };

/** The subjects marked longest ago (first marked: by rowid), at most `limit`. */
export async function dirtySubjects(db: Db, limit: number): Promise<DirtySubject[]> {
  const { results } = await db.$client
    .prepare("select kind, subject, seq from sweep_dirty order by rowid limit ?1")
    .bind(limit)
    .all<DirtySubject>();
  return results;
}

/** Forgets the marks it judged; a subject marked again since (a new seq) stays. */
export const forgetDirtyStatement = (db: Db, judged: DirtySubject[]) =>
  db.$client
    .prepare(
      `delete from sweep_dirty where (kind, subject, seq) in
       (select value ->> 0, value ->> 1, value ->> 2 from json_each(?1))`,
    )
    .bind(JSON.stringify(judged.map((d) => [d.kind, d.subject, d.seq])));
