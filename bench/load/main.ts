// `npm run bench:load`: mixed traffic against the bench Worker on loopback (gallery and search with cursors,
// content details, 256 KiB stream ranges, playback sessions valid and invalid at the pace the rules accept,
// each valid one streaming its media first as proof of delivery requires, multi-tab viewers and burst attacks
// within the start limit's refusals, concurrent earnings runs), then the earnings job drained, the ledger
// checked and the watch-session objects' own D1 work read; then the side-by-side phase: the same progress
// event stream through the objects and through the D1 path they replaced. Writes bench/load-results.json.
//
// Then the pollers phase: 1,000 members polling the earnings job every 30 s, the poll as it was and as it is.
//
// Options: --seconds=30  --sxs-seconds=5 (per path and round)  --port=8810 (8810–8819)
//          --pollers=1000  --poll-seconds=30 (per path)  --readme (also refresh README's "### Load")
import os from "node:os";
import { writeFileSync } from "node:fs";
import type { EarningRulesJson } from "../../common/schemas/earning-rules";
import { getJson, postJson } from "../lib/http.ts";
import { BENCH_VARS, freshDatabase, startBenchWorker, type BenchServer } from "../lib/server.ts";
import { round } from "../lib/stats.ts";
import { machine } from "../traffic/report.ts";
import { Client, Recorder } from "./client.ts";
import { checkLedger, drain } from "./ledger.ts";
import { mediaStats } from "./media.ts";
import { BURST_STARTS, TABS, binger, browser, earningsLoop, player } from "./mix.ts";
import { objectRows, objectTotals } from "./objects.ts";
import { PLAYER_PACE } from "./playback.ts";
import { markdown, updateReadme, type LoadReport } from "./report.ts";
import { buildWorld, setEarningRule } from "./setup.ts";
import { pollersSideBySide } from "./pollers.ts";
import { sideBySide } from "./side-by-side.ts";
import { budgetStats } from "./start-budget.ts";
import { ViewsModel } from "./views-model.ts";

// Offline and quiet: no Request.cf lookup, no telemetry, only wrangler warnings.
process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
process.env.WRANGLER_SEND_METRICS = "false";
process.env.WRANGLER_LOG ??= "warn";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const SECONDS = Number(arg("seconds") ?? 30);
const SXS_SECONDS = Number(arg("sxs-seconds") ?? 5);
const POLLERS = Number(arg("pollers") ?? 1000);
const POLL_SECONDS = Number(arg("poll-seconds") ?? 30);
/** A home page's earnings poll interval (docs/product-spec.md §7). */
const POLL_EVERY_MS = 30_000;
const PORT = Number(arg("port") ?? process.env.BENCH_LOAD_PORT ?? 8810);
const UPDATE_README = process.argv.includes("--readme");
if (!Number.isInteger(PORT) || PORT < 8810 || PORT > 8819) throw new Error("--port must be within 8810–8819");
if (!(SECONDS >= 5 && SECONDS <= 600)) throw new Error("--seconds must be within 5–600");
if (!(SXS_SECONDS >= 1 && SXS_SECONDS <= 60)) throw new Error("--sxs-seconds must be within 1–60");
if (!(Number.isInteger(POLLERS) && POLLERS >= 1 && POLLERS <= 10_000))
  throw new Error("--pollers must be an integer within 1–10000");
if (!(POLL_SECONDS >= 5 && POLL_SECONDS <= 300)) throw new Error("--poll-seconds must be within 5–300");

