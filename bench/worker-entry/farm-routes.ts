// The farm benchmark's bench routes (npm run bench:farm, bench/farm.ts): the synthetic world's accounts and
// items, its qualified views written as the watch-session object writes them, and the earnings job and the
// fraud sweep run at a simulated `now`. Everything that decides money is the product's own code: the view row
// (watch-sessions/view-record.ts), its address group hash (lib/address-group.ts), the challenge refresh the
// object batches with it, the earnings job (domain/earnings/run-job.ts) and the sweep (domain/reviews/sweep.ts).
import { createDb } from "../../worker/db/client.ts";
import { refreshChallengeStatements } from "../../worker/db/queries/challenges/challenge-progress.ts";
import { insertViewStatement } from "../../worker/db/queries/views/views.ts";
import { runEarningsJob } from "../../worker/domain/earnings/run-job.ts";
import { runReviewSweep } from "../../worker/domain/reviews/sweep.ts";
import { addressGroupHash } from "../../worker/lib/address-group.ts";
import { newId } from "../../worker/lib/ids.ts";
import { nowIso } from "../../worker/lib/time.ts";
import { viewRecord } from "../../worker/watch-sessions/view-record.ts";
import type { StoredSession } from "../../worker/watch-sessions/session-store.ts";
import { json } from "./json.ts";

/** One JSON array per statement stays far under D1's 1 MB per bound value. */
const ROWS_PER_STATEMENT = 1000;
/** Views per D1 batch: each brings its insert, and an enrolled member's challenge refresh (4 statements a side). */
const VIEWS_PER_BATCH = 200;

/** A qualified view as the runner scripts it: raw address, times in ms; the Worker does the rest. */
type FarmView = {
  id: string;
  contentId: string;
  viewerId: string;
  creatorId: string;
  address: string;
  startedAtMs: number;
  qualifiedAtMs: number;
  durationMs: number;
  mediaSize: number;
};

/**
 * Content columns a clone takes from its own row rather than from the template: identity, ownership, times,
 * moderation state and counters. Every other column (size, type, duration, and whatever finalize measures of
 * the media: bytes per second, picture, frame rate, earn_block…) is copied from the template item that the
 * real upload and finalize made, so the verdict on the media is the product's.
 */
const PER_ITEM = new Set([
  "id",
  "title",
  "description",
  "tags",
  "r2_key",
  "created_by",
  "created_at",
  "updated_at",
  "thumbnail_key",
  "removed_at",
  "removed_note",
  "removed_by",
  "deleted_at",
  "deleted_by",
  "media_purged_at",
  "view_count",
  "published_at",
]);

async function cloneStatements(env: Env, items: [string, string, string, string, string][]) {
  const columns = (
    await env.DB.prepare("select name from pragma_table_info('content')").all<{ name: string }>()
  ).results.map((c) => c.name);
  const copied = columns.filter((c) => !PER_ITEM.has(c));
  const out: D1PreparedStatement[] = [];
  for (let i = 0; i < items.length; i += ROWS_PER_STATEMENT) {
    out.push(
      env.DB.prepare(
        `insert into content (id, title, r2_key, created_by, created_at, updated_at, published_at, ${copied.join(", ")})
       select j.value ->> 0, 'Bench item ' || (j.value ->> 0), 'bench-farm/' || (j.value ->> 0), j.value ->> 2, j.value ->> 3, j.value ->> 3, j.value ->> 3,
         ${copied.map((c) => `t.${c}`).join(", ")}
       from json_each(?1) j join content t on t.id = j.value ->> 1`,
      ).bind(
        JSON.stringify(
          items.slice(i, i + ROWS_PER_STATEMENT).map(([id, template, creator, at]) => [id, template, creator, at]),
        ),
      ),
    );
  }
  return out;
}

/**
 * Accounts ([id, email, created_at]), items cloned from template items ([id, templateId, creatorId, created_at]),
 * challenges and settings, in one batch; and `shift`: accounts made through the real sign-in moved to the
 * simulated time they signed up at (created_at, and their enrolment's window, same length).
 */
export async function farmRows(env: Env, request: Request): Promise<Response> {
  const body = await request.json<{
    users?: [string, string, string][];
    items?: [string, string, string, string, string][];
    challenges?: { id: string; name: string; description: string; type: string; value: number; bonusMicros: number }[];
    settings?: Record<string, string>;
    shift?: { userId: string; at: string }[];
  }>();
  const statements: D1PreparedStatement[] = [];
  const users = body.users ?? [];
  for (let i = 0; i < users.length; i += ROWS_PER_STATEMENT) {
    statements.push(
      env.DB.prepare(
        "insert into users (id, email, created_at) select value ->> 0, value ->> 1, value ->> 2 from json_each(?1)",
      ).bind(JSON.stringify(users.slice(i, i + ROWS_PER_STATEMENT))),
    );
  }
  if (body.items?.length) statements.push(...(await cloneStatements(env, body.items)));
  const now = nowIso();
  for (const ch of body.challenges ?? []) {
    statements.push(
      env.DB.prepare(
        `insert or ignore into challenges (id, name, description, requirement_type, requirement_value, bonus_micros, time_limit_hours, is_active, created_at, updated_at)
       values (?1, ?2, ?3, ?4, ?5, ?6, 24, 1, ?7, ?7)`,
      ).bind(ch.id, ch.name, ch.description, ch.type, ch.value, ch.bonusMicros, now),
    );
  }
  for (const [key, value] of Object.entries(body.settings ?? {})) {
    statements.push(
      env.DB.prepare(
        "insert into settings (key, value, updated_at) values (?1, ?2, ?3) on conflict (key) do update set value = excluded.value",
      ).bind(key, value, now),
    );
  }
  for (const s of body.shift ?? []) {
    statements.push(
      env.DB.prepare("update users set created_at = ?2 where id = ?1").bind(s.userId, s.at),
      env.DB.prepare(
        `update challenge_progress set deadline_at = strftime('%Y-%m-%dT%H:%M:%fZ', ?2, '+' || cast(round((julianday(deadline_at) - julianday(enrolled_at)) * 24) as integer) || ' hours'),
           enrolled_at = ?2 where user_id = ?1`,
      ).bind(s.userId, s.at),
    );
  }
  if (statements.length) await env.DB.batch(statements);
  return json({ statements: statements.length });
}

