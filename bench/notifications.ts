// `npm run bench:notifications`: what following and the bell cost at scale (docs/decisions/046). For a creator
// with 10 and with 100,000 followers, on a fresh in-memory database with the real migrations, it times
//  - an upload: the finalize batch the Worker runs (worker/db/queries/uploads/finalize.ts), and counts the bell rows it
//    writes (fan-out on read: none, whatever the followers);
//  - the bell's read for one of those followers (worker/db/queries/notifications/notifications.ts readBell: own rows merged
//    with followed creators' uploads, one batch), with the notifications table grown alongside (3 rows per
//    member);
//  - the creator page's follower count (worker/db/queries/follows/follows.ts followStateOf), and a page of Home's "From
//    creators you follow" for that follower (listFollowedUploads; the big creator by then has 1,000+ items);
//  - for comparison, the design not taken: one bell row per follower written on each upload (rolled back).
// The Worker's own query functions run on Node's built-in SQLite (bench/notifications/node-d1.ts): SQLite's
// work, not D1's network. Writes bench/notifications-results.json. About 30 s on 2 cores.
//
// Options: --sizes=10,100000  --reps=300
import "./notifications/resolve-ts.ts";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { DatabaseSync } from "node:sqlite";
import { drizzle } from "drizzle-orm/d1";
import { nodeD1 } from "./notifications/node-d1.ts";
import { percentile, round } from "./lib/stats.ts";

const { readBell } = await import("../worker/db/queries/notifications/notifications.ts");
const { insertFinalizedContent } = await import("../worker/db/queries/uploads/finalize.ts");
const { followStateOf, listFollowedUploads } = await import("../worker/db/queries/follows/follows.ts");
const schema = await import("../worker/db/schema/index.ts");

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const SIZES = (arg("sizes") ?? "10,100000").split(",").map(Number);
const REPS = Number(arg("reps") ?? 1000);
const FOLLOWED_BY_READER = 20;
const UPLOADS_PER_CREATOR = 60;
const OWN_ROWS_PER_MEMBER = 3;
const DAY_MS = 86_400_000;
const T0 = performance.now();
const log = (msg: string) =>
  console.log(`[bench:notifications ${((performance.now() - T0) / 1000).toFixed(1)}s] ${msg}`);

