// `npm run bench:sweep`: the fraud sweep's cost over view rewards in holding, 10k → 100k held views. Per size,
// on a fresh database of its own (.wrangler/bench-sweep), seeds a held world (bench/sweep/held-world.ts:
// mostly honest, 1 % of the views for each rule's pattern) in time order through the bench Worker, then times
// first sweeps (no flag yet: opens one per planted pattern and covers its earnings) and repeat sweeps (nothing
// new: what the every-minute cron pays), checks the flags found against the planted patterns, and the same
// under each what-if rewrite of the sweep's SQL. Writes bench/sweep-results.json; with --readme also README's
// "### Fraud sweep".
//
// Options: --sizes=10000,100000 (multiples of 2,000)  --port=8820 (8820–8829)  --readme
//          --whatif=materialize,group-users (bench-only rewrites of the sweep's SQL, see bench/worker-entry/sweep-routes.ts; default none:
//          both are shipped since decision 019, so they are kept only to reproduce the before/after)
import os from "node:os";
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { postJson, signIn, timedRequest } from "./lib/http.ts";
import { BENCH_VARS, freshDatabase, startBenchWorker, type BenchServer } from "./lib/server.ts";
import { percentile, round } from "./lib/stats.ts";
import { machine } from "./traffic/report.ts";
import { BLOCK_VIEWS, DAILY_CAP, heldWorld } from "./sweep/held-world.ts";
import {
  found,
  plantedTotals,
  resetReviews,
  ruleReads,
  RULES,
  series,
  sweeps,
  type SweepSeries,
} from "./sweep/measure.ts";
import { markdown, ratios, updateReadme, type SizeResult, type SweepReport } from "./sweep/report.ts";

// Offline and quiet: no Request.cf lookup, no telemetry, only wrangler warnings.
process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
process.env.WRANGLER_SEND_METRICS = "false";
process.env.WRANGLER_LOG ??= "warn";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const SIZES = (arg("sizes") ?? "10000,100000").split(",").map(Number);
const PORT = Number(arg("port") ?? process.env.BENCH_SWEEP_PORT ?? 8820);
const WHATIFS = (arg("whatif") ?? "none").split(",").filter((w) => w && w !== "none");
const UPDATE_README = process.argv.includes("--readme");
if (!Number.isInteger(PORT) || PORT < 8820 || PORT > 8829) throw new Error("--port must be within 8820–8829");
if (SIZES.some((n) => !Number.isInteger(n / BLOCK_VIEWS) || n <= 0 || n > 400_000))
  throw new Error(`--sizes must be multiples of ${BLOCK_VIEWS} up to 400000`);

/** Its own state, wiped for every size: never the dev database, never another bench's. */
const PERSIST_DIR = ".wrangler/bench-sweep";
const COMMAND = `npm run bench:sweep${
  process.argv.slice(2).filter((a) => a !== "--readme").length
    ? ` -- ${process.argv
        .slice(2)
        .filter((a) => a !== "--readme")
        .join(" ")}`
    : ""
}`;
/** Up to this many first sweeps and repeat sweeps per size, within PHASE_BUDGET_MS each (at least one). */
const FIRST_MAX = 7;
const REPEAT_MAX = 11;
const PHASE_BUDGET_MS = 60_000;
const VIEWS_PER_REQUEST = 10_000;
/** Past this the run has hung (a sweep as shipped took minutes at 100k); it ends itself. */
const WATCHDOG_MS = 60 * 60_000;

const T0 = performance.now();
const log = (msg: string) => console.log(`[bench:sweep ${((performance.now() - T0) / 1000).toFixed(1)}s] ${msg}`);

let server: BenchServer | null = null;
const watchdog = setTimeout(() => {
  console.error(`bench:sweep: still running after ${WATCHDOG_MS / 60_000} min; stopping`);
  setTimeout(() => process.exit(2), 10_000).unref();
  void (server?.stop() ?? Promise.resolve()).finally(() => process.exit(2));
}, WATCHDOG_MS);
watchdog.unref();

