// `npm run bench:traffic`: the traffic analytics at scale. On its own local D1 (.wrangler/bench-traffic), seeds
// 1,000,000 page visits over 90 days (bench/traffic/synthetic-visits.ts) through wrangler's getPlatformProxy,
// fills the rollups with the migrations' backfill and the page totals as the cron would, starts the real Worker
// (worker/index.ts) on loopback, signs in as an admin and as the largest creator through the local sign-in, and
// measures both dashboards over 1, 7, 30 and 90 days in interleaved rounds (so the machine's load weighs on all
// alike), each p95 as a ratio to the admin's 1-day p95 (goal ≤ 4×), then the track endpoint's throughput.
// Writes bench/traffic-results.json; with --readme also README's "Traffic analytics".
//
// Options: --visits=1000000  --port=8800 (8800–8809)  --readme
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { dashboardStatements, rollPageTotals, type Statement } from "./traffic/dashboard-sql.ts";
import { request, RequestTimeout, round, signIn, summarize } from "./traffic/http.ts";
import {
  machine,
  markdown,
  meetsGoal,
  type DashboardRow,
  type RateLimitCheck,
  type TrackResult,
  type TrafficReport,
} from "./traffic/report.ts";
import {
  existingUser,
  PAGE_VISIT_COLUMNS,
  syntheticDays,
  type SyntheticPlan,
  type UserRow,
  type VisitRow,
} from "./traffic/synthetic-visits.ts";

process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
process.env.WRANGLER_SEND_METRICS = "false";
process.env.WRANGLER_LOG ??= "warn";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const VISITS = Number(arg("visits") ?? 1_000_000);
const PORT = Number(arg("port") ?? process.env.BENCH_TRAFFIC_PORT ?? 8800);
const UPDATE_README = process.argv.includes("--readme");
if (PORT < 8800 || PORT > 8809) throw new Error("--port must be within 8800–8809");
if (!Number.isInteger(VISITS) || VISITS < 1000) throw new Error("--visits must be an integer ≥ 1000");

const DIR = ".wrangler/bench-traffic";
const COMMAND = "npm run bench:traffic";
const DAYS = 90;
const DAY_MS = 24 * 3600 * 1000;
const GOAL_7D_P95_MS = 200;
/** Every dashboard's p95 at most this many times the admin 1-day p95: flat cost whatever the range (docs/decisions/020). */
const GOAL_RATIO_TO_ADMIN_1D = 4;
const ROUNDS = 40;
const ROWS_PER_STATEMENT = 5_000; // one bound parameter (a JSON array) per INSERT: far under D1's 100
const STATEMENTS_PER_BATCH = 4;
const RUN_BUDGET_MS = 25 * 60_000;
const MEASURE_BUDGET_MS = 150_000;
const REQUEST_TIMEOUT_MS = 30_000;
// Schemas to measure: as shipped, plus any what-if (statements run on the bench database only, e.g. an index
// the query plans call for) as further entries.
const VARIANTS: { name: string; sql: string[] }[] = [{ name: "as shipped", sql: [] }];
const VARS = {
  DEV_LOGIN: "true",
  SESSION_SECRET: "bench-traffic-only-session-secret-0123456789",
  ADMIN_EMAILS: "bench-admin@example.com",
};
const CREATOR = { id: "BENCHCREATOR00000000000001", email: "bench-creator@example.com" };

const T0 = performance.now();
const deadline = T0 + RUN_BUDGET_MS;
const log = (msg: string) => console.log(`[bench:traffic ${((performance.now() - T0) / 1000).toFixed(1)}s] ${msg}`);

type D1Result<T> = { results: T[] };
type D1Statement = {
  bind: (...values: unknown[]) => D1Statement;
  all: <T = Record<string, unknown>>() => Promise<D1Result<T>>;
  run: () => Promise<unknown>;
};
type D1Like = { prepare: (sql: string) => D1Statement; batch: (statements: D1Statement[]) => Promise<unknown[]> };

