// The fraud sweep's bench routes (npm run bench:sweep): the held world's rows, the sweep counted statement by
// statement, bench-only what-if rewrites of its SQL, a reset, and each rule's SQL for EXPLAIN by hand.
import { createDb } from "../../worker/db/client.ts";
import { candidatesSql, coverSql, type EarningRuleName } from "../../worker/db/queries/reviews/review-rules.ts";
import { runHeldRewardRules } from "../../worker/domain/reviews/sweep.ts";
import { nowIso } from "../../worker/lib/time.ts";
import type { Block } from "../sweep/held-world.ts";
import { countingD1, emptyTrace, perRequest, type Trace, traces } from "./d1-counting.ts";
import { json } from "./json.ts";

/** One statement per this many rows: a JSON array bound as one parameter (≤ 600 KB) stays under D1's 1 MB per value. */
const HELD_ROWS_PER_STATEMENT = 2000;
/** Column lists of bench/sweep/held-world.ts's tuples, in the order each table must be filled (foreign keys). */
const HELD_INSERTS: Record<keyof Block, string> = {
  users: "insert into users (id, email, created_at) select value ->> 0, value ->> 1, value ->> 2 from json_each(?1)",
  content: `insert into content (id, title, type, r2_key, media_size, media_content_type, duration_ms, created_by, created_at, updated_at, published_at)
    select value ->> 0, value ->> 1, 'video', value ->> 2, 1000000, 'video/mp4', value ->> 3, value ->> 4, value ->> 5, value ->> 5, value ->> 5
    from json_each(?1)`,
  views: `insert into views (id, content_id, viewer_id, creator_id, discovery_method, ip_hash, started_at, max_position_ms,
      last_event_at, qualified_at, qualified_day, status, watch_time_ms, credit_slot)
    select value ->> 0, value ->> 1, value ->> 2, value ->> 3, 'browse', value ->> 4, value ->> 5, value ->> 6,
      value ->> 7, value ->> 7, value ->> 8, 'credited', value ->> 6, value ->> 9 from json_each(?1)`,
  earnings: `insert into earnings (id, user_id, kind, view_id, content_id, amount_micros, created_at, available_at)
    select value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6, value ->> 7
    from json_each(?1)`,
};

/** Inserts the rows it is given (users, then items, views, earnings) in one batch, and any settings. */
export async function seedHeld(env: Env, request: Request): Promise<Response> {
  const body = await request.json<Partial<Block> & { settings?: Record<string, string> }>();
  const statements: D1PreparedStatement[] = [];
  const counts: Record<string, number> = {};
  for (const table of ["users", "content", "views", "earnings"] as const) {
    const rows = body[table] ?? [];
    counts[table] = rows.length;
    for (let i = 0; i < rows.length; i += HELD_ROWS_PER_STATEMENT) {
      statements.push(
        env.DB.prepare(HELD_INSERTS[table]).bind(JSON.stringify(rows.slice(i, i + HELD_ROWS_PER_STATEMENT))),
      );
    }
  }
  for (const [key, value] of Object.entries(body.settings ?? {})) {
    statements.push(
      env.DB.prepare(
        "insert into settings (key, value, updated_at) values (?1, ?2, ?3) on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at",
      ).bind(key, value, nowIso()),
    );
  }
  if (statements.length) await env.DB.batch(statements);
  return json({ ...counts, statements: statements.length });
}

/**
 * What-ifs for the sweep's SQL, run on the bench database only: each rewrites the statements the sweep
 * prepares (its rules' reads and covers are the ones with the `held` CTE).
 *  - `materialize`: the `matches` CTE is computed once (`as materialized`) instead of being expanded again,
 *    whole, inside each per-subject subquery (`userIds`, `userIdsCount`): a rule whose subject is an
 *    expression (ring, shared_ip) then no longer walks every held earning once per subject and subquery.
 *  - `group-users`: that, and the per-subject account lists taken in one grouped pass over `matches`
 *    (a `subject_users` CTE joined to the result) instead of two subqueries per subject, which still scan
 *    all of `matches` once per subject.
 */
const materialize = (sql: string) =>
  sql.includes("held as (") ? sql.replace("matches as (", "matches as materialized (") : sql;
const USER_LIST =
  /\(select json_group_array\(distinct x\) from \(select viewer_id as x from matches where subject = m\.subject\s+union select creator_id from matches where subject = m\.subject\)\) as userIds,\s+\(select count\(\*\) from \(select viewer_id as x from matches where subject = m\.subject\s+union select creator_id from matches where subject = m\.subject\)\) as userIdsCount,/;
const SWEEP_WHATIFS: Record<string, (sql: string) => string> = {
  materialize,
  "group-users": (sql) => {
    if (!sql.includes("held as (") || !USER_LIST.test(sql)) return materialize(sql);
    return materialize(sql)
      .replace(
        /\n {2}select m\.subject,/,
        `, subject_users as (select subject, json_group_array(x) as userIds, count(*) as userIdsCount
      from (select subject, viewer_id as x from matches union select subject, creator_id from matches) group by subject)
  select m.subject,`,
      )
      .replace(USER_LIST, "su.userIds as userIds, su.userIdsCount as userIdsCount,")
      .replace("from matches m where", "from matches m join subject_users su on su.subject = m.subject where");
  },
};

