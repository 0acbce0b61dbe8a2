// The held-earnings world of `npm run bench:sweep`: credited views whose two earnings are still in holding,
// built in blocks of 2,000 views (block b is the same on every run), so a world of N views is N / 2,000
// blocks with the same mix. Pure TypeScript: the runner builds the rows and sends them to the bench Worker
// (POST /bench/seed-held) in time order, and knows what each block plants for the sweep to find.
//
// A block is mostly honest traffic, plus 1 % of its views for each pattern of the sweep's rules
// (worker/db/queries/reviews/review-rules.ts), planted so that each rule finds exactly the planted subjects:
//  - honest: 96 viewers, old accounts, each with an address (ip hash) of their own, 4 views a day on 5 days
//    (under the bench's daily cap of 6, and under its "near the cap" of 5) of 100 items by 20 creators: 1,920 views;
//  - two pairs of accounts created the day before the first of their views, each watching the other's item once
//    a day for 5 days: 20 views. A ring is a shape rule now (docs/decisions/065), judged by `npm run bench:farm`;
//    here they are rows no held-reward rule may flag;
//  - shared_ip: 2 (viewer, creator) pairs, old accounts: the viewer watches the creator's item 3 times a day
//    on 3 days from one address, and the creator watches an honest item once from that same address: 20 views;
//  - daily_cap: 1 viewer near the cap (5 views under a cap of 6) on each of 4 days: 20 views;
//  - same_day_accounts: 2 honest creators' items, each watched once by 10 accounts created that same day:
//    20 views.
// Views qualified over the 5 UTC days before `baseDay` (the day the run started), credited 30 s later, held
// for 7 days from then: every earning is in holding for at least a day after `baseDay` begins.
//
// Rows are inserted in time order (`heldWorld`), as production writes them: a view when it qualifies, its
// earnings when the job credits it. That order matters to the cost being measured: the sweep walks
// `earnings_held_idx` (by available_at) and looks each earning and its view up by key, and when rowids
// follow time those lookups touch neighbouring pages. Inserted block by block instead (every block spans all
// five days), the same walk jumps across the whole table: in node:sqlite the plain held scan (earnings joined
// to their views) cost 1.4× as much per row at 100k as at 10k that way, 1.1× in time order.

export const BLOCK_VIEWS = 2000;
export const DAILY_CAP = 6;
/** The planted viewer's views a day: "near" a cap of 6 (within a tenth, at least one under: 5). */
const CAPPED_PER_DAY = 5;
const HOLD_DAYS = 7;
const REWARD_MICROS = 3000;
const DAY_MS = 86_400_000;
/** Honest accounts and items were created long before any view in holding. */
const OLD_MS = Date.parse("2024-01-01T00:00:00.000Z");

const HONEST_VIEWERS = 96;
const HONEST_CREATORS = 20;
const HONEST_ITEMS = 100;
const DAYS = 5;
const HONEST_PER_DAY = 4;

export type ReviewRule = "shared_ip" | "daily_cap" | "same_day_accounts";

/** What one block plants per rule: subjects (one flag each) and the held earnings those flags cover. */
export const PLANTED_PER_BLOCK: Record<ReviewRule, { subjects: number; earnings: number; views: number }> = {
  // The creator's own view from the shared address is not covered: it is the evidence, not a reward to the pair.
  shared_ip: { subjects: 2, earnings: 36, views: 20 },
  daily_cap: { subjects: 1, earnings: 40, views: 20 },
  same_day_accounts: { subjects: 2, earnings: 40, views: 20 },
};

