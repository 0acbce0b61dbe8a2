// The bench:growth run (see bench/growth.ts): flags, the two databases when --both, the checks, the outputs.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { machine } from "../traffic/report.ts";
import type { R2Like } from "./archive.ts";
import { checkDashboards, checkLedger } from "./checks.ts";
import { analyse, GOAL_BYTES_AT_1M, GOAL_FLAT_RATIO, markdown, type Scale } from "./report.ts";
import { simulate, type Day } from "./simulate.ts";
import { WINDOWS } from "./world.ts";

process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
process.env.WRANGLER_SEND_METRICS = "false";
process.env.WRANGLER_LOG ??= "warn";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const LONGEST = Math.max(WINDOWS.visits_days, WINDOWS.page_days, WINDOWS.views_days, WINDOWS.notices_days);
const DAYS = Number(arg("days") ?? LONGEST + 30);
const VISITS = Number(arg("visits") ?? 5_000);
const VIEWS = Number(arg("views") ?? 1_250);
const BOTH = process.argv.includes("--both");
const LIFECYCLE = !process.argv.includes("--baseline");
const UPDATE_README = process.argv.includes("--readme");
for (const [name, v, min] of [
  ["days", DAYS, 2],
  ["visits", VISITS, 100],
  ["views", VIEWS, 10],
] as const) {
  if (!Number.isInteger(v) || v < min) throw new Error(`--${name} must be an integer ≥ ${min}`);
}
if (BOTH && !LIFECYCLE) throw new Error("--both runs the baseline and then the lifecycle: leave out --baseline");

const DIR = ".wrangler/bench-growth";
const RESULTS = "bench/growth-results.json";
const COMMAND = "npm run bench:growth";
const T0 = performance.now();
const log = (msg: string) => console.log(`[bench:growth ${((performance.now() - T0) / 1000).toFixed(1)}s] ${msg}`);
if (DAYS < LONGEST + 30)
  log(`note: ${DAYS} days is under the longest window + 30 (${LONGEST + 30}); flatness cannot be judged`);

/**
 * The local R2 bucket ARCHIVE through wrangler's platform proxy, persisted in `dir`. The proxy's workerd can go
 * away under a long run on a shared machine (its socket closes): a call that fails so restarts the proxy on
 * the same folder, where the objects are, and is tried again (R2 puts, gets and lists are idempotent).
 */
async function withArchive<T>(dir: string, run: (r2: R2Like) => Promise<T>): Promise<T> {
  const { getPlatformProxy } = await import("wrangler");
  type Proxy = Awaited<
    ReturnType<typeof getPlatformProxy<{ ARCHIVE: Record<string, (...args: unknown[]) => Promise<unknown>> }>>
  >;
  const start = () =>
    getPlatformProxy<{ ARCHIVE: Record<string, (...args: unknown[]) => Promise<unknown>> }>({
      configPath: "wrangler.jsonc",
      persist: { path: dir },
    });
  let proxy: Proxy = await start();
  const call = async (method: string, args: unknown[]) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await proxy.env.ARCHIVE[method]!(...args);
      } catch (error) {
        if (
          attempt >= 3 ||
          !(error instanceof Error) ||
          !/fetch failed|other side closed|ECONNREFUSED/i.test(`${error.message} ${String(error.cause)}`)
        )
          throw error;
        log(`R2 proxy lost (${error.message}); restarting it on ${dir}`);
        await proxy.dispose().catch(() => undefined);
        proxy = await start();
      }
    }
  };
  // Not a thenable: awaiting the bucket must not call it.
  const r2 = new Proxy(
    {},
    { get: (_, method: string) => (method === "then" ? undefined : (...args: unknown[]) => call(method, args)) },
  ) as unknown as R2Like;
  try {
    return await run(r2);
  } finally {
    await proxy.dispose();
  }
}

type Run = {
  mode: "lifecycle" | "baseline";
  days: Day[];
  checks: Record<string, unknown>;
  ledgerOk: boolean;
  dashboardsOk: boolean;
  analysis: ReturnType<typeof analyse>;
  report: unknown;
};