/** D1 whose `prepare` rewrites the SQL first; batches pass the binding's own statements through. */
function rewritingD1(db: D1Database, rewrite: (sql: string) => string): D1Database {
  return new Proxy(db, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (prop === "prepare") return (sql: string) => target.prepare(rewrite(sql));
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * The sweep's rules over held rewards as the cron and the admin's "Run sweep" run them (`runHeldRewardRules`; the
 * shape rules are bench:farm's), at `?now=` (default: now), run until nothing is left to judge,
 * with D1 counted: round trips, statements, writes, rows read, and per statement its rows read (`log`), so
 * the runner can tell which rule's statement reads what.
 */
export async function sweep(env: Env, url: URL): Promise<Response> {
  const whatif = url.searchParams.get("whatif");
  const rewrite = whatif ? SWEEP_WHATIFS[whatif] : undefined;
  if (whatif && !rewrite)
    return json({ error: `no what-if ${whatif}; known: ${Object.keys(SWEEP_WHATIFS).join(", ")}` }, 400);
  const now = url.searchParams.get("now") ?? nowIso();
  const trace: Trace = { ...emptyTrace(false), log: [] };
  const d1 = countingD1(rewrite ? rewritingD1(env.DB, rewrite) : env.DB, perRequest);
  // Runs until nothing is left to judge and the mark has reached `now`: a run judges a bounded slice, so a first
  // sweep over a whole world takes several (the cron's minute takes what was marked since the last one).
  const result = { flagged: 0, covered: 0, runs: 0 };
  for (;;) {
    const r = await traces.run(trace, () => runHeldRewardRules({ ctx: { db: createDb(d1) }, input: { now } }));
    result.flagged += r.flagged;
    result.covered += r.covered;
    result.runs++;
    const left = await env.DB.prepare(
      `select (select count(*) from sweep_dirty) + (select count(*) from earnings indexed by earnings_held_idx
         where view_id is not null and available_at > coalesce((select value from settings where key = 'sweep_held_through'), '')
           and available_at <= ?1)
         + (select count(*) from earnings where rowid > coalesce((select cast(value as integer) from settings
              where key = 'sweep_credited_through'), 0) and kind = 'viewer' and view_id is not null) as n`,
    )
      .bind(now)
      .first<{ n: number }>();
    if (!left?.n || result.runs >= 500) break;
  }
  const { log, statements: _, ...counts } = trace;
  return json({ ...result, ...counts, whatif, log });
}

/**
 * Forgets every flag (no reversals exist in this bench) and marks every subject with something in holding, so the
 * next sweep judges everything again and finds everything again.
 */
export async function resetReviews(env: Env): Promise<Response> {
  const [earnings, reviews] = await env.DB.batch([
    env.DB.prepare("delete from review_earnings"),
    env.DB.prepare("delete from reviews"),
    env.DB.prepare(
      `insert into sweep_dirty (kind, subject) select distinct 0, viewer_id from held_viewer_days where true
       union all select 1, content_id from held_items where true on conflict (kind, subject) do update set seq = seq + 1`,
    ),
  ]);
  return json({ reviewEarnings: earnings?.meta.changes ?? 0, reviews: reviews?.meta.changes ?? 0 });
}

const SWEEP_RULES: EarningRuleName[] = ["shared_ip", "daily_cap", "same_day_accounts"];
/**
 * Each rule's read as the sweep runs it (?1 is now) and its cover's SELECT part (the rows the insert would
 * add), as shipped and under each what-if: for EXPLAIN QUERY PLAN and timing by hand.
 */
export function sweepSql(): Response {
  // Over every subject with something in holding (what the sweep read every minute before decision 080), so
  // each statement runs with ?1 (now) alone.
  const everySubject = (rule: EarningRuleName, sql: string) =>
    sql.replaceAll(
      "json_each(?2)",
      rule === "same_day_accounts"
        ? "json_each((select json_group_array(content_id) from held_items))"
        : "json_each((select json_group_array(distinct viewer_id) from held_viewer_days))",
    );
  const statements = (rewrite: (sql: string) => string) =>
    Object.fromEntries(
      SWEEP_RULES.map((rule) => [
        rule,
        {
          candidates: rewrite(everySubject(rule, candidatesSql(rule))),
          coverSelect: rewrite(everySubject(rule, coverSql(rule))).replace(
            /insert or ignore into review_earnings \([^)]*\)\s*/,
            "",
          ),
        },
      ]),
    );
  return json({
    shipped: statements((sql) => sql),
    whatifs: Object.fromEntries(Object.entries(SWEEP_WHATIFS).map(([name, rewrite]) => [name, statements(rewrite)])),
  });
}