const select = <T = Record<string, number>>(origin: string, sql: string, params: unknown[] = []) =>
  postJson<{ first: T[]; rowsRead: number }>(`${origin}/bench/select`, { sql, params }).then((r) => r.first[0]!);

async function seed(origin: string, views: number, baseDay: string) {
  const start = performance.now();
  const world = heldWorld(views, baseDay);
  await postJson(`${origin}/bench/seed-held`, {
    users: world.users,
    content: world.content,
    settings: { daily_earnable_views: String(DAILY_CAP) },
  });
  for (let i = 0; i < world.views.length; i += VIEWS_PER_REQUEST) {
    await postJson(`${origin}/bench/seed-held`, { views: world.views.slice(i, i + VIEWS_PER_REQUEST) });
  }
  for (let i = 0; i < world.earnings.length; i += 2 * VIEWS_PER_REQUEST) {
    await postJson(`${origin}/bench/seed-held`, { earnings: world.earnings.slice(i, i + 2 * VIEWS_PER_REQUEST) });
  }
  const ms = performance.now() - start;
  const rows = world.users.length + world.content.length + world.views.length + world.earnings.length;
  return {
    ms: Math.round(ms),
    rowsPerSec: Math.round(rows / (ms / 1000)),
    users: world.users.length,
    items: world.content.length,
  };
}

type Plan = { id: number; parent: number; detail: string };
async function explain(origin: string, sql: string): Promise<string[]> {
  const { plan } = await postJson<{ plan: Plan[] }>(`${origin}/bench/explain`, {
    sql,
    params: [new Date().toISOString()],
  });
  const depth = new Map<number, number>([[0, -1]]);
  return plan.map((r) => {
    const d = (depth.get(r.parent) ?? -1) + 1;
    depth.set(r.id, d);
    return `${"  ".repeat(d)}${r.detail}`;
  });
}

type RuleSql = Record<string, { candidates: string; coverSelect: string }>;
/** Each rule's statements as the bench Worker builds them (worker/db/queries/reviews/review-rules.ts): as shipped and per what-if. */
async function ruleSql(origin: string): Promise<Record<string, RuleSql>> {
  const res = await fetch(`${origin}/bench/sweep/sql`);
  const all = (await res.json()) as { shipped: RuleSql; whatifs: Record<string, RuleSql> };
  return {
    shipped: all.shipped,
    ...Object.fromEntries(Object.entries(all.whatifs).filter(([w]) => WHATIFS.includes(w))),
  };
}

async function plans(origin: string, sql: Record<string, RuleSql>): Promise<SizeResult["plans"]> {
  const out: SizeResult["plans"] = {};
  for (const [name, rules] of Object.entries(sql)) {
    out[name] = {};
    for (const [rule, s] of Object.entries(rules)) {
      out[name][rule] = {
        candidates: await explain(origin, s.candidates),
        coverSelect: await explain(origin, s.coverSelect),
      };
    }
  }
  return out;
}

async function noiseFloor(origin: string) {
  const samples: number[] = [];
  for (let i = 0; i < 30; i++) samples.push((await timedRequest(`${origin}/bench/ping`)).ms);
  return round(percentile(samples, 50), 1);
}

/** The real admin route once, signed in as the bench admin: what a press of "Run sweep" costs. */
async function adminRoute(origin: string): Promise<SizeResult["adminRoute"]> {
  const cookie = await signIn(origin, BENCH_VARS.ADMIN_EMAILS);
  const res = await timedRequest(`${origin}/api/admin/reviews/sweep`, {
    method: "POST",
    headers: { cookie, origin },
    keepBody: true,
  });
  return {
    ms: round(res.ms, 1),
    status: res.status,
    body: res.body?.toString().slice(0, 200) ?? "",
    roundTrips: res.roundTrips,
    rowsRead: res.rowsRead,
  };
}