/** Its own state, wiped every run: never the dev database, never another bench's. */
const PERSIST_DIR = ".wrangler/bench-load";
const OPTIONS = [
  SECONDS === 30 ? "" : ` --seconds=${SECONDS}`,
  SXS_SECONDS === 5 ? "" : ` --sxs-seconds=${SXS_SECONDS}`,
  POLLERS === 1000 ? "" : ` --pollers=${POLLERS}`,
  POLL_SECONDS === 30 ? "" : ` --poll-seconds=${POLL_SECONDS}`,
].join("");
const COMMAND = `npm run bench:load${OPTIONS ? ` --${OPTIONS}` : ""}`;
// 6 browsers, 7 players (bursts put up to 24 requests in flight at once), a binger, a repeater, 3 concurrent
// earnings calls: the load client has its own socket pool of 64 (bench/load/client.ts), so nothing queues in it.
const BROWSERS = 6;
const PLAYERS = 7;
const EARNINGS_PARALLEL = 3;
const EARNINGS_EVERY_MS = 3000;
const WORLD = { items: 2000, viewers: 20, creators: 4, sideBySide: 8 };
/** Low enough that the binger reaches it within the run (the default, 100, takes hours of watching). */
const DAILY_CAP_FOR_RUN = 5;
const SXS_ROUNDS = 2;
const SXS_WARMUP_SECONDS = 1;
/** Setup, drain, checks and the side-by-side take about a minute; past this something hangs, and the run ends itself. */
const WATCHDOG_MS = (SECONDS + 4 * SXS_ROUNDS * SXS_SECONDS + 2 * POLL_SECONDS + 180) * 1000;

const T0 = performance.now();
const log = (msg: string) => console.log(`[bench:load ${((performance.now() - T0) / 1000).toFixed(1)}s] ${msg}`);

let server: BenchServer | null = null;
const watchdog = setTimeout(() => {
  console.error(`bench:load: still running after ${WATCHDOG_MS / 1000} s; stopping`);
  setTimeout(() => process.exit(2), 10_000).unref();
  void (server?.stop() ?? Promise.resolve()).finally(() => process.exit(2));
}, WATCHDOG_MS);
watchdog.unref();