type UserRow = [id: string, email: string, createdAt: string];
type ContentRow = [id: string, title: string, r2Key: string, durationMs: number, createdBy: string, createdAt: string];
type ViewRow = [
  id: string,
  contentId: string,
  viewerId: string,
  creatorId: string,
  ipHash: string,
  startedAt: string,
  positionMs: number,
  qualifiedAt: string,
  qualifiedDay: string,
  creditSlot: number,
];
type EarningRow = [
  id: string,
  userId: string,
  kind: "viewer" | "creator",
  viewId: string,
  contentId: string,
  amount: number,
  createdAt: string,
  availableAt: string,
];
export type Block = { users: UserRow[]; content: ContentRow[]; views: ViewRow[]; earnings: EarningRow[] };

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A ULID-shaped id: 10 characters of time, then a letter per table (A users, C content, V views, E earnings) and a serial unique within it. */
function id(timeMs: number, table: string, serial: number): string {
  let time = "";
  let t = Math.floor(timeMs);
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32]! + time;
    t = Math.floor(t / 32);
  }
  let tail = "";
  let s = serial;
  for (let i = 0; i < 15; i++) {
    tail = CROCKFORD[s % 32]! + tail;
    s = Math.floor(s / 32);
  }
  return time + table + tail;
}

/** 64 hex characters, like the salted SHA-256 the Worker stores: index entries as wide as production's. */
function ipHash(key: number): string {
  let x = (key * 2654435761) >>> 0 || 1;
  let out = "";
  for (let i = 0; i < 8; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out += (x >>> 0).toString(16).padStart(8, "0");
  }
  return out;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The rows of block `b`, for a run that started on UTC day `baseDay` (YYYY-MM-DD). */
function heldBlock(b: number, baseDay: string): Block {
  const base = Date.parse(`${baseDay}T00:00:00.000Z`);
  const dayStart = (k: number) => base - k * DAY_MS;
  const out: Block = { users: [], content: [], views: [], earnings: [] };
  // Serials: room for 1,000 users, items and 10,000 views per block.
  let userSerial = b * 1000;
  let itemSerial = b * 1000;
  let viewSerial = b * 10_000;

  const user = (kind: string, createdMs: number) => {
    const n = userSerial++;
    const row: UserRow = [id(createdMs, "A", n), `sweep-${kind}-${n}@bench.example`, iso(createdMs)];
    out.users.push(row);
    return { id: row[0], ip: ipHash(n + 1) };
  };
  const item = (creatorId: string, durationMs: number) => {
    const n = itemSerial++;
    const createdMs = OLD_MS + n * 60_000;
    const row: ContentRow = [
      id(createdMs, "C", n),
      `Held bench item ${n}`,
      `bench/held/${n}.mp4`,
      durationMs,
      creatorId,
      iso(createdMs),
    ];
    out.content.push(row);
    return { id: row[0], creatorId, durationMs };
  };
  type Item = ReturnType<typeof item>;
  /** A credited view qualified at `qualifiedMs`, and both its earnings, credited 30 s later and held from then. */
  const view = (viewer: { id: string; ip: string }, it: Item, qualifiedMs: number, slot: number, ip = viewer.ip) => {
    const n = viewSerial++;
    const watchedMs = Math.round(it.durationMs * 0.8);
    const vid = id(qualifiedMs, "V", n);
    const day = iso(qualifiedMs).slice(0, 10);
    out.views.push([
      vid,
      it.id,
      viewer.id,
      it.creatorId,
      ip,
      iso(qualifiedMs - watchedMs),
      watchedMs,
      iso(qualifiedMs),
      day,
      slot,
    ]);
    const credited = qualifiedMs + 30_000;
    const available = iso(credited + HOLD_DAYS * DAY_MS);
    out.earnings.push(
      [id(credited, "E", 2 * n), viewer.id, "viewer", vid, it.id, REWARD_MICROS, iso(credited), available],
      [id(credited, "E", 2 * n + 1), it.creatorId, "creator", vid, it.id, REWARD_MICROS, iso(credited), available],
    );
  };
  /** A moment of day k (1..5 days before the base day), spread over its hours by `i`. */
  const at = (k: number, i: number) => dayStart(k) + 3_600_000 + ((i * 7919) % 72_000) * 1000;

  const creators = Array.from({ length: HONEST_CREATORS }, (_, i) => user("creator", OLD_MS + i * 3_600_000));
  const items = Array.from({ length: HONEST_ITEMS }, (_, i) =>
    item(creators[(i * i) % HONEST_CREATORS]!.id, 60_000 + ((i * 37) % 540) * 1000),
  );
  const viewers = Array.from({ length: HONEST_VIEWERS }, (_, i) => user("viewer", OLD_MS + i * 60_000));
  for (const [j, v] of viewers.entries()) {
    for (let k = 1; k <= DAYS; k++) {
      // Four different items a day (offsets 25 apart in a pool of 100), a different set every day.
      for (let s = 0; s < HONEST_PER_DAY; s++)
        view(v, items[(j * 7 + k * 13 + s * 25) % HONEST_ITEMS]!, at(k, j * 31 + s), 1);
    }
  }

  // Two pairs (a ring to the shape rules): accounts created the day before their first view, watching each other daily.
  for (let p = 0; p < 2; p++) {
    const a = user("ring", dayStart(DAYS + 1) + p * 60_000);
    const c = user("ring", dayStart(DAYS + 1) + p * 60_000 + 30_000);
    const aItem = item(a.id, 90_000);
    const cItem = item(c.id, 90_000);
    for (let k = 1; k <= DAYS; k++) {
      view(a, cItem, at(k, p), 1);
      view(c, aItem, at(k, p + 1), 1);
    }
  }

  // shared_ip: the viewer watches the creator's item from the creator's own address.
  for (let p = 0; p < 2; p++) {
    const viewer = user("shared-viewer", OLD_MS + p * 60_000);
    const creator = user("shared-creator", OLD_MS + p * 60_000 + 30_000);
    const own = item(creator.id, 120_000);
    for (let k = 1; k <= 3; k++) for (let s = 1; s <= 3; s++) view(viewer, own, at(k, p * 10 + s), s, creator.ip);
    view(creator, items[p]!, at(1, 99), 1);
  }

  // daily_cap: CAPPED_PER_DAY views on each of 4 days, each of a different honest item.
  const capped = user("capped", OLD_MS);
  for (let k = 1; k <= 4; k++)
    for (let s = 0; s < CAPPED_PER_DAY; s++) view(capped, items[(k * 11 + s * 17) % HONEST_ITEMS]!, at(k, 50 + s), 1);

  // same_day_accounts: two honest creators' items, each watched only by accounts created that same day.
  for (let q = 0; q < 2; q++) {
    const target = item(creators[q]!.id, 45_000);
    for (let i = 0; i < 10; i++) {
      const k = 1 + (i % DAYS);
      const fresh = user("fresh", dayStart(k) + 600_000 + i * 1000);
      view(fresh, target, at(k, 200 + i) + 3_600_000, 1);
    }
  }
  return out;
}

/** N / 2,000 blocks, each table in time order (users and items by creation, views by qualification, earnings by credit). */
export function heldWorld(views: number, baseDay: string): Block {
  if (!Number.isInteger(views / BLOCK_VIEWS) || views <= 0)
    throw new Error(`held views must be a positive multiple of ${BLOCK_VIEWS}`);
  const out: Block = { users: [], content: [], views: [], earnings: [] };
  for (let b = 0; b < views / BLOCK_VIEWS; b++) {
    const block = heldBlock(b, baseDay);
    out.users.push(...block.users);
    out.content.push(...block.content);
    out.views.push(...block.views);
    out.earnings.push(...block.earnings);
  }
  const by =
    <T>(key: (row: T) => string) =>
    (a: T, b: T) =>
      key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
  out.users.sort(by((u) => u[2] + u[0]));
  out.content.sort(by((c) => c[5] + c[0]));
  out.views.sort(by((v) => v[7] + v[0]));
  out.earnings.sort(by((e) => e[6] + e[0]));
  return out;
}
