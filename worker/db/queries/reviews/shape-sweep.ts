import type { Db } from "../../client";
import { OPEN_REVIEW_SQL, type ShapeRuleName } from "./review-rules";

// The shape rules' reads and writes (docs/decisions/065; what they decide: domain/reviews/shape.ts). The sweep
// judges creators paid since they were last judged, a bounded slice per run and each at most once an hour
// (shape_checks), so each held reward is judged a bounded number of times and a run's cost follows the new work,
// not everything in holding. Their edges are read from view rewards still in holding (the views of
// the hold stay in D1 until the day after it: docs/decisions/060) and, for "the creator watched the viewer
// back", from view_pairs, which covers archived views too.

/** Paid views in holding from one viewer to one creator. */
export type HeldEdge = {
  viewer: string;
  creator: string;
  views: number;
  /** Distinct UTC days of those views. */
  days: number;
  /** The creator had a paid view of the viewer's items, ever (view_pairs). */
  reciprocal: boolean;
};

/** A judged creator's paid views in holding, all of them (the edges may be a sample of the audience). */
export type CreatorHeld = { creator: string; views: number; viewers: number };

/**
 * A shape rule's flag on a creator (its subject): it covers the held views from `viewers` to `creators`, and
 * names them all as the accounts involved.
 */
export type ShapeFlag = {
  id: string;
  rule: ShapeRuleName;
  creator: string;
  creators: string[];
  viewers: string[];
  /** Accounts shown to be captive: the flag also covers the viewer side of all their held views. */
  captive: string[];
  evidence: string[];
};

/**
 * Where the last run stopped: the rowid of the last creator reward it took. Rowids, not times: a job whose batch
 * commits after a later one's (its `now` taken earlier) writes rows with older times but later rowids, and view
 * rewards are never deleted (migration 0024), so no new reward ever sits below the mark.
 */
const MARK_KEY = "shape_sweep_mark";
/** Creator rewards read per run to find the creators to judge. */
const REWARDS_PER_RUN = 2000;

/** A held reward of this side, not reversed, from earnings `e` (?2 the sweep's now). */
const held = (side: "viewer" | "creator") => `e.kind = '${side}' and e.view_id is not null and e.available_at > ?2
  and not exists (select 1 from reversals r where r.earning_id = e.id)`;

/**
 * The creators the shape rules judge this run, at most `limit`: first the creators with creator rewards written
 * since the mark (up to REWARDS_PER_RUN of them, in rowid order) join the queue as pending and
 * the mark moves past them, in one batch; then the pending ones not judged since `judgedBefore` come out,
 * longest waiting first (shape_checks_due_idx). `judgedBefore` is an hour ago for the cron, now for the admin's
 * "Run sweep".
 */
export async function creatorsToJudge(db: Db, now: string, judgedBefore: string, limit: number): Promise<string[]> {
  const d1 = db.$client;
  const markRow = await d1
    .prepare("select value from settings where key = ?1")
    .bind(MARK_KEY)
    .first<{ value: string }>();
  const mark = Number(markRow?.value ?? 0) || 0;
  const { results } = await d1
    .prepare(
      `select e.rowid as at, e.user_id as creator from earnings e
       where e.rowid > ?1 and e.kind = 'creator' and e.view_id is not null
       order by e.rowid limit ${REWARDS_PER_RUN}`,
    )
    .bind(mark)
    .all<{ at: number; creator: string }>();
  const last = results.at(-1);
  const [, due] = await d1.batch<{ id: string }>([
    last
      ? d1
          .prepare(
            `insert into shape_checks (creator_num, pending) select num, 1 from users where id in (select value from json_each(?1))
             on conflict (creator_num) do update set pending = 1`,
          )
          .bind(JSON.stringify([...new Set(results.map((r) => r.creator))]))
      : d1.prepare("select 1 where 0"),
    d1
      .prepare(
        `select u.id from shape_checks s join users u on u.num = s.creator_num
         where s.pending = 1 and (s.judged_at is null or s.judged_at <= ?1) order by s.judged_at limit ?2`,
      )
      .bind(judgedBefore, limit),
    ...(last
      ? [
          d1
            .prepare(
              "insert into settings (key, value, updated_at) values (?1, ?2, ?3) on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at",
            )
            .bind(MARK_KEY, String(last.at), now),
        ]
      : []),
  ]);
  return due!.results.map((r) => r.id);
}