/** The workerd that runs local D1 (D1 answers sqlite_version() with "not authorized"). */
function workerdVersion(): string {
  try {
    const fromWrangler = createRequire(createRequire(import.meta.url).resolve("wrangler/package.json"));
    const fromMiniflare = createRequire(fromWrangler.resolve("miniflare/package.json"));
    return (fromMiniflare("workerd/package.json") as { version: string }).version;
  } catch {
    return "?";
  }
}

/**
 * Every hold ends: one sweep at a time after the last reward's hold (the world's views are 1–5 days before the
 * base day, held 7), run until its mark has passed them all. What ending the holds costs the incremental sweep
 * (docs/decisions/080), and whether the counters let every subject go.
 */
async function holdEnds(origin: string, baseDay: string): Promise<SizeResult["holdEnd"]> {
  const now = new Date(Date.parse(`${baseDay}T00:00:00.000Z`) + 8 * 86_400_000).toISOString();
  const res = await timedRequest(`${origin}/bench/sweep?now=${encodeURIComponent(now)}`, {
    method: "POST",
    keepBody: true,
  });
  if (res.status !== 200) throw new Error(`hold end sweep: ${res.status} ${res.body?.toString().slice(0, 300)}`);
  const a = JSON.parse(res.body!.toString()) as { runs: number; rowsRead: number; roundTrips: number; covered: number };
  const left = await select(
    origin,
    `select (select count(*) from held_pairs) + (select count(*) from held_viewer_days)
       + (select count(*) from held_items) + (select count(*) from sweep_dirty) as n`,
  );
  return {
    ms: round(res.ms, 1),
    runs: a.runs,
    rowsRead: a.rowsRead,
    roundTrips: a.roundTrips,
    covered: a.covered,
    countersLeft: left.n!,
  };
}

async function measureSize(views: number, baseDay: string): Promise<SizeResult> {
  log(`${views.toLocaleString("en-US")} held views: fresh database in ${PERSIST_DIR}`);
  freshDatabase(PERSIST_DIR);
  server = await startBenchWorker(PORT, PERSIST_DIR);
  const origin = server.origin;
  try {
    const seeded = await seed(origin, views, baseDay);
    const now = new Date().toISOString();
    const counts = await select(
      origin,
      `select
        (select count(*) from earnings where view_id is not null and available_at > ?1) as held,
        (select count(*) from views where status = 'credited') as credited`,
      [now],
    );
    if (counts.credited !== views || counts.held !== 2 * views)
      throw new Error(`seeded ${JSON.stringify(counts)}, expected ${views} credited views, all held`);
    log(
      `seeded ${views} views, ${counts.held} held earnings, ${seeded.users} users, ${seeded.items} items in ${(seeded.ms / 1000).toFixed(1)} s`,
    );
    // One pass over what the sweep reads, so the first timed sweep does not also pay for a cold cache.
    await select(
      origin,
      "select count(*) as n from earnings e join views v on v.id = e.view_id where e.view_id is not null and e.available_at > ?1",
      [now],
    );
    const blocks = views / BLOCK_VIEWS;
    const planted = plantedTotals(blocks);
    const out: SweepSeries[] = [];
    let foundRules: SizeResult["found"] | null = null;
    for (const whatif of [null, ...WHATIFS]) {
      const tag = whatif ? ` (what-if ${whatif})` : "";
      const first = await sweeps(
        origin,
        { kind: "first", max: FIRST_MAX, budgetMs: PHASE_BUDGET_MS, whatif: whatif ?? undefined },
        log,
      );
      const f = await found(origin, blocks);
      foundRules ??= f;
      const repeat = await sweeps(
        origin,
        { kind: "repeat", max: REPEAT_MAX, budgetMs: PHASE_BUDGET_MS, whatif: whatif ?? undefined },
        log,
      );
      out.push(series("first", whatif, first), series("repeat", whatif, repeat));
      const wrong =
        first.filter((s) => s.flagged !== planted.flagged || s.covered !== planted.covered).length +
        repeat.filter((s) => s.flagged !== 0 || s.covered !== 0).length +
        RULES.filter((r) => f[r].flags !== f[r].plantedFlags || f[r].covered !== f[r].plantedCovered).length;
      log(
        `first sweep${tag}: p50 ${out.at(-2)!.latency.p50} ms (n ${first.length}); repeat: p50 ${out.at(-1)!.latency.p50} ms (n ${repeat.length}); ` +
          `flagged ${first[0]!.flagged}/${planted.flagged}, covered ${first[0]!.covered}/${planted.covered}${wrong ? `; ${wrong} results off the planted patterns` : ""}`,
      );
    }
    const admin = await adminRoute(origin);
    // Each rule's read alone, from the state a first sweep starts in.
    const sql = await ruleSql(origin);
    await resetReviews(origin);
    const reads: SizeResult["ruleReads"] = {};
    for (const [name, rules] of Object.entries(sql)) reads[name] = await ruleReads(origin, rules);
    log(
      `rule reads alone (p50 ms): ${Object.entries(reads)
        .map(([name, r]) => `${name} ${RULES.map((rule) => `${rule} ${percentile(r[rule].ms, 50)}`).join(", ")}`)
        .join("; ")}`,
    );
    const holdEnd = await holdEnds(origin, baseDay);
    log(
      `hold end: ${holdEnd.runs} runs, ${holdEnd.rowsRead} rows read (${round(holdEnd.rowsRead / views, 1)} per held view), ${holdEnd.ms} ms; counters left ${holdEnd.countersLeft}`,
    );
    return {
      views,
      heldEarnings: counts.held!,
      holdEnd,
      users: seeded.users,
      items: seeded.items,
      seed: { ms: seeded.ms, rowsPerSec: seeded.rowsPerSec },
      noiseFloorMs: await noiseFloor(origin),
      loadAverage: round(os.loadavg()[0]!, 2),
      series: out,
      found: foundRules!,
      ruleReads: reads,
      plans: await plans(origin, sql),
      adminRoute: admin,
    };
  } finally {
    await server.stop();
    server = null;
  }
}