function wrangler(...args: string[]) {
  const bin = path.join(
    path.dirname(createRequire(import.meta.url).resolve("wrangler/package.json")),
    "bin/wrangler.js",
  );
  execFileSync(process.execPath, [bin, ...args], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, CI: "1" },
  });
}

const insertVisits = `insert into page_visits (${PAGE_VISIT_COLUMNS.join(", ")})
  select ${PAGE_VISIT_COLUMNS.map((_, i) => `value ->> ${i}`).join(", ")} from json_each(?1)`;
const insertUsers = `insert into users (id, email, created_at) select value ->> 0, value ->> 1, value ->> 2 from json_each(?1)`;

async function insertRows(db: D1Like, sql: string, rows: unknown[][]) {
  const statements: D1Statement[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT)
    statements.push(db.prepare(sql).bind(JSON.stringify(rows.slice(i, i + ROWS_PER_STATEMENT))));
  for (let i = 0; i < statements.length; i += STATEMENTS_PER_BATCH)
    await db.batch(statements.slice(i, i + STATEMENTS_PER_BATCH));
}

/**
 * The statements of the migrations that fill the traffic rollups (traffic_sessions, traffic_page_days) from the
 * stored visits. The bench seeds visits directly, so it runs the same backfill the migration ran on deploy;
 * the Worker keeps the rollups up to date at ingest from then on.
 */
