// `npm run bench:studio`: what the creator studio costs (docs/decisions/048). For an item with 100 and with
// 100,000 views by others, on a fresh in-memory database with the real migrations (0020's triggers included), it
//  - counts the statements of the batch a qualified view writes (the watch-session object's writeQualified:
//    the view insert and both sides' challenge refresh) and the rows the studio's triggers add to it, and times
//    that batch with the triggers and, for comparison, without them (dropped on a second database);
//  - times the "finished" update a qualified view watched further writes as it leaves the object (moves its
//    retention bucket);
//  - times the studio's read (what worker/domain/studio/content-stats.ts readItemStats runs: readContentStats,
//    one batch of three primary-key reads, then statsFromRows) for 7 and 90 days, and, for comparison, the design not taken: the curve and the totals
//    counted over the item's views on every read.
// The Worker's own query functions run on Node's built-in SQLite (bench/notifications/node-d1.ts): SQLite's
// work, not D1's network. Writes bench/studio-results.json. About 30 s on 2 cores.
//
// Options: --sizes=100,100000  --reps=500
import "./notifications/resolve-ts.ts";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { DatabaseSync } from "node:sqlite";
import { drizzle } from "drizzle-orm/d1";
import { nodeD1 } from "./notifications/node-d1.ts";
import { percentile, round } from "./lib/stats.ts";

const { insertViewStatement, finishQualifiedViewStatement } = await import("../worker/db/queries/views/views.ts");
const { refreshChallengeStatements } = await import("../worker/db/queries/challenges/challenge-progress.ts");
const { readContentStats } = await import("../worker/db/queries/content/content-stats.ts");
const { rangeStart, statsFromRows } = await import("../worker/domain/studio/stats-from-rows.ts");
const schema = await import("../worker/db/schema/index.ts");

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const SIZES = (arg("sizes") ?? "100,100000").split(",").map(Number);
const REPS = Number(arg("reps") ?? 500);
const DURATION_MS = 600_000;
const DAY_MS = 86_400_000;
const METHODS = ["ai_recommended", "search", "browse", "follow", "shared_link"];
const T0 = performance.now();
const log = (msg: string) => console.log(`[bench:studio ${((performance.now() - T0) / 1000).toFixed(1)}s] ${msg}`);

