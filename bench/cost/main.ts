// `npm run bench:cost`: what each hot path costs on Cloudflare's meters, counted on the real Worker in local workerd
// (the bench Worker, bench/worker-entry.ts): Worker requests, D1 rows read and written (D1's own `meta`), the
// watch-session Durable Object's requests and SQLite rows (cursor counts) and the D1 rows its calls make, and R2
// operations by class. Each path runs several times; the means per unit, $ per million units at the prices of
// bench/cost/prices.ts, and $ per million visits and per million paid views at the traffic mix below go to
// bench/cost-results.json. How it works and what it found: bench/README.md, "Cost per million".
//
// Options: --runs=20 (units per simple path)  --views=8 (paid views played)  --port=8820 (8820–8829)
import os from "node:os";
import { writeFileSync } from "node:fs";
import type { ContentListResponse } from "../../common/schemas/content";
import type { EarningsCalculateResponse } from "../../common/schemas/earnings";
import type { PlaybackEventResponse, PlaybackStartResponse } from "../../common/schemas/playback";
import { BENCH_VARS, freshDatabase, startBenchWorker, type BenchServer } from "../lib/server.ts";
import { round } from "../lib/stats.ts";
import { buildWorld, type Item, type User } from "../load/setup.ts";
import { QUERY_WORDS } from "../synthetic.ts";
import { machine } from "../traffic/report.ts";
import { Bucket, Meter, add, usdPerMillion, zeroCounts, type Counts } from "./meter.ts";
import { PRICES_AS_OF, PRICE_PAGES, QUEUE_OPS_PER_MESSAGE, USD_PER_MILLION } from "./prices.ts";

process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
process.env.WRANGLER_SEND_METRICS = "false";
process.env.WRANGLER_LOG ??= "warn";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const RUNS = Number(arg("runs") ?? 20);
const VIEWS = Number(arg("views") ?? 8);
const PORT = Number(arg("port") ?? 8820);
if (!Number.isInteger(PORT) || PORT < 8820 || PORT > 8829) throw new Error("--port must be within 8820–8829");
if (!(Number.isInteger(RUNS) && RUNS >= 1 && RUNS <= 500)) throw new Error("--runs must be an integer within 1–500");
if (!(Number.isInteger(VIEWS) && VIEWS >= 1 && VIEWS <= 32)) throw new Error("--views must be an integer within 1–32");
const COMMAND = `npm run bench:cost${RUNS !== 20 || VIEWS !== 8 ? ` -- --runs=${RUNS} --views=${VIEWS}` : ""}`;

const PERSIST_DIR = ".wrangler/bench-cost";
const SMALL_CATALOGUE = 1000;
const LARGE_CATALOGUE = 100_000;
const SEED_CHUNK = 10_000;
const MiB = 1024 * 1024;
/** A valid player's media seconds per wall second (bench/load/playback.ts) and its event spacing. */
const PACE = 1.5;
const TICK_MS = 700;

/** The traffic mix the per-million figures assume (stated in the results). */
const MIX = {
  visit: {
    note:
      "A visit by a signed-out visitor: 40 % first visits (home with its thumbnails, loaded from the public " +
      "bucket's own domain per decision 083: no Worker request, no D1), 60 % returning (thumbnails in the " +
      "browser's cache); then 1 further gallery page and 0.2 searches (at 1k items, and again at 100k items as a second " +
      "figure). The SPA's files are static assets (no Worker request).",
    homeFirst: 0.4,
    homeReturning: 0.6,
    galleryPages: 1,
    searches: 0.2,
  },
  paidView: {
    note:
      "A paid (qualified, credited) view: the item streamed once as a player asks for it (Range bytes=0-, one " +
      "request), a start, the progress events measured before it qualified (mean of the views played), the " +
      "qualifying event, one wallet read, and 1/1000 of crediting 1,000 views. The sweep over the hold is given " +
      "as a second figure (measured over this run's few held views only); the archive is not included.",
    walletReads: 1,
  },
};