const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(26 - prefix.length, "0")}`;
const iso = (ms: number) => new Date(ms).toISOString();

function freshDb() {
  const sqlite = new DatabaseSync(":memory:");
  for (const file of readdirSync("migrations")
    .filter((f) => f.endsWith(".sql"))
    .sort())
    sqlite.exec(readFileSync(`migrations/${file}`, "utf8"));
  return sqlite;
}

/** Members, the big creator's followers, the reader's follows and the uploads and bell rows they see. */
function seed(sqlite: DatabaseSync, followers: number) {
  const now = Date.now();
  const user = sqlite.prepare("insert into users (id, email, created_at) values (?1, ?2, ?3)");
  const follow = sqlite.prepare("insert into follows (follower_id, creator_id, created_at) values (?1, ?2, ?3)");
  const item =
    sqlite.prepare(`insert into content (id, title, type, r2_key, media_size, media_content_type, duration_ms, created_by, created_at, updated_at, published_at)
    values (?1, ?2, 'video', ?3, 1000, 'video/mp4', 10000, ?4, ?5, ?5, ?5)`);
  const own = sqlite.prepare(
    `insert into notifications (user_num, kind, ref, grp, count, amount_micros, at, day) values ((select num from users where id = ?1), 'views_credited', ?2, 'earnings', 3, 9000, ?3, substr(?3, 1, 10))`,
  );
  sqlite.exec("begin");
  const big = id("C", 0);
  user.run(big, "big@bench", iso(now - 90 * DAY_MS));
  const creators = [big, ...Array.from({ length: FOLLOWED_BY_READER - 1 }, (_, i) => id("C", i + 1))];
  for (const c of creators.slice(1)) user.run(c, `${c}@bench`, iso(now - 90 * DAY_MS));
  for (let f = 0; f < followers; f++) {
    const fid = id("F", f);
    user.run(fid, `${fid}@bench`, iso(now - 90 * DAY_MS));
    follow.run(fid, big, iso(now - 80 * DAY_MS + f));
    for (let d = 0; d < OWN_ROWS_PER_MEMBER; d++)
      own.run(fid, iso(now - d * DAY_MS).slice(0, 10), iso(now - d * DAY_MS));
  }
  const reader = id("F", 0);
  for (const c of creators.slice(1)) follow.run(reader, c, iso(now - 80 * DAY_MS));
  let n = 0;
  for (const c of creators) {
    for (let u = 0; u < UPLOADS_PER_CREATOR; u++) {
      const cid = id("K", n++);
      item.run(cid, `Upload ${n}`, `bench/${cid}.mp4`, c, iso(now - (u * 60 * DAY_MS) / UPLOADS_PER_CREATOR - 1000));
    }
  }
  sqlite.exec("commit");
  return { big, reader };
}

async function time(reps: number, fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < Math.min(30, reps); i++) await fn(-1 - i);
  const ms: number[] = [];
  for (let i = 0; i < reps; i++) {
    const start = performance.now();
    await fn(i);
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  return { p50: round(percentile(ms, 50), 3), p95: round(percentile(ms, 95), 3) };
}

type SizeResult = {
  followers: number;
  seedMs: number;
  notificationRows: number;
  upload: { p50: number; p95: number; bellRowsWritten: number };
  fanOutOnWrite: { p50: number; p95: number };
  bell: { p50: number; p95: number; items: number; unread: number };
  followerCount: { p50: number; p95: number; followers: number };
  homePage: { p50: number; p95: number; items: number };
};

const results: SizeResult[] = [];
for (const followers of SIZES) {
  const sqlite = freshDb();
  const seedStart = performance.now();
  const { big, reader } = seed(sqlite, followers);
  const seedMs = Math.round(performance.now() - seedStart);
  const client = nodeD1(sqlite);
  const db = drizzle(client as unknown as D1Database, { schema });
  log(`${followers} followers seeded in ${seedMs} ms`);

  const rowsBefore = (sqlite.prepare("select count(*) as n from notifications").get() as { n: number }).n;
  let uploads = 0;
  const upload = await time(REPS, async () => {
    const cid = id("N", uploads++);
    const at = iso(Date.now());
    await insertFinalizedContent(
      db,
      {
        id: cid,
        title: "New",
        type: "video",
        r2Key: `bench/new/${cid}.mp4`,
        mediaSize: 1000,
        mediaContentType: "video/mp4",
        durationMs: 10_000,
        createdBy: big,
        createdAt: at,
        updatedAt: at,
      },
      [],
    );
  });
  const bellRowsWritten =
    (sqlite.prepare("select count(*) as n from notifications").get() as { n: number }).n - rowsBefore;
  const now = iso(Date.now());
  const since = iso(Date.now() - 30 * DAY_MS);
  let last = { items: [] as unknown[], unread: 0 };
  const bell = await time(REPS, async () => {
    last = await readBell(db, reader, now, since);
  });
  let pageItems = 0;
  const homePage = await time(REPS, async () => {
    pageItems = (await listFollowedUploads(db, { userId: reader, now, uploadsSince: since, after: null, limit: 12 }))
      .length;
  });
  let count = { followers: 0, following: false };
  const followerCount = await time(REPS, async () => {
    count = await followStateOf(db, big, reader);
  });
  // What the rejected design would pay: one bell row per follower on each upload (fan-out on write), rolled back.
  const fanOutOnWrite = await time(Math.max(5, Math.round(REPS / 100)), async (i) => {
    sqlite.exec("begin");
    sqlite
      .prepare(
        `insert into notifications (user_num, kind, ref, grp, subject_id, at, day)
      select u.num, 'upload', ?2, 'uploads', ?2, ?3, substr(?3, 1, 10) from follows f join users u on u.id = f.follower_id where f.creator_id = ?1`,
      )
      .run(big, `W${i}`, iso(Date.now()));
    sqlite.exec("rollback");
  });
  const result: SizeResult = {
    followers,
    seedMs,
    notificationRows: rowsBefore,
    upload: { ...upload, bellRowsWritten },
    fanOutOnWrite,
    bell: { ...bell, items: last.items.length, unread: last.unread },
    followerCount: { ...followerCount, followers: count.followers },
    homePage: { ...homePage, items: pageItems },
  };
  results.push(result);
  log(JSON.stringify(result));
  sqlite.close();
}

const [small, large] = [results[0]!, results.at(-1)!];
const ratio = (a: number, b: number) => round(b / a, 2);
const ratios = {
  upload: { p50: ratio(small.upload.p50, large.upload.p50), p95: ratio(small.upload.p95, large.upload.p95) },
  fanOutOnWrite: {
    p50: ratio(small.fanOutOnWrite.p50, large.fanOutOnWrite.p50),
    p95: ratio(small.fanOutOnWrite.p95, large.fanOutOnWrite.p95),
  },
  bell: { p50: ratio(small.bell.p50, large.bell.p50), p95: ratio(small.bell.p95, large.bell.p95) },
  followerCount: {
    p50: ratio(small.followerCount.p50, large.followerCount.p50),
    p95: ratio(small.followerCount.p95, large.followerCount.p95),
  },
  homePage: { p50: ratio(small.homePage.p50, large.homePage.p50), p95: ratio(small.homePage.p95, large.homePage.p95) },
};
const report = {
  date: new Date().toISOString().slice(0, 10),
  machine: `${os.cpus().length} CPUs, ${os.arch()}, ${os.cpus()[0]?.model.trim()}, Node ${process.version}`,
  command: `npm run bench:notifications${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`,
  seconds: Math.round((performance.now() - T0) / 1000),
  reps: REPS,
  results,
  ratios,
};
writeFileSync("bench/notifications-results.json", `${JSON.stringify(report, null, 2)}\n`);
log(`ratios ${SIZES.at(-1)} / ${SIZES[0]} followers: ${JSON.stringify(ratios)}`);