const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(26 - prefix.length, "0")}`;
const iso = (ms: number) => new Date(ms).toISOString();

function freshDb(withStudioTriggers: boolean) {
  const sqlite = new DatabaseSync(":memory:");
  for (const file of readdirSync("migrations")
    .filter((f) => f.endsWith(".sql"))
    .sort())
    sqlite.exec(readFileSync(`migrations/${file}`, "utf8"));
  if (!withStudioTriggers) {
    for (const t of [
      "content_stats_after_view",
      "content_stats_after_view_finished",
      "content_stats_after_creator_reward",
      "content_stats_after_creator_reversal",
    ]) {
      sqlite.exec(`drop trigger ${t}`);
    }
  }
  return sqlite;
}

/** The creator, 200 viewers and the item, with `views` views spread over 90 days (inserted as the object does: triggers fire). */
function seed(sqlite: DatabaseSync, views: number) {
  const now = Date.now();
  const user = sqlite.prepare("insert into users (id, email, created_at) values (?1, ?2, ?3)");
  sqlite.exec("begin");
  user.run(id("C", 0), "creator@bench", iso(now - 120 * DAY_MS));
  for (let v = 0; v < 200; v++) user.run(id("V", v), `v${v}@bench`, iso(now - 120 * DAY_MS));
  sqlite
    .prepare(
      `insert into content (id, title, type, r2_key, media_size, media_content_type, duration_ms, created_by, created_at, updated_at, published_at)
    values (?1, 'Item', 'video', 'bench/item.mp4', 1000, 'video/mp4', ?2, ?3, ?4, ?4, ?4)`,
    )
    .run(id("K", 0), DURATION_MS, id("C", 0), iso(now - 100 * DAY_MS));
  const view =
    sqlite.prepare(`insert into views (id, content_id, viewer_id, creator_id, discovery_method, started_at, max_position_ms,
      last_event_at, qualified_at, qualified_day, status, watch_time_ms, end_reason)
    values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?6, ?8, ?9, ?10, ?11, ?12)`);
  for (let n = 0; n < views; n++) {
    const at = iso(now - (n % 90) * DAY_MS - n);
    const position = (n * 7919) % (DURATION_MS + 1);
    const qualified = position >= DURATION_MS * 0.8;
    view.run(
      id("W", n),
      id("K", 0),
      id("V", n % 200),
      id("C", 0),
      METHODS[n % METHODS.length]!,
      at,
      position,
      qualified ? at : null,
      qualified ? at.slice(0, 10) : null,
      qualified ? "qualified" : "ended",
      position,
      qualified ? null : "expired",
    );
  }
  sqlite.exec("commit");
}

async function time(reps: number, fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < Math.min(30, reps); i++) await fn(-1 - i);
  const ms: number[] = [];
  for (let i = 0; i < reps; i++) {
    const start = performance.now();
    await fn(i);
    ms.push(performance.now() - start);
  }
  return { p50: round(percentile(ms, 50), 3), p95: round(percentile(ms, 95), 3) };
}

const changes = (sqlite: DatabaseSync) =>
  Number((sqlite.prepare("select total_changes() as n").get() as { n: number }).n);

/** The batch a qualified view writes, as the object builds it; returns its statements and the rows it changed. */
async function qualifiedViewWrites(sqlite: DatabaseSync, reps: number) {
  const client = nodeD1(sqlite);
  const db = drizzle(client as unknown as D1Database, { schema });
  let statements = 0;
  let rows = 0;
  const timing = await time(reps, async (i) => {
    const n = i < 0 ? 1_000_000 - i : 2_000_000 + i;
    const at = iso(Date.now());
    const batch = [
      insertViewStatement(db, {
        id: id("Q", n),
        contentId: id("K", 0),
        viewerId: id("V", n % 200),
        creatorId: id("C", 0),
        discoveryMethod: "search",
        startedAt: at,
        lastEventAt: at,
        qualifiedAt: at,
        qualifiedDay: at.slice(0, 10),
        status: "qualified",
        watchTimeMs: DURATION_MS * 0.8,
        maxPositionMs: DURATION_MS * 0.8,
      }),
      ...[id("V", n % 200), id("C", 0)].flatMap((u) =>
        refreshChallengeStatements(client as unknown as D1Database, u, at, id("B", n)),
      ),
    ];
    const before = changes(sqlite);
    await client.batch(batch as never);
    statements = batch.length;
    rows = changes(sqlite) - before;
  });
  return { ...timing, statements, rowsChanged: rows, batches: 1 };
}

type SizeResult = {
  views: number;
  seedMs: number;
  qualifiedView: { p50: number; p95: number; statements: number; rowsChanged: number; batches: number };
  qualifiedViewWithoutStudio: { p50: number; p95: number; statements: number; rowsChanged: number; batches: number };
  finished: { p50: number; p95: number };
  read7d: { p50: number; p95: number; views: number; retentionViews: number };
  read90d: { p50: number; p95: number; views: number };
  countedOnRead: { p50: number; p95: number };
};

const results: SizeResult[] = [];
for (const views of SIZES) {
  const sqlite = freshDb(true);
  const seedStart = performance.now();
  seed(sqlite, views);
  const seedMs = Math.round(performance.now() - seedStart);
  const db = drizzle(nodeD1(sqlite) as unknown as D1Database, { schema });
  log(`${views} views seeded in ${seedMs} ms`);
  const readStats = async (range: "7d" | "90d") => {
    const nowMs = Date.now();
    return statsFromRows(await readContentStats(db, id("K", 0), rangeStart(range, nowMs)), "Item", range, nowMs);
  };
  let last7 = { views: 0, retentionViews: 0 };
  const read7d = await time(REPS, async () => {
    const s = await readStats("7d");
    last7 = { views: s.views, retentionViews: s.retentionViews };
  });
  let last90 = 0;
  const read90d = await time(REPS, async () => {
    last90 = (await readStats("90d")).views;
  });
  // The design not taken: the curve's buckets and the range's totals counted over the views on every read.
  const counted = sqlite.prepare(`select min(100, v.max_position_ms * 100 / c.duration_ms) as bucket, count(*) as n,
      sum(v.qualified_at is not null), sum(min(v.watch_time_ms, c.duration_ms))
    from views v join content c on c.id = v.content_id where v.content_id = ?1 and v.viewer_id <> v.creator_id group by 1`);
  const countedOnRead = await time(Math.max(5, Math.round(REPS / 10)), async () => counted.all(id("K", 0)));
  const qualifiedView = await qualifiedViewWrites(sqlite, REPS);
  let f = 0;
  const finish = sqlite
    .prepare("select id from views where content_id = ?1 and status = 'qualified' and max_position_ms < ?2 limit ?3")
    .all(id("K", 0), DURATION_MS, REPS + 30) as { id: string }[];
  const finished = await time(Math.min(REPS, finish.length - 30), async () => {
    const row = finish[f++]!;
    await nodeD1(sqlite).batch([
      finishQualifiedViewStatement(db, {
        id: row.id,
        maxPositionMs: DURATION_MS,
        watchTimeMs: DURATION_MS,
        lastEventAt: iso(Date.now()),
      }),
    ] as never);
  });
  sqlite.close();
  const bare = freshDb(false);
  seed(bare, views);
  const qualifiedViewWithoutStudio = await qualifiedViewWrites(bare, REPS);
  bare.close();
  const result: SizeResult = {
    views,
    seedMs,
    qualifiedView,
    qualifiedViewWithoutStudio,
    finished,
    read7d: { ...read7d, ...last7 },
    read90d: { ...read90d, views: last90 },
    countedOnRead,
  };
  results.push(result);
  log(JSON.stringify(result));
}

const [small, large] = [results[0]!, results.at(-1)!];
const ratio = (a: number, b: number) => round(b / a, 2);
const ratios = {
  read7d: { p50: ratio(small.read7d.p50, large.read7d.p50), p95: ratio(small.read7d.p95, large.read7d.p95) },
  read90d: { p50: ratio(small.read90d.p50, large.read90d.p50), p95: ratio(small.read90d.p95, large.read90d.p95) },
  countedOnRead: {
    p50: ratio(small.countedOnRead.p50, large.countedOnRead.p50),
    p95: ratio(small.countedOnRead.p95, large.countedOnRead.p95),
  },
  qualifiedView: {
    p50: ratio(small.qualifiedView.p50, large.qualifiedView.p50),
    p95: ratio(small.qualifiedView.p95, large.qualifiedView.p95),
  },
  studioTriggersOnTheWrite: { p50: ratio(large.qualifiedViewWithoutStudio.p50, large.qualifiedView.p50) },
};
const report = {
  date: new Date().toISOString().slice(0, 10),
  machine: `${os.cpus().length} CPUs, ${os.arch()}, ${os.cpus()[0]?.model.trim()}, Node ${process.version}`,
  command: `npm run bench:studio${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`,
  seconds: Math.round((performance.now() - T0) / 1000),
  reps: REPS,
  results,
  ratios,
};
writeFileSync("bench/studio-results.json", `${JSON.stringify(report, null, 2)}\n`);
log(`ratios ${SIZES.at(-1)} / ${SIZES[0]} views: ${JSON.stringify(ratios)}`);
