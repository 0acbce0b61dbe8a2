// `npm run bench:farm`: what a patient farm cashes out, and what honest members lose to false flags, under the
// rules in the tree when it runs. A synthetic world (bench/farm/world.ts; the model in bench/README.md "Farm
// benchmark") runs through the bench Worker (the real API, D1, the earnings job and the fraud sweep) for
// --days simulated days, then the hold's days with only the job and the sweep; every open flag then counts as
// reversed. Reports per farm strategy the $ available after the hold per account-day (goal ≤ $0.01), per kind
// of honest member the share of rewards flagged (goal ≤ 0.5 %), and the sweep's time per 1,000 held rewards.
// Writes bench/farm-results.json (a run at another --members: bench/farm/other-size-results.json, and its sweep
// figures beside the default's); with --readme also README's farm table and nothing else.
//
// Options: --members=2000 (honest population; ≥ 300)  --days=14  --ticks=2 (job + sweep runs per view day)
//          --port=8840 (8840–8849)  --seed=37  --readme
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { postJson, signIn } from "./lib/http.ts";
import { freshDatabase, startBenchWorker, type BenchServer } from "./lib/server.ts";
import { round } from "./lib/stats.ts";
import { machine } from "./traffic/report.ts";
import { CHALLENGES, publish, signUpAll, type Published } from "./farm/api.ts";
import { flagsByRule, ledgerChecks, moneyByUser } from "./farm/outcome.ts";
import { markdown, summarize, updateReadme, type FarmReport } from "./farm/report.ts";
import { simulate, type Media } from "./farm/simulate.ts";
import { buildWorld, DAILY_CAP, DAY_MS, PER_ITEM_PER_DAY, type Template } from "./farm/world.ts";

process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
process.env.WRANGLER_SEND_METRICS = "false";
process.env.WRANGLER_LOG ??= "warn";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const DEFAULT_MEMBERS = 2000;
const MEMBERS = Number(arg("members") ?? DEFAULT_MEMBERS);
const DAYS = Number(arg("days") ?? 14);
const TICKS = Number(arg("ticks") ?? 2);
const PORT = Number(arg("port") ?? 8840);
const SEED = Number(arg("seed") ?? 37);
const UPDATE_README = process.argv.includes("--readme");
if (!Number.isInteger(PORT) || PORT < 8840 || PORT > 8849) throw new Error("--port must be within 8840–8849");
if (!(MEMBERS >= 300) || !(DAYS >= 3) || !(TICKS >= 1)) throw new Error("--members ≥ 300, --days ≥ 3, --ticks ≥ 1");
/** earnings_hold_days as shipped (settings default, worker/db/queries/earnings/earning-rule-settings.ts); the bench leaves it. */
const HOLD_DAYS = 7;
const PERSIST_DIR = ".wrangler/bench-farm";
const RESULTS = "bench/farm-results.json";
/** A run at another --members: its report here (a larger one's sweep figures also go into RESULTS). */
const OTHER_SIZE_RESULTS = "bench/farm/other-size-results.json";
const args = process.argv.slice(2).filter((a) => a !== "--readme");
const COMMAND = `npm run bench:farm${args.length ? ` -- ${args.join(" ")}` : ""}`;

const T0 = performance.now();
const log = (msg: string) => console.log(`[bench:farm ${((performance.now() - T0) / 1000).toFixed(0)}s] ${msg}`);

const TEMPLATES: Record<Template, { file: string; contentType: string; type: "video" | "audio"; what: string }> = {
  real: {
    file: "bench/farm/media/real-320x240.mp4",
    contentType: "video/mp4",
    type: "video",
    what: "8 s 320x240 24 fps H.264 + AAC, 184 KB",
  },
  audio: {
    file: "bench/farm/media/podcast-32k.mp3",
    contentType: "audio/mpeg",
    type: "audio",
    what: "10 s 32 kbps mono MP3, 40 KB",
  },
  tiny: {
    file: "bench/farm/media/tiny-16x16.mp4",
    contentType: "video/mp4",
    type: "video",
    what: "6 s 16x16 1 fps MP4 (ffmpeg -f lavfi -i color=size=16x16:rate=1 -t 6), 1.7 KB",
  },
};