/**
 * Qualified views, each written exactly as the watch-session object writes one that qualifies
 * (WatchSessions.writeQualified): the row from `viewRecord`, its address group hashed by `addressGroupHash`
 * with the session secret, and both sides' challenge refresh at the qualifying time, in one batch (the
 * refresh only for members enrolled in challenges: for anyone else its statements are no-ops).
 */
export async function farmViews(env: Env, request: Request): Promise<Response> {
  const { views } = await request.json<{ views: FarmView[] }>();
  const db = createDb(env.DB);
  const hashes = new Map<string, string>();
  // The refresh's statements change nothing for a member with no challenge_progress row (each is conditional on
  // those rows: challenge-progress.ts), and only members who signed up through the real sign-in have any; the
  // rest skip them, which takes 8 of the 9 statements off nearly every view without changing what D1 holds.
  const enrolled = new Set(
    (await env.DB.prepare("select distinct user_id from challenge_progress").all<{ user_id: string }>()).results.map(
      (r) => r.user_id,
    ),
  );
  let written = 0;
  for (let i = 0; i < views.length; i += VIEWS_PER_BATCH) {
    const statements: D1PreparedStatement[] = [];
    for (const v of views.slice(i, i + VIEWS_PER_BATCH)) {
      let ipHash = hashes.get(v.address);
      if (ipHash === undefined) hashes.set(v.address, (ipHash = await addressGroupHash(env.SESSION_SECRET, v.address)));
      const session: StoredSession = {
        id: v.id,
        viewerId: v.viewerId,
        contentId: v.contentId,
        creatorId: v.creatorId,
        durationMs: v.durationMs,
        discoveryMethod: "browse",
        deviceFingerprint: "",
        ipHash,
        startedAtMs: v.startedAtMs,
        lastEventAtMs: v.qualifiedAtMs,
        positionMs: Math.ceil(v.durationMs * 0.8),
        accruedMs: Math.ceil(v.durationMs * 0.8),
        earning: true,
        qualifiedAtMs: v.qualifiedAtMs,
        endReason: null,
        mediaSize: v.mediaSize,
        historyAtMs: null,
        playheadMs: null,
      };
      const at = nowIso(v.qualifiedAtMs);
      statements.push(
        insertViewStatement(db, viewRecord(session)),
        ...[...new Set([v.viewerId, v.creatorId])]
          .filter((id) => enrolled.has(id))
          .flatMap((id) => refreshChallengeStatements(env.DB, id, at, newId())),
      );
    }
    await env.DB.batch(statements);
    written += Math.min(VIEWS_PER_BATCH, views.length - i);
  }
  return json({ written });
}

/** The cron's earnings job at the simulated `now`, run until it finds nothing (it works in bounded batches). */
export async function farmJob(env: Env, url: URL): Promise<Response> {
  const now = url.searchParams.get("now") ?? nowIso();
  const db = createDb(env.DB);
  let processed = 0;
  let runs = 0;
  const start = Date.now();
  for (; runs < 1000;) {
    runs++;
    const r = await runEarningsJob({ ctx: { db }, input: { now } });
    processed += r.processed;
    if (r.processed === 0) break;
  }
  return json({ processed, runs, ms: Date.now() - start });
}

/** One run of the sweep as the cron runs it, at the simulated `now`, timed inside the Worker. */
export async function farmSweep(env: Env, url: URL): Promise<Response> {
  const now = url.searchParams.get("now") ?? nowIso();
  const start = performance.now();
  const result = await runReviewSweep({ ctx: { db: createDb(env.DB) }, input: { now } });
  return json({ ...result, ms: performance.now() - start });
}

/** A read for the runner's report: every row (the report's own queries are small aggregates). */
export async function farmQuery(env: Env, request: Request): Promise<Response> {
  const { sql, params } = await request.json<{ sql: string; params?: unknown[] }>();
  if (!/^\s*(select|with)\b/i.test(sql)) return json({ error: "only SELECT statements run here" }, 400);
  const { results } = await env.DB.prepare(sql)
    .bind(...(params ?? []))
    .all();
  return json({ rows: results });
}