async function one(lifecycle: boolean, scale: Scale): Promise<Run> {
  const mode = lifecycle ? "lifecycle" : "baseline";
  const r2Dir = `${DIR}/r2-${mode}`;
  rmSync(r2Dir, { recursive: true, force: true });
  return withArchive(r2Dir, async (r2) => {
    log(`${mode}: ${DAYS} days of ${VISITS} visits and ${VIEWS} views`);
    const sim = await simulate({
      file: `${DIR}/${mode}.sqlite`,
      archive: r2,
      days: DAYS,
      visits: VISITS,
      views: VIEWS,
      lifecycle,
      snapshotDay: Math.min(DAYS, WINDOWS.visits_days),
      log,
    });
    const now = new Date(sim.endMs).toISOString();
    const ledger = await checkLedger(sim.opened, r2, now, sim.credits, sim.totals.views);
    log(
      `${mode}: ledger ${ledger.ok ? "ok" : "FAILED"} (${ledger.members} members; rewards archived ${ledger.earningsArchivedMicros} + in D1 ${ledger.earningsInD1Micros} µ$)${ledger.ok ? "" : `: ${ledger.mismatches.slice(0, 3).join("; ")}`}`,
    );
    const dashboards = await checkDashboards(sim.opened, r2, sim.endMs, sim.totals.visits);
    log(
      `${mode}: dashboards ${dashboards.ok ? "ok" : "FAILED"} (visits archived ${dashboards.visitsArchived}, in D1 ${dashboards.visitsInD1})${dashboards.ok ? "" : `: ${dashboards.mismatches.slice(0, 3).join("; ")}`}`,
    );
    sim.opened.sqlite.close();
    return {
      mode,
      days: sim.days,
      ledgerOk: ledger.ok,
      dashboardsOk: dashboards.ok,
      checks: { ledger, dashboards },
      analysis: analyse(sim.days, sim.baseBytes, scale, WINDOWS, mode, sim.tables),
      report: sim.lastLifecycleReport,
    };
  });
}

/** A previous baseline of the same scale, kept in the results so a lifecycle run is read next to it. */
function previousBaseline(scale: Scale): Day[] | null {
  if (!existsSync(RESULTS)) return null;
  const old = JSON.parse(readFileSync(RESULTS, "utf8")) as {
    scale?: Scale;
    mode?: string;
    days?: Day[];
    baseline_days?: Day[] | null;
  };
  if (JSON.stringify(old.scale) !== JSON.stringify(scale)) return null;
  const days = old.mode === "baseline" ? old.days : old.baseline_days;
  return days && days.length === DAYS ? days : null;
}

function updateReadme(md: string) {
  const readme = readFileSync("bench/README.md", "utf8");
  const [start, end] = ["<!-- bench:growth:start -->", "<!-- bench:growth:end -->"];
  const a = readme.indexOf(start);
  const b = readme.indexOf(end);
  if (a < 0 || b < a) return console.warn("README.md has no bench:growth markers; not updated");
  writeFileSync("bench/README.md", readme.slice(0, a + start.length) + "\n" + md + "\n" + readme.slice(b));
}

async function main() {
  mkdirSync(DIR, { recursive: true });
  const scale: Scale = {
    visits_per_day: VISITS,
    views_per_day: VIEWS,
    factor_to_1M: Math.round((1_000_000 / VISITS) * 100) / 100,
  };
  const baseline = BOTH ? await one(false, scale) : null;
  const run = await one(LIFECYCLE, scale);
  const baselineDays = run.mode === "baseline" ? run.days : (baseline?.days ?? previousBaseline(scale));
  const a = run.analysis;
  const durationSec = Math.round((performance.now() - T0) / 1000);
  const results = {
    command: COMMAND,
    machine: machine(),
    durationSec,
    mode: run.mode,
    scale,
    windows: WINDOWS,
    goals: { flat_ratio: GOAL_FLAT_RATIO, bytes_at_1M_per_day: GOAL_BYTES_AT_1M },
    d1_size:
      "the D1 file on disk after a WAL checkpoint (TRUNCATE), no VACUUM; d1_used_bytes leaves out the free pages SQLite reuses",
    r2_size: "the sum of every object's size in the ARCHIVE bucket (parts and manifests)",
    checks: {
      flat_ratio: a.flat_ratio,
      extrapolated_bytes_at_1M_per_day: a.extrapolated_bytes_at_1M_per_day,
      ledger_ok: run.ledgerOk,
      dashboards_ok: run.dashboardsOk,
      flat: a.flat,
      extrapolation: a.extrapolation,
      extrapolated_at_1M_by_class: a.at_1M_by_class,
      d1_model_at_1M: a.d1_model_at_1M,
      ...run.checks,
    },
    tables: a.tables,
    scaling: { at_1M: a.at_1M, at_10M: a.at_10M, baseline_at_1M: baseline?.analysis.at_1M ?? null },
    last_lifecycle_report: run.report,
    days: run.days,
    baseline_days: baselineDays,
  };
  writeFileSync(RESULTS, JSON.stringify(results, null, 1) + "\n");
  const md = markdown({
    mode: run.mode,
    scale,
    windows: WINDOWS,
    days: run.days,
    baseline_days: baselineDays,
    a,
    ledger_ok: run.ledgerOk,
    dashboards_ok: run.dashboardsOk,
    durationSec,
    command: COMMAND,
    date: results.machine.date,
  });
  console.log("\n" + md + "\n");
  if (UPDATE_README) updateReadme(md);
  log(`done: ${RESULTS}${UPDATE_README ? ", README.md" : ""}`);
}

await main();