const T0 = performance.now();
const log = (msg: string) => console.log(`[bench:cost ${((performance.now() - T0) / 1000).toFixed(1)}s] ${msg}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: BenchServer | null = null;
const watchdog = setTimeout(
  () => {
    console.error("bench:cost: still running after 15 minutes; stopping");
    void (server?.stop() ?? Promise.resolve()).finally(() => process.exit(2));
  },
  15 * 60 * 1000,
);
watchdog.unref();

/** What `POST /bench/sweep` and `POST /bench/cron` answer: the trace of bench/worker-entry/d1-counting.ts. */
type TraceCounts = {
  rowsRead: number;
  rowsWritten: number;
  rowsReadComplete: boolean;
  r2ClassA: number;
  r2ClassB: number;
};

type PathRow = {
  path: string;
  unit: string;
  units: number;
  counts: Counts;
  usd_per_million: number;
  /** Some D1 call of the path reported no rows (first()): its D1 rows are a lower bound. */
  d1_lower_bound: boolean;
  note?: string;
};

function row(path: string, unit: string, b: Bucket, note?: string): PathRow {
  const counts = b.mean();
  const rounded = Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, round(v, 3)])) as Counts;
  return {
    path,
    unit,
    units: b.units,
    counts: rounded,
    usd_per_million: round(usdPerMillion(counts), 4),
    d1_lower_bound: b.unmetered > 0,
    ...(note ? { note } : {}),
  };
}

async function seedTo(meter: Meter, from: number, to: number) {
  for (let offset = from; offset < to; offset += SEED_CHUNK) {
    const n = Math.min(SEED_CHUNK, to - offset);
    const res = await fetch(`${meter.origin}/bench/seed?n=${n}&offset=${offset}`, { method: "POST" });
    if (!res.ok) throw new Error(`seed ${offset}+${n}: ${res.status} ${await res.text()}`);
  }
}

type QueueTotals = { batches: number; messages: number; items: number; rowsRead: number; rowsWritten: number };

/**
 * A queue consumer's work once it has taken `items` visits, beacons or credits (at most a minute's wait): a traffic
 * message gathers an isolate's visits of a window (docs/decisions/087), so messages can be fewer than items.
 */
async function consumerTotals(meter: Meter, queue: string, items: number): Promise<QueueTotals> {
  for (let waited = 0; waited < 60_000; waited += 250) {
    const totals = (await (await fetch(`${meter.origin}/bench/queues`)).json()) as Record<string, QueueTotals>;
    const done = totals[queue];
    if (done && done.items >= items) return done;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${queue} did not take ${items} items within a minute`);
}

/** Signed-out home as the Worker serves it (worker/spa/first-paint-plan.ts `bootRequestsOf`), and the tracker beacon. */
async function homeVisit(meter: Meter, n: number) {
  await meter.send("GET", "/api/users/me");
  await meter.send("GET", "/api/analytics/config");
  const list = await meter.send("GET", "/api/content");
  await meter.send("POST", "/api/analytics/track", {
    headers: { "cf-connecting-ip": `10.9.${(n >> 8) & 255}.${n & 255}` },
    body: {
      session_id: `bench-cost-${n}`,
      user_id: null,
      page_path: "/",
      referrer: null,
      visit_duration: 0,
      page_views: 1,
      device_type: "mobile",
      browser: "chrome",
      user_agent: "Mozilla/5.0 (Linux; Android 10; K) Chrome/126.0.0.0 Mobile Safari/537.36",
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      utm_term: null,
      utm_content: null,
    },
  });
  return list.json as ContentListResponse;
}

async function search(meter: Meter, b: Bucket, runs: number) {
  const words = Object.values(QUERY_WORDS);
  for (let i = 0; i < runs; i++) {
    const word = words[i % words.length]!;
    await meter.unit(b, [], () => meter.send("GET", `/api/content?search=${encodeURIComponent(word)}`));
  }
}

type Played = { qualified: boolean; progress: number };

