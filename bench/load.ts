// `npm run bench:load`: mixed traffic against the bench Worker on loopback (gallery and search with cursors,
// content details, 256 KiB stream ranges, playback sessions valid and invalid, concurrent earnings runs),
// then the earnings job drained and the ledger checked. Writes bench/load-results.json.
//
// Options: --seconds=30  --port=8810 (8810–8819)  --readme (also refresh README's "### Load")
import os from "node:os";
import { writeFileSync } from "node:fs";
import { BENCH_VARS, freshDatabase, startBenchWorker, type BenchServer } from "./lib/server.ts";
import { round } from "./lib/stats.ts";
import { machine } from "./traffic/report.ts";
import { Client, Recorder } from "./load/client.ts";
import { checkLedger, drain } from "./load/ledger.ts";
import { browser, earningsLoop, player } from "./load/mix.ts";
import { markdown, updateReadme, type LoadReport } from "./load/report.ts";
import { buildWorld } from "./load/setup.ts";
import { ViewsModel } from "./load/views-model.ts";

// Offline and quiet: no Request.cf lookup, no telemetry, only wrangler warnings.
process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
process.env.WRANGLER_SEND_METRICS = "false";
process.env.WRANGLER_LOG ??= "warn";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const SECONDS = Number(arg("seconds") ?? 30);
const PORT = Number(arg("port") ?? process.env.BENCH_LOAD_PORT ?? 8810);
const UPDATE_README = process.argv.includes("--readme");
if (!Number.isInteger(PORT) || PORT < 8810 || PORT > 8819) throw new Error("--port must be within 8810–8819");
if (!(SECONDS >= 5 && SECONDS <= 600)) throw new Error("--seconds must be within 5–600");

/** Its own state, wiped every run: never the dev database, never another bench's. */
const PERSIST_DIR = ".wrangler/bench-load";
const COMMAND = `npm run bench:load${SECONDS === 30 ? "" : ` -- --seconds=${SECONDS}`}`;
// 6 browsers + 7 players + 3 concurrent earnings calls = 16 at most in flight, the socket pool of
// bench/lib/http.ts: more would queue inside the client and show up as server latency.
const BROWSERS = 6;
const PLAYERS = 7;
const EARNINGS_PARALLEL = 3;
const EARNINGS_EVERY_MS = 3000;
const WORLD = { items: 2000, viewers: 20, creators: 4 };
/** Setup, drain and checks take well under a minute; past this something hangs, and the run ends itself. */
const WATCHDOG_MS = (SECONDS + 150) * 1000;

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
    const world = await buildWorld(origin, WORLD);
    log(`seeded ${WORLD.items} items; ${world.viewers.length} viewers, ${world.creators.length} creators signed in; ` +
      `short items ${world.short.map((i) => i.durationMs / 1000).join(", ")} s; long ${world.long.map((i) => i.durationMs / 1000).join(", ")} s`);

    const rec = new Recorder();
    const ctx = { c: new Client(origin, rec), world, model: new ViewsModel(), seenIds: [] as string[] };
    const start = performance.now();
    const deadline = start + SECONDS * 1000;
    log(`running ${SECONDS} s: ${BROWSERS} browsers, ${PLAYERS} players, ${EARNINGS_PARALLEL} earnings calls every ${EARNINGS_EVERY_MS / 1000} s`);
    const [earnings] = await Promise.all([
      earningsLoop(ctx, deadline, EARNINGS_EVERY_MS, EARNINGS_PARALLEL),
      ...Array.from({ length: BROWSERS }, (_, vu) => browser(ctx, vu, deadline)),
      ...Array.from({ length: PLAYERS }, (_, vu) => player(ctx, vu, deadline)),
    ]);
    const measuredSeconds = round((performance.now() - start) / 1000, 1);
    log(`traffic done in ${measuredSeconds} s; draining the earnings job`);

    const admin = world.creators[0]!.cookie;
    const drainCalls = await drain(origin, admin);
    const { checks, counts } = await checkLedger(origin, ctx.model);
    const report: LoadReport = {
      command: COMMAND,
      machine: machine(),
      loadAverage,
      config: {
        seconds: SECONDS, browsers: BROWSERS, players: PLAYERS, earningsParallel: EARNINGS_PARALLEL, earningsEveryMs: EARNINGS_EVERY_MS, ...WORLD,
        shortItems: world.short.map((i) => ({ title: i.title, seconds: i.durationMs / 1000 })),
      },
      measuredSeconds,
      durationSec: round((performance.now() - T0) / 1000, 1),
      kinds: rec.rows(measuredSeconds),
      views: ctx.model.summary(),
      anomalies: ctx.model.anomalies,
      earningsDuringRun: earnings,
      drainCalls,
      counts,
      checks,
      errors: rec.errorNotes,
    };
    const md = markdown(report);
    const raw = { persistTo: PERSIST_DIR, port: PORT, vars: { DEV_LOGIN: BENCH_VARS.DEV_LOGIN, ADMIN_EMAILS: BENCH_VARS.ADMIN_EMAILS } };
    writeFileSync("bench/load-results.json", JSON.stringify({ ...report, raw }, null, 1) + "\n");
    console.log("\n" + md + "\n");
    if (UPDATE_README) updateReadme(md);
    const failed = checks.filter((c) => !c.pass).length;
    const errors = report.kinds.at(-1)!.errors;
    log(`done in ${report.durationSec} s: ${errors} errors, ${failed} failed invariants; bench/load-results.json${UPDATE_README ? ", README.md" : ""}`);
    // A benchmark, not a test, but a broken ledger must not look like a pass to whoever runs it.
    if (failed) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