async function main() {
  const baseDay = new Date().toISOString().slice(0, 10);
  const sizes: SizeResult[] = [];
  for (const views of SIZES) sizes.push(await measureSize(views, baseDay));
  const shapeSame =
    sizes.every((s) =>
      RULES.every(
        (r) => s.found[r].flags === s.found[r].plantedFlags && s.found[r].covered === s.found[r].plantedCovered,
      ),
    ) &&
    sizes.every((s) => {
      // Every first sweep, as shipped and under each what-if, flags exactly the planted patterns; no repeat sweep flags anything.
      const planted = plantedTotals(s.views / BLOCK_VIEWS);
      return s.series.every((x) =>
        x.kind === "repeat"
          ? x.flagged.join() === "0" && x.covered.join() === "0"
          : x.flagged.join() === String(planted.flagged) && x.covered.join() === String(planted.covered),
      );
    });
  const report: SweepReport = {
    command: COMMAND,
    machine: machine(),
    workerdVersion: workerdVersion(),
    baseDay,
    dailyCap: DAILY_CAP,
    durationSec: round((performance.now() - T0) / 1000, 1),
    sizes,
    ratios: ratios(sizes),
    shapeSame,
  };
  const md = markdown(report);
  writeFileSync(
    "bench/sweep-results.json",
    JSON.stringify({ ...report, persistTo: PERSIST_DIR, port: PORT }, null, 1) + "\n",
  );
  console.log("\n" + md + "\n");
  if (UPDATE_README) updateReadme(md);
  const missed = report.ratios.filter((x) => !x.whatif && !x.met);
  log(
    `done in ${report.durationSec} s; ${missed.length ? `goal missed: ${missed.map((x) => `${x.label} ${x.timePerView}`).join(", ")}` : "goal met"}; ` +
      `bench/sweep-results.json${UPDATE_README ? ", README.md" : ""}`,
  );
  if (!shapeSame) process.exitCode = 1;
}

await main();