/** One paid view as a valid player makes it: the media streamed whole, a start, positions until it qualifies. */
async function paidView(
  meter: Meter,
  viewer: User,
  item: Item,
  b: { stream: Bucket; start: Bucket; progress: Bucket; qualifying: Bucket },
): Promise<Played> {
  const ids = [viewer.id];
  const cookie = viewer.cookie;
  const media = await meter.unit(b.stream, ids, () =>
    meter.send("GET", `/api/content/${item.id}/stream`, { cookie, headers: { range: "bytes=0-" } }),
  );
  if (media.status !== 206 || media.bytes !== item.size) throw new Error(`stream of ${item.title}: ${media.status}`);
  const started = await meter.unit(b.start, ids, () =>
    meter.send("POST", "/api/playback-events", {
      cookie,
      body: {
        content_id: item.id,
        event_type: "start",
        second_mark: 0,
        discovery_method: "browse",
        device_fingerprint: `cost-${viewer.email}`,
      },
    }),
  );
  if (started.status !== 201) throw new Error(`start: ${started.status} ${JSON.stringify(started.json)}`);
  const viewId = (started.json as PlaybackStartResponse).view_id;
  const since = performance.now();
  let progress = 0;
  for (;;) {
    await sleep(TICK_MS);
    const positionMs = Math.min(item.durationMs, PACE * (performance.now() - since));
    const type = positionMs >= item.durationMs ? "complete" : "progress";
    const body = { content_id: item.id, view_id: viewId, event_type: type, second_mark: Math.round(positionMs) / 1000 };
    // Measured into a scratch bucket first: whether it qualified is known only from the answer.
    const one = new Bucket();
    const res = await meter.unit(one, ids, () => meter.send("POST", "/api/events/playback", { cookie, body }));
    const answer = res.json as PlaybackEventResponse | null;
    if (res.status !== 200 || !answer?.accepted) throw new Error(`event: ${res.status} ${JSON.stringify(res.json)}`);
    const into = answer.qualified ? b.qualifying : b.progress;
    into.sums = add(into.sums, one.sums);
    into.units++;
    into.unmetered += one.unmetered;
    if (answer.qualified) return { qualified: true, progress };
    progress++;
    if (type === "complete") return { qualified: false, progress };
  }
}