/**
 * The judged creators' paid views in holding (every viewer), and their heaviest `sample` viewers' paid views in
 * holding of every creator, with whether that creator ever had a paid view of the viewer back. Two reads, each
 * served by earnings_user_created_idx (`user_id` then `created_at` from the oldest a held reward can be).
 */
export async function heldEdgesOf(db: Db, creators: string[], now: string, heldSince: string, sample: number) {
  const d1 = db.$client;
  const { results: audience } = await d1
    .prepare(
      `select v.creator_id as creator, v.viewer_id as viewer, count(*) as views from earnings e join views v on v.id = e.view_id
       where e.user_id in (select value from json_each(?1)) and e.created_at > ?3 and ${held("creator")}
       group by v.creator_id, v.viewer_id`,
    )
    .bind(JSON.stringify(creators), now, heldSince)
    .all<{ creator: string; viewer: string; views: number }>();
  const totals: CreatorHeld[] = creators.map((creator) => {
    const rows = audience.filter((a) => a.creator === creator);
    return { creator, views: rows.reduce((n, r) => n + r.views, 0), viewers: rows.length };
  });
  const viewers = new Set<string>();
  for (const creator of creators) {
    audience
      .filter((a) => a.creator === creator)
      .sort((a, b) => b.views - a.views)
      .slice(0, sample)
      .forEach((a) => viewers.add(a.viewer));
  }
  if (!viewers.size) return { totals, edges: [] as HeldEdge[] };
  const { results } = await d1
    .prepare(
      `select e.user_id as viewer, v.creator_id as creator, count(*) as views, count(distinct v.qualified_day) as days,
         exists (select 1 from view_pairs p join users cu on cu.num = p.viewer_num join users vu on vu.num = p.creator_num
                 where cu.id = v.creator_id and vu.id = e.user_id and p.credited > 0) as reciprocal
       from earnings e join views v on v.id = e.view_id
       where e.user_id in (select value from json_each(?1)) and e.created_at > ?3 and ${held("viewer")}
       group by e.user_id, v.creator_id`,
    )
    .bind(JSON.stringify([...viewers]), now, heldSince)
    .all<{ viewer: string; creator: string; views: number; days: number; reciprocal: number }>();
  const edges: HeldEdge[] = results.map((r) => ({ ...r, reciprocal: r.reciprocal === 1 }));
  return { totals, edges };
}

/** The held views of a flag: from its viewers (?4, JSON) to its creators (?5, JSON); views_creator_started_idx. */
const FLAG_VIEWS = `v.creator_id in (select value from json_each(?5)) and v.viewer_id in (select value from json_each(?4))`;

/**
 * How many accounts were paid for viewing each creator in holding, counted up to a limit per creator (past it the
 * exact number does not matter to the rules): one statement per creator, one batch. Served by
 * earnings_user_created_idx.
 */
export async function heldAudienceCounts(
  db: Db,
  now: string,
  heldSince: string,
  limits: Map<string, number>,
): Promise<Map<string, number>> {
  const d1 = db.$client;
  const creators = [...limits.keys()];
  if (!creators.length) return new Map();
  const results = await d1.batch<{ n: number }>(
    creators.map((creator) =>
      d1
        .prepare(
          `select count(*) as n from (select distinct v.viewer_id from earnings e join views v on v.id = e.view_id
           where e.user_id = ?1 and e.created_at > ?3 and ${held("creator")} limit ?4)`,
        )
        .bind(creator, now, heldSince, limits.get(creator)!),
    ),
  );
  return new Map(creators.map((creator, i) => [creator, results[i]!.results[0]?.n ?? 0]));
}

/**
 * Covers, under the finding's open flag (?3 its subject, the creator), both rewards of every held view of the
 * flag that no flag of the rule covers yet, held by both clocks (a flag may only cover what no payment could
 * have drawn on). ?1 now, ?2 rule.
 */