function rollupBackfill(): string[] {
  const statements: string[] = [];
  for (const file of readdirSync("migrations")
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    for (const part of readFileSync(path.join("migrations", file), "utf8").split("--> statement-breakpoint")) {
      const sql = part
        .split("\n")
        .filter((line) => !line.trim().startsWith("--"))
        .join("\n")
        .trim();
      if (/^(insert\s+into|update)\s+`?traffic_/i.test(sql)) statements.push(sql);
    }
  }
  return statements;
}

async function seed(db: D1Like, plan: SyntheticPlan) {
  const start = performance.now();
  await insertRows(db, insertUsers, [
    ...Array.from({ length: plan.existingUsers }, (_, i) => existingUser(i)),
    [CREATOR.id, CREATOR.email, "2025-01-01T00:00:00.000Z"],
  ]);
  // The bench creator owns the 60 most visited items, so theirs is the largest creator dashboard.
  const created = "2025-02-01T00:00:00.000Z";
  await db.batch(
    plan.contentIds.slice(0, 60).map((id, i) =>
      db
        .prepare(
          `insert into content (id, title, description, type, tags, r2_key, media_size, media_content_type, duration_ms, created_by, created_at, updated_at, published_at)
           values (?1, ?2, '', 'video', 'bench', ?3, 1000, 'video/mp4', 60000, ?4, ?5, ?5, ?5)`,
        )
        .bind(id, `Bench item ${i}`, `bench-traffic/${id}.mp4`, CREATOR.id, created),
    ),
  );
  let visits = 0;
  let newUsers = 0;
  const sessions = new Set<string>();
  let pending: VisitRow[] = [];
  let pendingUsers: UserRow[] = [];
  for (const day of syntheticDays(plan)) {
    for (const v of day.visits) if (v[6] === 1) sessions.add(v[1] as string);
    pending.push(...day.visits);
    pendingUsers.push(...day.users);
    if (pending.length >= ROWS_PER_STATEMENT * STATEMENTS_PER_BATCH * 2 || day.day === plan.days - 1) {
      await insertRows(db, insertUsers, pendingUsers);
      await insertRows(db, insertVisits, pending);
      visits += pending.length;
      newUsers += pendingUsers.length;
      pending = [];
      pendingUsers = [];
    }
    if (day.day % 15 === 14) log(`seeded day ${day.day + 1}/${plan.days}: ${visits.toLocaleString("en-US")} visits`);
  }
  const ms = performance.now() - start;
  const rollupStart = performance.now();
  const backfill = rollupBackfill();
  for (const sql of backfill) await db.prepare(sql).run();
  const rollupMs = Math.round(performance.now() - rollupStart);
  log(`rollups filled by ${backfill.length} backfill statements from migrations/ in ${(rollupMs / 1000).toFixed(1)} s`);
  const totalsStart = performance.now();
  const { rolled } = await rollPageTotals(db, Date.now());
  const pageTotalsMs = Math.round(performance.now() - totalsStart);
  log(`page totals for ${rolled.join(", ")} days built as the cron does in ${(pageTotalsMs / 1000).toFixed(1)} s`);
  return {
    visits,
    sessions: sessions.size,
    newUsers,
    seedMs: Math.round(ms),
    rowsPerSec: Math.round(visits / (ms / 1000)),
    rollupMs,
    rollupStatements: backfill.length,
    pageTotalsMs,
  };
}

type Plan = { sql: string; params: unknown[]; plan: string[] };

async function explain(db: D1Like, statements: Statement[]): Promise<Plan[]> {
  const plans = [];
  for (const st of statements) {
    const { results } = await db
      .prepare(`explain query plan ${st.sql}`)
      .bind(...st.params)
      .all<{ id: number; parent: number; detail: string }>();
    const depth = new Map<number, number>([[0, -1]]);
    const plan = results.map((r) => {
      const d = (depth.get(r.parent) ?? -1) + 1;
      depth.set(r.id, d);
      return `${"  ".repeat(d)}${r.detail}`;
    });
    plans.push({ sql: st.sql, params: st.params, plan });
  }
  return plans;
}

const indent = (line: string) => line.length - line.trimStart().length;
/** A full table scan inside a correlated subquery: the work grows with (outer rows × table rows). */
const scansPerOuterRow = (plan: string[]) =>
  plan.some(
    (line, i) =>
      /CORRELATED/.test(line) && plan.slice(i + 1).some((l) => indent(l) > indent(line) && /^\s*SCAN \w+$/.test(l)),
  );

/** Each dashboard statement alone, straight on D1 (no HTTP), to see which one costs the time. */
async function timeStatements(db: D1Like, plans: Plan[]) {
  const out = [];
  for (const p of plans) {
    const sql = p.sql.slice(0, 100);
    if (scansPerOuterRow(p.plan)) {
      out.push({ sql, ms: null, rows: null, skipped: "not run: its plan scans the whole table once per outer row" });
      continue;
    }
    const start = performance.now();
    const { results } = await db
      .prepare(p.sql)
      .bind(...p.params)
      .all();
    out.push({ sql, ms: round(performance.now() - start), rows: results.length });
  }
  return out;
}

async function startWorker() {
  const { unstable_readConfig, unstable_startWorker } = await import("wrangler");
  const config = unstable_readConfig({ config: "wrangler.jsonc" });
  const worker = await unstable_startWorker({
    // No static assets (only /api is measured) and no cron: the earnings job would compete for D1.
    config: { ...config, assets: undefined, triggers: { crons: [] } },
    entrypoint: path.resolve("worker/index.ts"),
    bindings: Object.fromEntries(Object.entries(VARS).map(([k, v]) => [k, { type: "plain_text", value: v }])),
    dev: {
      remote: false,
      persist: DIR,
      server: { hostname: "127.0.0.1", port: PORT },
      inspector: false,
      watch: false,
      liveReload: false,
    },
  });
  await worker.ready;
  const url = await worker.url;
  return { origin: url.origin, stop: () => worker.dispose() };
}
type Server = Awaited<ReturnType<typeof startWorker>>;

type Probe = { label: string; path: string; who: "admin" | "creator"; goal: number | null; range: string };
const PROBES: Probe[] = (["1d", "7d", "30d", "90d"] as const).flatMap((range) => [
  {
    label: `admin, ${range}`,
    path: `/api/admin/analytics/dashboard?range=${range}`,
    who: "admin" as const,
    goal: range === "7d" ? GOAL_7D_P95_MS : null,
    range,
  },
  {
    label: `largest creator, ${range}`,
    path: `/api/analytics/dashboard?range=${range}`,
    who: "creator" as const,
    goal: null,
    range,
  },
]);
const BASELINE = PROBES[0]!; // admin, 1d

type Answer = { overview: { totalVisitors: number; pageViews: number } };
type Measured = { samples: number[]; timedOut: number; answer: Answer | null };

/**
 * One warm-up round, then up to ROUNDS rounds of one request per probe, in turn, within MEASURE_BUDGET_MS: a
 * busy moment of the machine lands on every dashboard alike, so the ratios hold even when the times move. A
 * request without an answer after REQUEST_TIMEOUT_MS drops its probe from later rounds and restarts the Worker.
 */
async function measureAll(ctx: { server: Server }, cookies: Record<Probe["who"], string>) {
  const out = new Map<Probe, Measured>(PROBES.map((p) => [p, { samples: [], timedOut: 0, answer: null }]));
  const stop = Math.min(deadline, performance.now() + MEASURE_BUDGET_MS);
  for (let round = -1; round < ROUNDS && performance.now() < stop; round++) {
    for (const probe of PROBES) {
      const m = out.get(probe)!;
      if (m.timedOut) continue;
      try {
        const res = await request(ctx.server.origin + probe.path, {
          headers: { cookie: cookies[probe.who] },
          timeoutMs: REQUEST_TIMEOUT_MS,
        });
        if (res.status !== 200) throw new Error(`GET ${probe.path}: ${res.status} ${res.body.slice(0, 200)}`);
        if (round >= 0) m.samples.push(res.ms);
        m.answer = JSON.parse(res.body) as Answer;
      } catch (error) {
        if (!(error instanceof RequestTimeout)) throw error;
        log(`${probe.label}: no answer within ${REQUEST_TIMEOUT_MS / 1000} s; restarting the Worker`);
        m.timedOut = 1;
        await ctx.server.stop();
        ctx.server = await startWorker();
      }
    }
  }
  return out;
}

function visitBody(session: string, n: number) {
  return JSON.stringify({
    session_id: session,
    user_id: null,
    page_path: n % 3 ? `/content/bench-${n % 50}` : "/",
    referrer: "https://www.google.com/",
    visit_duration: n * 7,
    page_views: n + 1,
    device_type: "mobile",
    browser: "chrome",
    user_agent:
      "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
    utm_source: "newsletter",
    utm_medium: "email",
    utm_campaign: "launch",
    utm_term: null,
    utm_content: null,
  });
}

async function trackThroughput(origin: string, clients: number, seconds: number) {
  const status: Record<string, number> = {};
  const samples: number[] = [];
  const end = performance.now() + seconds * 1000;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = 0; performance.now() < end; i++) {
        // A new address every 100 requests keeps each under the per-IP limit of 120 a minute.
        const block = Math.floor(i / 100);
        const ip = `10.${c + 1}.${(block >> 8) & 255}.${block & 255}`;
        const res = await request(`${origin}/api/analytics/track`, {
          method: "POST",
          headers: { "content-type": "application/json", "cf-connecting-ip": ip },
          body: visitBody(`bench-client-${c}-${block}`, i % 100),
          timeoutMs: REQUEST_TIMEOUT_MS,
        });
        samples.push(res.ms);
        status[res.status] = (status[res.status] ?? 0) + 1;
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  return {
    seconds,
    clients,
    requests: samples.length,
    perSecond: round(samples.length / elapsed),
    status,
    latency: summarize(samples),
  };
}

/** The limiter works (and the bench's distinct addresses are what keep it out of the throughput figure). */
async function rateLimitCheck(origin: string, requests: number) {
  const status: Record<string, number> = {};
  for (let i = 0; i < requests; i++) {
    const res = await request(`${origin}/api/analytics/track`, {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": "192.0.2.77" },
      body: visitBody("bench-one-address", i),
    });
    status[res.status] = (status[res.status] ?? 0) + 1;
  }
  return { requests, status };
}

function updateReadme(md: string) {
  const readme = readFileSync("bench/README.md", "utf8");
  const [start, end] = ["<!-- bench:traffic:start -->", "<!-- bench:traffic:end -->"];
  const a = readme.indexOf(start);
  const b = readme.indexOf(end);
  if (a < 0 || b < a) return console.warn("README.md has no bench:traffic markers; not updated");
  writeFileSync("bench/README.md", readme.slice(0, a + start.length) + "\n" + md + "\n" + readme.slice(b));
}

async function withProxy<T>(run: (db: D1Like) => Promise<T>): Promise<T> {
  const { getPlatformProxy } = await import("wrangler");
  const proxy = await getPlatformProxy<{ DB: D1Like }>({
    configPath: "wrangler.jsonc",
    persist: { path: `${DIR}/v3` },
  });
  try {
    return await run(proxy.env.DB);
  } finally {
    await proxy.dispose();
  }
}

async function main() {
  const now = Date.now();
  const plan: SyntheticPlan = {
    visits: VISITS,
    days: DAYS,
    now,
    seed: 42,
    existingUsers: 20_000,
    contentIds: Array.from({ length: 2_000 }, (_, i) => `BENCHCONTENT${String(i).padStart(14, "0")}`),
    creatorIds: [
      CREATOR.id,
      ...Array.from({ length: 199 }, (_, i) => `BENCHCREATOR${String(i + 2).padStart(14, "0")}`),
    ],
  };
  const since = (days: number) => new Date(now - days * DAY_MS).toISOString();
  const scopes = {
    admin1d: { rangeDays: 1, nowMs: now },
    admin90d: { rangeDays: 90, nowMs: now },
    creator90d: { rangeDays: 90, nowMs: now, creatorId: CREATOR.id },
  };

  log(`fresh database in ${DIR}`);
  rmSync(DIR, { recursive: true, force: true });
  wrangler("d1", "migrations", "apply", "DB", "--local", "--persist-to", DIR);

  const { dataset, visitsInRange } = await withProxy(async (db) => {
    const dataset = await seed(db, plan);
    log(
      `seeded ${dataset.visits.toLocaleString("en-US")} visits (${dataset.sessions.toLocaleString("en-US")} sessions) in ${(dataset.seedMs / 1000).toFixed(1)} s, ${dataset.rowsPerSec.toLocaleString("en-US")} rows/s`,
    );
    const count = async (days: number) =>
      (
        await db
          .prepare("select count(*) as n from page_visits where created_at >= ?1")
          .bind(since(days))
          .all<{ n: number }>()
      ).results[0]!.n;
    const creatorCount = async (days: number) =>
      (
        await db
          .prepare(
            `select count(*) as n from page_visits where created_at >= ?1
               and (page_path = ?2 or page_path in (select '/content/' || id from content where created_by = ?3))`,
          )
          .bind(since(days), `/creator/${CREATOR.id}`, CREATOR.id)
          .all<{ n: number }>()
      ).results[0]!.n;
    const visitsInRange: Record<string, number> = {
      "1d": await count(1),
      "7d": await count(7),
      "30d": await count(30),
      "90d": await count(90),
      "creator 1d": await creatorCount(1),
      "creator 7d": await creatorCount(7),
      "creator 30d": await creatorCount(30),
      "creator 90d": await creatorCount(90),
    };
    return { dataset, visitsInRange };
  });

  const dashboards: DashboardRow[] = [];
  const raw: Record<string, unknown> = {};
  let track: TrackResult | null = null;
  let limit: RateLimitCheck | null = null;
  const ctx = { server: await startWorker() };
  try {
    const cookies = {
      admin: await signIn(ctx.server.origin, "bench-admin@example.com"),
      creator: await signIn(ctx.server.origin, CREATOR.email),
    };
    await ctx.server.stop();

    for (const variant of VARIANTS) {
      // Plans and single-statement times straight on D1, with the Worker stopped (one writer per database file).
      const analysis = await withProxy(async (db) => {
        for (const sql of variant.sql) await db.prepare(sql).run();
        const plans: Record<string, Plan[]> = {};
        const times: Record<string, unknown> = {};
        for (const [name, scope] of Object.entries(scopes)) {
          plans[name] = await explain(db, await dashboardStatements(scope));
          if (name.startsWith("admin")) times[name] = await timeStatements(db, plans[name]!);
        }
        return { plans, statementTimes: times };
      });
      log(`${variant.name}: plans and statement times captured`);
      ctx.server = await startWorker();
      const answers: Record<string, unknown> = {};
      const measured = await measureAll(ctx, cookies);
      const baseline = measured.get(BASELINE)!.samples;
      const baselineP95 = baseline.length ? summarize(baseline).p95 : null;
      for (const probe of PROBES) {
        const { samples, timedOut, answer } = measured.get(probe)!;
        const latency = samples.length ? summarize(samples) : null;
        const ratio = latency && baselineP95 ? round(latency.p95 / baselineP95, 2) : null;
        dashboards.push({
          variant: variant.name,
          label: probe.label,
          request: `GET ${probe.path}`,
          latency,
          timedOut,
          timeoutMs: REQUEST_TIMEOUT_MS,
          goalMs: probe.goal,
          visitsInRange: visitsInRange[probe.who === "creator" ? `creator ${probe.range}` : probe.range]!,
          ratioToAdmin1d: ratio,
          goalRatio: GOAL_RATIO_TO_ADMIN_1D,
        });
        if (answer)
          answers[`${probe.who} ${probe.path}`] = {
            totalVisitors: answer.overview.totalVisitors,
            pageViews: answer.overview.pageViews,
          };
        log(
          `${variant.name} | ${probe.label}: ${latency ? `p50 ${latency.p50} ms, p95 ${latency.p95} ms (n=${latency.n}), ${ratio}× admin 1d` : "no answer"}${timedOut ? `, no answer in ${REQUEST_TIMEOUT_MS / 1000} s` : ""}`,
        );
      }
      raw[variant.name] = { sql: variant.sql, ...analysis, answers };
      // The tracker on the schema as shipped, after its dashboards (its writes would add to their data) and
      // before any what-if index (which the tracker's writes would have to maintain too).
      if (variant === VARIANTS[0]) {
        track = await trackThroughput(ctx.server.origin, 8, 10);
        log(
          `track: ${track.perSecond} req/s over ${track.seconds} s with ${track.clients} clients; ${JSON.stringify(track.status)}`,
        );
        limit = await rateLimitCheck(ctx.server.origin, 130);
        log(`rate-limit check (one address): ${JSON.stringify(limit.status)}`);
      }
      await ctx.server.stop();
    }
    if (!track || !limit) throw new Error("the tracker was not measured");

    const missed = dashboards
      .filter((d) => !meetsGoal(d))
      .map(
        (d) =>
          `${d.label} (${d.variant}): ${d.latency ? `p95 ${d.latency.p95} ms, ${d.ratioToAdmin1d}× admin 1d` : "no answer"}${d.timedOut ? `, no answer within ${REQUEST_TIMEOUT_MS / 1000} s` : ""} (goal${d.goalMs ? ` p95 < ${d.goalMs} ms and` : ""} ≤ ${d.goalRatio}× admin 1d)`,
      );
    const report: TrafficReport = {
      machine: machine(),
      command: COMMAND,
      durationSec: round((performance.now() - T0) / 1000),
      dataset: { ...dataset, days: DAYS, existingUsers: plan.existingUsers },
      variants: VARIANTS.map((v) => ({ name: v.name, sql: v.sql })),
      dashboards,
      track,
      rateLimitCheck: limit,
      missed,
    };
    const md = markdown(report);
    writeFileSync(
      "bench/traffic-results.json",
      JSON.stringify(
        {
          ...report,
          goals: { admin7dP95Ms: GOAL_7D_P95_MS, p95RatioToAdmin1d: GOAL_RATIO_TO_ADMIN_1D },
          raw: { persistTo: DIR, visitsInRange, timeoutMs: REQUEST_TIMEOUT_MS, ...raw },
        },
        null,
        1,
      ) + "\n",
    );
    console.log("\n" + md + "\n");
    if (UPDATE_README) updateReadme(md);
    log(`done: bench/traffic-results.json${UPDATE_README ? ", README.md" : ""}`);
  } finally {
    await ctx.server.stop().catch(() => undefined);
  }
}

await main();