async function main() {
  const loadAverage = os.loadavg().map((x) => round(x, 2));
  log(`fresh database in ${PERSIST_DIR}`);
  freshDatabase(PERSIST_DIR);
  server = await startBenchWorker(PORT, PERSIST_DIR);
  const meter = new Meter(server.origin);
  try {
    const world = await buildWorld(meter.origin, {
      items: SMALL_CATALOGUE,
      viewers: VIEWS,
      creators: 4,
      sideBySide: 0,
      adminEmail: BENCH_VARS.ADMIN_EMAILS,
    });
    const exact = await fetch(`${meter.origin}/bench/meter/exact-raw?on=1`, { method: "POST" });
    if (!exact.ok) throw new Error(`exact-raw: ${exact.status}`);
    log(`world: ${SMALL_CATALOGUE} synthetic items, ${world.earning.length} earning items, ${VIEWS} viewers`);

    const b = {
      homeFirst: new Bucket(),
      homeReturning: new Bucket(),
      gallery: new Bucket(),
      search1k: new Bucket(),
      search100k: new Bucket(),
      stream: new Bucket(),
      start: new Bucket(),
      progress: new Bucket(),
      qualifying: new Bucket(),
      streamWhole: new Bucket(),
      streamRanges: new Bucket(),
      wallet: new Bucket(),
      crediting: new Bucket(),
    };

    // Home: the page request (with its boot answers, in-process), the tracker. A first visit's thumbnails come from
    // the public bucket's domain (docs/decisions/083): no Worker request; their R2 reads are a modelled note.
    let firstPage = 0;
    for (let i = 0; i < RUNS; i++) {
      const list = await meter.unit(b.homeReturning, [], () => homeVisit(meter, i), { workerRequests: 2 });
      firstPage = list.items.length;
    }
    // The tracker's D1 rows are written by the traffic queue's consumer, a batch later (docs/decisions/079): wait
    // for it to have taken every visit, then count its rows to the visits.
    const consumer = await consumerTotals(meter, "reelpay-traffic", RUNS);
    const [trafficItems, trafficMessages] = [consumer.items, consumer.messages];
    // Its queue operations too (each visit one message: written, read, deleted), and one Worker invocation per batch
    // the consumer took (counted as a request: the conservative reading of the workers page).
    b.homeReturning.sums = add(b.homeReturning.sums, {
      ...zeroCounts(),
      d1RowsRead: consumer.rowsRead,
      d1RowsWritten: consumer.rowsWritten,
      queueOps: QUEUE_OPS_PER_MESSAGE * consumer.messages,
      workerRequests: consumer.batches,
    });
    log(
      `traffic queue: ${consumer.items} visits in ${consumer.messages} messages, ${consumer.batches} batches, ${consumer.rowsWritten} rows written`,
    );
    b.homeFirst.units = b.homeReturning.units;
    b.homeFirst.unmetered = b.homeReturning.unmetered;
    b.homeFirst.sums = add(b.homeReturning.sums, { ...zeroCounts(), workerRequests: 0 });

    // A further gallery page: the next page of home's list (keyset cursor).
    const first = (await meter.send("GET", "/api/content")).json as ContentListResponse;
    for (let i = 0; i < RUNS; i++) {
      const cursor = first.nextCursor;
      if (!cursor) throw new Error("home's list has no next page");
      await meter.unit(b.gallery, [], () => meter.send("GET", `/api/content?cursor=${encodeURIComponent(cursor)}`));
    }
    await search(meter, b.search1k, RUNS);
    log("home, gallery and search at 1k measured; paid views next");

    // Paid views: each viewer plays earning items one after another, each view its own unit.
    let played = 0;
    let qualified = 0;
    const progressPerView: number[] = [];
    for (let v = 0; played < VIEWS; v++) {
      const viewer = world.viewers[v % world.viewers.length]!;
      const item = world.earning[v % world.earning.length]!;
      const p = await paidView(meter, viewer, item, b);
      played++;
      if (p.qualified) {
        qualified++;
        progressPerView.push(p.progress);
      }
    }
    log(`${played} views played, ${qualified} qualified; crediting, wallet, streams next`);

    // Crediting: the cron's earnings job (runEarningsJob) until it has nothing left. The call that settled the
    // views, less what a call that finds nothing costs (the cron makes one every minute anyway: "cron per day"),
    // per view settled: the job's marginal cost, in the cron (no Worker request of its own).
    // The credit queue credits each view as it qualifies (docs/decisions/079): once its consumer has taken every
    // view, the cron finds none left, and the consumer's rows per view are crediting's cost.
    const creditQueue = await consumerTotals(meter, "reelpay-credit", qualified);
    const admin = world.admin.cookie;
    let credited = 0;
    const settling = new Bucket();
    const empty = new Bucket();
    for (let i = 0; i < 20; i++) {
      const one = new Bucket();
      const res = await meter.unit(one, [], () =>
        meter.send("POST", "/bench/baseline/earnings/calculate", { cookie: admin }),
      );
      const processed = (res.json as EarningsCalculateResponse).processed;
      const into = processed > 0 ? settling : empty;
      into.sums = add(into.sums, one.sums);
      into.units++;
      into.unmetered += one.unmetered;
      credited += processed;
      if (processed === 0) break;
    }
    if (credited === 0 && creditQueue.messages > 0) {
      const perThousand = 1000 / creditQueue.messages;
      b.crediting.sums = {
        ...zeroCounts(),
        d1RowsRead: creditQueue.rowsRead * perThousand,
        d1RowsWritten: creditQueue.rowsWritten * perThousand,
        queueOps: QUEUE_OPS_PER_MESSAGE * creditQueue.messages * perThousand,
        workerRequests: creditQueue.batches * perThousand,
      };
      b.crediting.units = 1;
      credited = creditQueue.messages;
      log(`credit queue: ${creditQueue.messages} views in ${creditQueue.batches} batches`);
    } else if (credited > 0) {
      const marginal = add(settling.sums, empty.mean(), -settling.units);
      b.crediting.sums = { ...add(zeroCounts(), marginal, 1000 / credited), workerRequests: 0 };
      b.crediting.units = 1;
      b.crediting.unmetered = settling.unmetered + empty.unmetered;
    }
    const settlingRaw = { ...add(zeroCounts(), settling.sums, 1000 / Math.max(1, credited)), workerRequests: 0 };

    // The sweep as the cron runs it every minute, over what is in holding now (the views just credited); then whole
    // cron ticks (earnings job, housekeeping, lifecycle, sweep) on the idle world, as a day's fixed cost.
    const rules = (await (await fetch(`${meter.origin}/api/earning-rules`)).json()) as { earnings_hold_days?: number };
    const holdDays = rules.earnings_hold_days ?? 7;
    const sweepRun = new Bucket();
    const cronTick = new Bucket();
    const counted = (t: TraceCounts, requests: number): Counts => ({
      ...zeroCounts(),
      workerRequests: requests,
      d1RowsRead: t.rowsRead,
      d1RowsWritten: t.rowsWritten,
      r2ClassA: t.r2ClassA,
      r2ClassB: t.r2ClassB,
    });
    // Each run separately: the first finds what the views just credited (and writes it once); the later ones are
    // the steady state that repeats every minute. Over a period: the first run once, the later ones' mean for the rest.
    const runsOf: Record<string, Counts[]> = { sweep: [], cron: [] };
    for (const [route, bucket, requests, key] of [
      ["/bench/sweep", sweepRun, 0, "sweep"],
      ["/bench/cron", cronTick, 1, "cron"],
    ] as const) {
      for (let i = 0; i < 3; i++) {
        const res = await fetch(meter.origin + route, { method: "POST" });
        if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`);
        const t = (await res.json()) as TraceCounts;
        runsOf[key]!.push(counted(t, requests));
        bucket.sums = add(bucket.sums, counted(t, requests));
        bucket.units++;
        if (!t.rowsReadComplete) bucket.unmetered++;
      }
    }
    const over = (runs: Counts[], n: number) => {
      const later = runs.slice(1).reduce((sum, r) => add(sum, r, 1 / (runs.length - 1)), zeroCounts());
      return add(runs[0]!, later, n - 1);
    };
    const sweepsPerHold = 1440 * holdDays;
    const sweepPerHeldView = new Bucket();
    if (credited > 0) {
      sweepPerHeldView.sums = add(zeroCounts(), over(runsOf.sweep!, sweepsPerHold), 1 / credited);
      sweepPerHeldView.units = 1;
      sweepPerHeldView.unmetered = sweepRun.unmetered;
    }
    const cronDay = new Bucket();
    cronDay.sums = over(runsOf.cron!, 1440);
    cronDay.units = 1;
    cronDay.unmetered = cronTick.unmetered;

    for (let i = 0; i < RUNS; i++) {
      const viewer = world.viewers[i % world.viewers.length]!;
      await meter.unit(b.wallet, [viewer.id], () => meter.send("GET", "/api/me/wallet", { cookie: viewer.cookie }));
    }

    // The 8 MiB item: as one request, and as 1 MiB ranges (8 requests), each way per 8 MiB.
    const big = world.stream;
    const streamRuns = Math.min(RUNS, 5);
    for (let i = 0; i < streamRuns; i++) {
      const viewer = world.viewers[i % world.viewers.length]!;
      await meter.unit(b.streamWhole, [viewer.id], () =>
        meter.send("GET", `/api/content/${big.id}/stream`, { cookie: viewer.cookie, headers: { range: "bytes=0-" } }),
      );
      await meter.unit(b.streamRanges, [viewer.id], async () => {
        for (let at = 0; at < big.size; at += MiB) {
          const range = `bytes=${at}-${Math.min(at + MiB, big.size) - 1}`;
          await meter.send("GET", `/api/content/${big.id}/stream`, { cookie: viewer.cookie, headers: { range } });
        }
      });
    }

    // Search again with the catalogue grown to 100k items.
    const seedStart = performance.now();
    await seedTo(meter, SMALL_CATALOGUE, LARGE_CATALOGUE);
    const seedSeconds = round((performance.now() - seedStart) / 1000, 1);
    log(`grown to ${LARGE_CATALOGUE} items in ${seedSeconds} s; search at 100k`);
    await search(meter, b.search100k, RUNS);

    const meanProgress = progressPerView.length
      ? progressPerView.reduce((s, x) => s + x, 0) / progressPerView.length
      : 0;
    const paths: PathRow[] = [
      row(
        "home, first visit (signed out)",
        "visit",
        b.homeFirst,
        `page + tracker; ${firstPage} thumbnails from the public bucket's domain (no Worker request, not driven)`,
      ),
      row("home, returning visit (signed out)", "visit", b.homeReturning, "page (boot answers in-process) + tracker"),
      row("gallery page (next page, cursor)", "page", b.gallery),
      row(`search at ${SMALL_CATALOGUE / 1000}k items`, "search", b.search1k, "first page; the 4 bench query words"),
      row(`search at ${LARGE_CATALOGUE / 1000}k items`, "search", b.search100k, "first page; the 4 bench query words"),
      row("stream of a played item (bytes=0-, one request)", "view", b.stream, "the earning items, 23–242 KB"),
      row("playback start", "start", b.start),
      row("progress event (not qualifying)", "event", b.progress),
      row("qualifying event", "event", b.qualifying),
      row("stream 8 MiB as one request", "8 MiB", b.streamWhole),
      row("stream 8 MiB as 1 MiB ranges (8 requests)", "8 MiB", b.streamRanges),
      row("wallet read", "read", b.wallet),
      row(
        "crediting (credit queue, else the earnings job)",
        "1,000 views",
        b.crediting,
        settling.units === 0
          ? `${credited} views settled by the credit queue's consumer in ${creditQueue.batches} batch(es), scaled to 1,000`
          : `${credited} views settled by ${settling.units} job call(s), less an empty call's counts, scaled to 1,000; ` +
              `without subtracting: ${round(settlingRaw.d1RowsRead)} rows read, ${round(settlingRaw.d1RowsWritten)} written`,
      ),
      row("sweep, one run (as the cron runs it every minute)", "run", sweepRun, `over ${credited} held views`),
      row(
        "sweep per held view over the whole hold",
        "held view",
        sweepPerHeldView,
        `the first run (it flags what it finds, once) + ${sweepsPerHold - 1} later runs (${holdDays} days × 1,440 a day in all), ÷ ${credited} held views: at this tiny held world the runs' fixed reads dominate`,
      ),
      row(
        "cron per day (earnings job, housekeeping, lifecycle, sweep), idle world",
        "day",
        cronDay,
        `the first tick + 1,439 later ones; ${SMALL_CATALOGUE} items, ${credited} views held; each tick counted as one Worker request`,
      ),
    ];

    const visit = add(
      add(
        add(
          add(zeroCounts(), b.homeFirst.mean(), MIX.visit.homeFirst),
          b.homeReturning.mean(),
          MIX.visit.homeReturning,
        ),
        b.gallery.mean(),
        MIX.visit.galleryPages,
      ),
      b.search1k.mean(),
      MIX.visit.searches,
    );
    const visitAt100k = add(
      add(visit, b.search1k.mean(), -MIX.visit.searches),
      b.search100k.mean(),
      MIX.visit.searches,
    );
    let view = add(add(zeroCounts(), b.stream.mean()), b.start.mean());
    view = add(add(view, b.progress.mean(), meanProgress), b.qualifying.mean());
    view = add(add(view, b.wallet.mean(), MIX.paidView.walletReads), b.crediting.mean(), 1 / 1000);
    const viewWithSweep = add(view, sweepPerHeldView.mean());
    const roundCounts = (c: Counts) =>
      Object.fromEntries(Object.entries(c).map(([k, v]) => [k, round(v, 3)])) as Counts;

    const report = {
      command: COMMAND,
      date: new Date().toISOString().slice(0, 10),
      machine: machine(),
      loadAverage,
      prices: {
        as_of: PRICES_AS_OF,
        pages: PRICE_PAGES,
        usd_per_million: USD_PER_MILLION,
        notes: [
          "Beyond-allowance prices: free and included allowances are not subtracted.",
          "Worker CPU time ($0.02 per million CPU-ms) is not metered (local workerd's CPU is not Cloudflare's) and is not in the figures.",
          "Durable Object duration (GB-s) is not metered and is not in the figures; requests (RPC calls, alarms) and SQLite rows are.",
          "Storage (GB-month) of D1, Durable Objects and R2 is not in the figures.",
          "Queue operations are three per message the consumers took (write, read, delete; no retries in the bench), and each consumer batch is counted as one Worker request.",
        ],
      },
      per_million: {
        visits_usd: round(usdPerMillion(visit), 2),
        // The same visit if its isolate gathered no other into its message (a quiet isolate): three queue operations
        // per visit. The bench's own pace gathers several per window (docs/decisions/087), production's depends on
        // each isolate's traffic.
        visits_usd_one_message_each: round(usdPerMillion({ ...visit, queueOps: QUEUE_OPS_PER_MESSAGE }), 2),
        visits_per_traffic_message: round(trafficItems / Math.max(1, trafficMessages), 2),
        visits_usd_search_at_100k: round(usdPerMillion(visitAt100k), 2),
        paid_views_usd: round(usdPerMillion(view), 2),
        paid_views_usd_with_sweep_at_this_scale: round(usdPerMillion(viewWithSweep), 2),
        cron_usd_per_day: round(usdPerMillion(cronDay.mean()) / 1e6, 6),
      },
      per_unit: {
        visit: roundCounts(visit),
        visit_search_at_100k: roundCounts(visitAt100k),
        paid_view: roundCounts(view),
        paid_view_with_sweep_at_this_scale: roundCounts(viewWithSweep),
      },
      mix: { ...MIX, paidView: { ...MIX.paidView, progressEventsPerView: round(meanProgress, 2) } },
      views: { played, qualified, credited, progressPerView },
      seedSeconds100k: seedSeconds,
      sweepRuns: runsOf.sweep,
      cronTicks: runsOf.cron,
      paths,
      not_measured: [
        {
          path: "the sweep and the cron at scale",
          why: "measured only over this run's few held views and idle world; at scale their cost depends on the held world's size and shape (bench:farm, bench:growth)",
        },
        {
          path: "the archive share of a paid view",
          why: "the lifecycle's archive work is in the idle cron tick only; a view's share of archiving was not driven",
        },
        {
          path: "signed-in page visits",
          why: "the SPA's signed-in first screen makes its own API calls (no boot answers); only the signed-out page is driven",
        },
        {
          path: "thumbnails",
          why: "served by Cloudflare's cache in front of the public bucket's own domain (decision 083): no Worker request and no D1; a miss is one R2 class B read, once per image per colo per cache lifetime (s-maxage one day), so at most images x colos reads a day whatever the visits (modelled, not driven)",
        },
      ],
      durationSec: round((performance.now() - T0) / 1000, 1),
    };
    writeFileSync("bench/cost-results.json", JSON.stringify(report, null, 1) + "\n");
    console.log(
      [
        "| path | unit | Worker req | D1 rows read | D1 rows written | DO req | DO rows read | DO rows written | R2 A | R2 B | queue ops | $ per 1M units |",
        "| --- | --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |",
        ...paths.map(
          (p) =>
            `| ${p.path} | ${p.unit} | ${p.counts.workerRequests} | ${p.counts.d1RowsRead}${p.d1_lower_bound ? "+" : ""} | ${p.counts.d1RowsWritten} | ${p.counts.doRequests} | ${p.counts.doRowsRead} | ${p.counts.doRowsWritten} | ${p.counts.r2ClassA} | ${p.counts.r2ClassB} | ${p.counts.queueOps} | ${p.usd_per_million} |`,
        ),
      ].join("\n"),
    );
    log(
      `done: $${report.per_million.visits_usd} per 1M visits ($${report.per_million.visits_usd_search_at_100k} with search at 100k), ` +
        `$${report.per_million.paid_views_usd} per 1M paid views; bench/cost-results.json`,
    );
  } finally {
    await server.stop();
  }
}

await main();