const COVER_SHAPE_SQL = `insert or ignore into review_earnings (review_id, earning_id, rule)
  select rv.id, e.id, ?2 from views v join earnings e on e.view_id = v.id
  join reviews rv on rv.rule = ?2 and rv.subject = ?3 and rv.status = 'open'
  where ${FLAG_VIEWS}
    and e.available_at > ?1 and e.available_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
    and not exists (select 1 from reversals r where r.earning_id = e.id)
    and not exists (select 1 from review_earnings re where re.earning_id = e.id and re.rule = ?2)`;

/**
 * Covers, under the finding's open flag, the viewer side of every held view of its captive accounts (?4, JSON),
 * whoever they watched: an account that is a farm's is one for the honest items it plays to look like a member
 * too, while those items' creators keep their side. ?5 the oldest a held reward can be (earnings_user_created_idx).
 */
const COVER_CAPTIVE_SQL = `insert or ignore into review_earnings (review_id, earning_id, rule)
  select rv.id, e.id, ?2 from earnings e
  join reviews rv on rv.rule = ?2 and rv.subject = ?3 and rv.status = 'open'
  where e.user_id in (select value from json_each(?4)) and e.kind = 'viewer' and e.view_id is not null and e.created_at > ?5
    and e.available_at > ?1 and e.available_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
    and not exists (select 1 from reversals r where r.earning_id = e.id)
    and not exists (select 1 from review_earnings re where re.earning_id = e.id and re.rule = ?2)`;

/**
 * Held earnings each finding would cover now, in one batch: a finding with none left opens no flag (a cleared one
 * covers them).
 */
export async function uncoveredOf(
  db: Db,
  now: string,
  findings: Pick<ShapeFlag, "rule" | "creator" | "creators" | "viewers">[],
): Promise<number[]> {
  if (!findings.length) return [];
  const d1 = db.$client;
  const results = await d1.batch<{ n: number }>(
    findings.map((f) =>
      d1
        .prepare(
          `select count(*) as n from views v join earnings e on e.view_id = v.id
           where ${FLAG_VIEWS} and e.available_at > ?1
             and not exists (select 1 from reversals r where r.earning_id = e.id)
             and not exists (select 1 from review_earnings re where re.earning_id = e.id and re.rule = ?2)`,
        )
        .bind(now, f.rule, f.creator, JSON.stringify(f.viewers), JSON.stringify(f.creators)),
    ),
  );
  return results.map((r) => r.results[0]?.n ?? 0);
}

/**
 * One batch: opens (or refreshes) each finding's flag and covers its held earnings (its views, and its captive
 * accounts' viewer side), then marks the judged creators judged. Returns how many flags it created and earnings it covered.
 */
export async function openShapeFlags(db: Db, now: string, heldSince: string, flags: ShapeFlag[], judged: string[]) {
  const d1 = db.$client;
  const statements = flags.flatMap((f) => [
    d1
      .prepare(OPEN_REVIEW_SQL)
      .bind(
        now,
        f.id,
        f.rule,
        f.creator,
        JSON.stringify([...new Set([f.creator, ...f.creators, ...f.viewers])]),
        JSON.stringify(f.evidence),
      ),
    d1.prepare(COVER_SHAPE_SQL).bind(now, f.rule, f.creator, JSON.stringify(f.viewers), JSON.stringify(f.creators)),
    d1.prepare(COVER_CAPTIVE_SQL).bind(now, f.rule, f.creator, JSON.stringify(f.captive), heldSince),
  ]);
  statements.push(
    d1
      .prepare(
        "update shape_checks set pending = 0, judged_at = ?1 where creator_num in (select num from users where id in (select value from json_each(?2)))",
      )
      .bind(now, JSON.stringify(judged)),
  );
  const results = await d1.batch<{ id: string }>(statements);
  let flagged = 0;
  let covered = 0;
  flags.forEach((f, i) => {
    if (results[3 * i]!.results.some((r) => r.id === f.id)) flagged++;
    covered += (results[3 * i + 1]!.meta.changes ?? 0) + (results[3 * i + 2]!.meta.changes ?? 0);
  });
  return { flagged, covered };
}