async function main() {
  const loadAverage = os.loadavg().map((x) => round(x, 2)) as [number, number, number];
  log(`fresh database in ${PERSIST_DIR}`);
  freshDatabase(PERSIST_DIR);
  server = await startBenchWorker(PORT, PERSIST_DIR);
  const origin = server.origin;
  log(`bench Worker at ${origin}`);
  try {
    const world = await buildWorld(origin, { ...WORLD, adminEmail: BENCH_VARS.ADMIN_EMAILS });
    // A fresh database holds no setting: what the API answers first are the defaults.
    const defaults = (await getJson<EarningRulesJson>(`${origin}/api/earning-rules`, { cookie: world.admin.cookie }))
      .json;
    const rules = await setEarningRule(origin, world.admin, "daily_earnable_views", DAILY_CAP_FOR_RUN);
    const secs = (items: { durationMs: number }[]) => items.map((i) => i.durationMs / 1000).join(", ");
    log(
      `seeded ${WORLD.items} items; ${world.viewers.length} viewers, ${world.creators.length} creators signed in; ` +
        `earning items ${secs(world.earning)} s; short ${secs(world.short)} s; long ${secs(world.long)} s; ` +
        `rules: ${rules.min_earning_seconds} s shortest, ${rules.views_per_item_per_day} per item, ${rules.daily_earnable_views} per day`,
    );

    const rec = new Recorder();
    const ctx = { c: new Client(origin, rec), world, model: new ViewsModel(), seenIds: [] as string[] };
    const start = performance.now();
    const deadline = start + SECONDS * 1000;
    log(
      `running ${SECONDS} s: ${BROWSERS} browsers, ${PLAYERS} players, a binger, a repeater, ${EARNINGS_PARALLEL} earnings calls every ${EARNINGS_EVERY_MS / 1000} s`,
    );
    const [earnings] = await Promise.all([
      earningsLoop(ctx, deadline, EARNINGS_EVERY_MS, EARNINGS_PARALLEL),
      ...Array.from({ length: BROWSERS }, (_, vu) => browser(ctx, vu, deadline)),
      ...Array.from({ length: PLAYERS }, (_, vu) => player(ctx, vu, PLAYERS, deadline)),
      binger(ctx, "binger", deadline),
      binger(ctx, "repeater", deadline),
    ]);
    const measuredSeconds = round((performance.now() - start) / 1000, 1);
    // The pollers phase runs the mix again (same accounts, same browsers): what the report shows is this run's.
    const media = { ...mediaStats };
    const startBudget = { ...budgetStats };
    log(`traffic done in ${measuredSeconds} s; draining the earnings job`);

    const drainCalls = await drain(origin, world.admin.cookie);
    const players = [...world.viewers, ...world.creators, world.binger, world.repeater];
    const objects = await objectTotals(
      origin,
      players.map((u) => u.id),
    );
    const { checks, counts } = await checkLedger(origin, ctx.model, rules, objects);
    log(`ledger: ${checks.filter((c) => c.pass).length}/${checks.length} invariants pass; side by side next`);

    const sxs = await sideBySide(
      origin,
      world.sideBySide,
      world.stream,
      {
        seconds: SXS_SECONDS,
        rounds: SXS_ROUNDS,
        warmupSeconds: SXS_WARMUP_SECONDS,
        loadAverage: () => os.loadavg()[0]!,
      },
      log,
    );
    // The pollers: fresh members with a session each, and the mix's own accounts, which settle their own views.
    const fresh = await postJson<{ cookies: string[] }>(`${origin}/bench/pollers?n=${POLLERS}`);
    const pollCtx = { c: new Client(origin, new Recorder()), world, model: new ViewsModel(), seenIds: [] as string[] };
    const pollers = await pollersSideBySide(
      origin,
      [...fresh.cookies, ...players.map((u) => u.cookie)],
      {
        everyMs: POLL_EVERY_MS,
        seconds: POLL_SECONDS,
        mix: (deadline) =>
          Promise.all([
            ...Array.from({ length: BROWSERS }, (_, vu) => browser(pollCtx, vu, deadline)),
            ...Array.from({ length: PLAYERS }, (_, vu) => player(pollCtx, vu, PLAYERS, deadline)),
          ]),
      },
      log,
    );
    const report: LoadReport = {
      command: COMMAND,
      machine: machine(),
      loadAverage,
      config: {
        seconds: SECONDS,
        browsers: BROWSERS,
        players: PLAYERS,
        earningsParallel: EARNINGS_PARALLEL,
        earningsEveryMs: EARNINGS_EVERY_MS,
        items: WORLD.items,
        viewers: WORLD.viewers,
        creators: WORLD.creators,
        burstStarts: BURST_STARTS,
        tabs: TABS,
        playerPace: PLAYER_PACE,
        playItems: (["earning", "short", "long"] as const).flatMap((kind) =>
          world[kind].map((i) => ({ kind, title: i.title, seconds: i.durationMs / 1000 })),
        ),
      },
      rules,
      defaultDailyCap: defaults.daily_earnable_views,
      measuredSeconds,
      durationSec: round((performance.now() - T0) / 1000, 1),
      kinds: rec.rows(measuredSeconds),
      views: ctx.model.summary(rules),
      anomalies: ctx.model.anomalies,
      media,
      startBudget,
      earningsDuringRun: earnings,
      drainCalls,
      counts,
      checks,
      objects,
      objectRows: objectRows(objects),
      sideBySide: sxs,
      pollers,
      errors: rec.errorNotes,
    };
    const md = markdown(report);
    const raw = {
      persistTo: PERSIST_DIR,
      port: PORT,
      vars: { DEV_LOGIN: BENCH_VARS.DEV_LOGIN, ADMIN_EMAILS: BENCH_VARS.ADMIN_EMAILS },
    };
    writeFileSync("bench/load-results.json", JSON.stringify({ ...report, raw }, null, 1) + "\n");
    console.log("\n" + md + "\n");
    if (UPDATE_README) updateReadme(md);
    const failed = checks.filter((c) => !c.pass).length;
    const errors =
      report.kinds.at(-1)!.errors +
      sxs.paths.reduce((s, p) => s + p.errors, 0) +
      pollers.paths.reduce((s, p) => s + p.errors, 0);
    log(
      `done in ${report.durationSec} s: ${errors} errors, ${failed} failed invariants, ${report.views.anomalies} anomalies; ` +
        `bench/load-results.json${UPDATE_README ? ", README.md" : ""}`,
    );
    // A benchmark, not a test, but a broken ledger must not look like a pass to whoever runs it.
    if (failed || report.views.anomalies) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