function tree() {
  const git = (...a: string[]) => {
    try {
      return execFileSync("git", a, { encoding: "utf8" }).trim();
    } catch {
      return "?";
    }
  };
  const dirty = git("status", "--porcelain", "--untracked-files=no", "--", "worker", "migrations", "common");
  return {
    commit: git("rev-parse", "--short", "HEAD"),
    subject: git("log", "-1", "--format=%s"),
    uncommittedProductFiles: dirty ? dirty.split("\n").length : 0,
  };
}

/** The sweep's figures of earlier runs at other population sizes, so two sizes can be compared. */
function earlierSweeps(): FarmReport["sweepBySize"] {
  if (!existsSync(RESULTS)) return [];
  try {
    return ((JSON.parse(readFileSync(RESULTS, "utf8")) as Partial<FarmReport>).sweepBySize ?? []).filter(
      (x) => x.members >= DEFAULT_MEMBERS,
    );
  } catch {
    return [];
  }
}

async function main() {
  // The tree the Worker is built from, taken now: others may commit while the run goes on.
  const builtFrom = tree();
  // Simulated days start the day after tomorrow (UTC): every reward's hold then ends after the database's own
  // clock, which the sweep's writes also compare with.
  const baseMs = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) + 2 * DAY_MS;
  const world = buildWorld({ members: MEMBERS, days: DAYS, baseMs, seed: SEED });
  const scripted = world.days.reduce((n, d) => n + d.length, 0);
  log(
    `world: ${world.accounts.length} accounts, ${world.items.length} items, ${scripted} scripted views over ${DAYS} days from ${new Date(baseMs).toISOString().slice(0, 10)}`,
  );

  freshDatabase(PERSIST_DIR);
  let server: BenchServer | null = await startBenchWorker(PORT, PERSIST_DIR);
  const origin = server.origin;
  try {
    await postJson(`${origin}/bench/farm/rows`, { challenges: CHALLENGES });
    // The template items: real uploads, finalized by the product; every bench item copies one's media columns.
    const uploader = await signIn(origin, "farm-bench-templates@example.com");
    const templates = {} as Record<Template, Published>;
    for (const [name, t] of Object.entries(TEMPLATES) as [Template, (typeof TEMPLATES)[Template]][]) {
      templates[name] = await publish(origin, uploader, t.file, t.contentType, t.type);
      const r = templates[name].row;
      log(
        `template ${name}: ${
          r
            ? `finalized (${Object.entries(r)
                .filter(([k]) => /size|duration|bytes|width|height|frame|earn/.test(k))
                .map(([k, v]) => `${k} ${v}`)
                .join(", ")})`
            : `refused ${templates[name].status}: ${templates[name].body}`
        }`,
      );
    }
    // A strategy whose items finalize refuses is left out (its views could not happen).
    const usable = (t: Template) => templates[t].row !== null;
    const items = world.items.filter((i) => usable(i.template));
    const itemIds = new Set(items.map((i) => i.id));
    for (const day of world.days)
      for (let i = day.length - 1; i >= 0; i--) if (!itemIds.has(day[i]!.item)) day.splice(i, 1);

    // Accounts that sign up during the run go through the real sign-in (enrolled in the challenges), then move
    // to the simulated time they sign up at; the others are inserted as they would be after their sign-up.
    const signUps = await signUpAll(
      origin,
      world.accounts.filter((a) => a.signUp).map((a) => a.email),
    );
    const idByKey = new Map<string, string>();
    for (const a of world.accounts)
      idByKey.set(a.key, signUps.get(a.email)?.id ?? `${a.key[0]!.toUpperCase()}${a.key.slice(1).padStart(25, "0")}`);
    const idOf = (key: string) => idByKey.get(key) ?? key;
    const direct = world.accounts
      .filter((a) => !a.signUp)
      .map((a) => [idOf(a.key), a.email, new Date(a.createdAt).toISOString()]);
    for (let i = 0; i < direct.length; i += 5000)
      await postJson(`${origin}/bench/farm/rows`, { users: direct.slice(i, i + 5000) });
    await postJson(`${origin}/bench/farm/rows`, {
      shift: world.accounts
        .filter((a) => a.signUp)
        .map((a) => ({ userId: idOf(a.key), at: new Date(a.createdAt).toISOString() })),
    });
    const itemRows = items.map((i) => [
      i.id,
      templates[i.template].id,
      idOf(i.creator),
      new Date(i.createdAt).toISOString(),
    ]);
    for (let i = 0; i < itemRows.length; i += 5000)
      await postJson(`${origin}/bench/farm/rows`, { items: itemRows.slice(i, i + 5000) });
    log(`seeded ${direct.length} accounts (+${signUps.size} through the real sign-in) and ${items.length} items`);

    const media = new Map<Template, Media>(
      (Object.keys(TEMPLATES) as Template[])
        .filter(usable)
        .map((t) => [
          t,
          { durationMs: Number(templates[t].row!.duration_ms), mediaSize: Number(templates[t].row!.media_size) },
        ]),
    );
    const itemById = new Map(items.map((i) => [i.id, i]));
    const ticks = await simulate({
      origin,
      world,
      baseMs,
      ticksPerDay: TICKS,
      holdDays: HOLD_DAYS,
      idOf,
      log,
      mediaOf: (id) => media.get(itemById.get(id)!.template)!,
      creatorOf: (id) => itemById.get(id)!.creator,
    });
    const end = new Date(baseMs + (DAYS + HOLD_DAYS + 1) * DAY_MS).toISOString();
    const money = await moneyByUser(origin, end);
    const ledger = await ledgerChecks(origin);
    const rules = await flagsByRule(origin);
    const report: FarmReport = summarize({
      command: COMMAND,
      machine: machine(),
      tree: builtFrom,
      members: MEMBERS,
      days: DAYS,
      holdDays: HOLD_DAYS,
      ticksPerDay: TICKS,
      seed: SEED,
      baseDay: new Date(baseMs).toISOString().slice(0, 10),
      end,
      dailyCap: DAILY_CAP,
      perItemPerDay: PER_ITEM_PER_DAY,
      templates: Object.fromEntries(
        (Object.keys(TEMPLATES) as Template[]).map((t) => [
          t,
          { what: TEMPLATES[t].what, status: templates[t].status, row: templates[t].row },
        ]),
      ),
      world,
      idOf,
      money,
      ledger,
      rules,
      ticks,
      durationSec: round((performance.now() - T0) / 1000, 0),
      earlierSweeps: earlierSweeps(),
    });
    const json = JSON.stringify({ ...report, persistTo: PERSIST_DIR, port: PORT }, null, 1) + "\n";
    if (MEMBERS === DEFAULT_MEMBERS) writeFileSync(RESULTS, json);
    else {
      // Another population size: its whole report apart, and its sweep figures beside the default run's.
      writeFileSync(OTHER_SIZE_RESULTS, json);
      // Only larger populations join the default's sweep figures: a quick small run is no second size.
      if (MEMBERS > DEFAULT_MEMBERS && existsSync(RESULTS)) {
        const main = JSON.parse(readFileSync(RESULTS, "utf8")) as FarmReport;
        main.sweepBySize = report.sweepBySize;
        writeFileSync(RESULTS, JSON.stringify(main, null, 1) + "\n");
      }
    }
    const md = markdown(report);
    console.log("\n" + md + "\n");
    if (UPDATE_README)
      updateReadme(MEMBERS === DEFAULT_MEMBERS ? report : (JSON.parse(readFileSync(RESULTS, "utf8")) as FarmReport));
    for (const problem of report.checks.problems) console.error(`bench:farm check failed: ${problem}`);
    log(
      `done in ${report.durationSec} s; farms ${report.goals.farms ? "met" : "MISSED"} the $0.01 per account-day goal, honest members ${report.goals.honest ? "met" : "MISSED"} the 0.5 % goal; ` +
        `${MEMBERS === DEFAULT_MEMBERS ? RESULTS : `${OTHER_SIZE_RESULTS}${MEMBERS > DEFAULT_MEMBERS ? ` (and the sweep's figures in ${RESULTS})` : ""}`}${UPDATE_README ? ", README.md" : ""}`,
    );
    if (report.checks.problems.length) process.exitCode = 1;
  } finally {
    await server.stop();
    server = null;
  }
}

await main();
