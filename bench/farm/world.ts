// The synthetic world of `npm run bench:farm` (the model is written out in bench/README.md, "Farm benchmark"):
// an honest population and the farms of docs/decisions' threat list, as accounts, items and qualified views per
// simulated day. Pure TypeScript and seeded: the same options give the same world. The runner sends it to the
// bench Worker, which writes the views as the watch-session object does and runs the real job and sweep.
import { ulid } from "ulid";
import * as viewRules from "../../common/earning-policy.ts";
import { mulberry32 as rng } from "../lib/random.ts";

export const DAY_MS = 86_400_000;
const HOUR = 3_600_000;
/** The product's documented thresholds a patient farm stays one view under (read where the product states them). */
const rules = viewRules as Record<string, unknown>;
export const PER_ITEM_PER_DAY = Number(rules.EARNABLE_VIEWS_PER_DAY ?? 3);
/** settings.daily_earnable_views' default (common/earning-policy.ts); the bench leaves it as shipped. */
export const DAILY_CAP: number = viewRules.TUNABLE_EARNING_RULES.daily_earnable_views.default;
/** Paid views per network per creator and day, where the tree has such a rule (none: no such threshold). */
/**
 * Lockstep viewers' views a day: no documented threshold binds them, so fewer than the cap keeps the run short;
 * the yield per account-day they would reach at 99 scales with it.
 */
const LOCKSTEP_VIEWS = 45;
const NETWORK_CAP =
  typeof rules.PAID_VIEWS_PER_NETWORK_PER_CREATOR_PER_DAY === "number"
    ? rules.PAID_VIEWS_PER_NETWORK_PER_CREATOR_PER_DAY
    : null;

export type Template = "real" | "audio" | "tiny";
/** `signUp`: made through the real sign-in (enrolled in the challenges), then moved to `createdAt`. */
type Account = { key: string; email: string; createdAt: number; group: string; kind: string; signUp?: boolean };
type Item = { id: string; creator: string; template: Template; createdAt: number };
export type ScriptedView = { id: string; item: string; viewer: string; address: string; startedAt: number };
export type World = {
  accounts: Account[];
  items: Item[];
  /** Per simulated day, the views that qualify on it, in time order. */
  days: ScriptedView[][];
  strategies: { name: string; what: string }[];
};

export function buildWorld(opts: { members: number; days: number; baseMs: number; seed?: number }): World {
  const rand = rng(opts.seed ?? 37);
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
  const { baseMs, days: DAYS } = opts;
  const accounts: Account[] = [];
  const items: Item[] = [];
  const days: ScriptedView[][] = Array.from({ length: DAYS }, () => []);
  const templateOf = new Map<string, Template>();
  let n = 0;
  const account = (group: string, kind: string, at: number, signUp = false): Account => {
    const createdAt = Math.round(at);
    const a: Account = {
      key: `${group === "honest" ? "h" : "f"}${++n}`,
      email: `farm-bench-${n}@example.com`,
      createdAt,
      group,
      kind,
      signUp,
    };
    accounts.push(a);
    return a;
  };
  const creatorOfItem = new Map<string, string>();
  const item = (creator: Account, template: Template, createdAt: number) => {
    createdAt = Math.round(createdAt);
    const it: Item = { id: ulid(createdAt), creator: creator.key, template, createdAt };
    items.push(it);
    creatorOfItem.set(it.id, creator.key);
    templateOf.set(it.id, template);
    return it;
  };
  const view = (day: number, viewer: Account, it: Item, address: string, atMs: number) => {
    if (day < 0 || day >= DAYS || viewer.key === it.creator) return;
    const startedAt = Math.round(
      Math.min(
        Math.max(atMs, baseMs + day * DAY_MS, viewer.createdAt + 60_000, it.createdAt + 60_000),
        baseMs + (day + 1) * DAY_MS - 60_000,
      ),
    );
    days[day]!.push({ id: ulid(startedAt), item: it.id, viewer: viewer.key, address, startedAt });
  };
  const dayStart = (d: number) => baseMs + d * DAY_MS;
  const agedBy = (lo: number, hi: number) => baseMs - int(lo, hi) * DAY_MS - int(0, 86_399) * 1000;
  let v4 = 0;
  const ownIpv4 = () => {
    v4++;
    return `${20 + ((v4 >> 16) & 127)}.${(v4 >> 8) & 255}.${v4 & 255}.7`;
  };
  let v6 = 0;
  /** A home's /56 prefix; its /64s are prefix + one byte. */
  const ipv6Home = () => {
    v6++;
    return `2001:db8:${(v6 >> 8).toString(16)}:${(v6 & 255).toString(16)}`;
  };
  const on64 = (home: string, subnet: number) =>
    `${home}${subnet.toString(16).padStart(2, "0")}::${int(1, 0xffff).toString(16)}:${int(1, 0xffff).toString(16)}`;

  // ---- Honest population ------------------------------------------------------------------------------
  const members: {
    a: Account;
    address: () => string;
    pActive: number;
    perDay: number;
    hour: number;
    favourites: Account[];
  }[] = [];
  const N = opts.members;
  const CGNAT = ["198.51.100.1", "198.51.100.2", "198.51.100.3", "198.51.100.4"];
  let left = N;
  const cgnatCount = Math.round(N * 0.15);
  // Address kinds: 15 % behind one carrier-grade NAT (4 shared IPv4 addresses), 40 % in IPv4 households of 2-4,
  // 20 % in IPv6 homes of 1-4 (a /56 each, every member on a /64 of it), 25 % alone on an IPv4 address.
  const addressKinds: { kind: string; address: () => string }[] = [];
  for (let i = 0; i < cgnatCount; i++) addressKinds.push({ kind: "cgnat", address: () => pick(CGNAT) });
  left -= cgnatCount;
  let households = Math.round(N * 0.4);
  while (households > 0) {
    const size = Math.min(households, int(2, 4));
    const ip = ownIpv4();
    for (let i = 0; i < size; i++) addressKinds.push({ kind: "household", address: () => ip });
    households -= size;
    left -= size;
  }
  let homes6 = Math.round(N * 0.2);
  while (homes6 > 0) {
    const size = Math.min(homes6, int(1, 4));
    const home = ipv6Home();
    for (let i = 0; i < size; i++) addressKinds.push({ kind: "ipv6_home", address: () => on64(home, i) });
    homes6 -= size;
    left -= size;
  }
  for (; left > 0; left--) {
    const ip = ownIpv4();
    addressKinds.push({ kind: "single", address: () => ip });
  }
  for (let i = addressKinds.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [addressKinds[i], addressKinds[j]] = [addressKinds[j]!, addressKinds[i]!];
  }
  for (const [i, ak] of addressKinds.entries()) {
    // Accounts of all ages: most older than a week, 5 % younger than a week, 2 % made during the run.
    const r = rand();
    const createdAt =
      r < 0.02 ? dayStart(int(0, DAYS - 2)) + int(0, 20) * HOUR : r < 0.07 ? agedBy(1, 7) : agedBy(8, 1000);
    const a = account("honest", ak.kind, createdAt);
    members.push({
      a,
      address: ak.address,
      pActive: 0.2 + rand() * 0.7,
      perDay: Math.max(1, Math.round(-Math.log(1 - rand()) * 3.5)),
      hour: int(7, 23),
      favourites: [],
    });
    void i;
  }
  // Creators: 8 % of members, popularity Zipf (s = 1.1) by rank; items 3-30, more for the popular.
  const creatorCount = Math.max(10, Math.round(N * 0.08));
  const creators = members
    .slice(0, creatorCount)
    .map((m, rank) => ({ m, weight: 1 / Math.pow(rank + 1, 1.1), items: [] as Item[] }));
  for (const [rank, c] of creators.entries()) {
    if (c.m.a.createdAt > baseMs - 10 * DAY_MS) c.m.a.createdAt = agedBy(10, 1000);
    c.m.a.kind = "creator";
    const count = Math.max(3, Math.min(30, Math.round(30 / Math.sqrt(rank + 1))));
    for (let k = 0; k < count; k++)
      c.items.push(
        item(c.m.a, rand() < 0.2 ? "audio" : "real", c.m.a.createdAt + rand() * (baseMs - c.m.a.createdAt - DAY_MS)),
      );
  }
  const totalWeight = creators.reduce((s, c) => s + c.weight, 0);
  const popularCreator = () => {
    let x = rand() * totalWeight;
    for (const c of creators) if ((x -= c.weight) <= 0) return c;
    return creators.at(-1)!;
  };
  const itemOf = (c: { items: Item[] }) =>
    c.items[Math.min(c.items.length - 1, Math.floor(Math.pow(rand(), 2) * c.items.length))]!;
  const byKey = new Map(creators.map((c) => [c.m.a.key, c]));
  for (const m of members) m.favourites = Array.from({ length: int(2, 8) }, () => popularCreator().m.a);
  const timeOn = (d: number, hour: number) =>
    dayStart(d) + Math.max(0, Math.min(23.9, hour + (rand() - 0.5) * 5)) * HOUR;

  // Binge watchers: 1 % of members, at or past the daily cap on 3 of the days.
  const bingers = new Map<string, Set<number>>();
  for (const m of members.slice(creatorCount, creatorCount + Math.max(5, Math.round(N * 0.01)))) {
    m.a.kind = "binge";
    bingers.set(m.a.key, new Set([int(0, DAYS - 1), int(0, DAYS - 1), int(0, DAYS - 1)]));
  }
  // Creator communities: 4 groups of 6 small creators who watch each other's items (and have outside audiences).
  const small = creators.slice(Math.min(30, creators.length - 24));
  const communities: (typeof creators)[] = [];
  for (let g = 0; g < 4 && (g + 1) * 6 <= small.length; g++) communities.push(small.slice(g * 6, g * 6 + 6));
  for (const c of communities.flat()) c.m.a.kind = "community_creator";
  // New creators whose first fans are friends: 3 accounts made on day 1 who upload 5 items on day 2; 8 friends
  // each (older members, who go on watching others too) watch them from day 2; outsiders find them from day 4.
  const newCreators = Array.from({ length: 3 }, () => {
    const home = ownIpv4();
    const m = {
      a: account("honest", "new_creator", dayStart(1) + int(8, 20) * HOUR),
      address: () => home,
      pActive: 0.8,
      perDay: 3,
      hour: int(9, 22),
      favourites: [] as Account[],
    };
    m.favourites = Array.from({ length: 4 }, () => popularCreator().m.a);
    members.push(m);
    const c = {
      m,
      weight: 0,
      items: Array.from({ length: 5 }, (_, k) => item(m.a, "real", dayStart(2) + (9 + k) * HOUR)),
    };
    const friends = members
      .slice(creatorCount + 40, members.length - 1)
      .sort(() => rand() - 0.5)
      .slice(0, 8);
    for (const f of friends) f.a.kind = "new_creator_friend";
    return { c, friends };
  });

  // Honest sign-on claimants: 8 new members through the real sign-in on days 1-9, who watch a dozen items in
  // their first day, upload one item an hour after signing up, and are watched by a follower on another address.
  const claimants = Array.from({ length: 8 }, () => {
    const d = int(1, Math.max(1, Math.min(9, DAYS - 2)));
    const at = dayStart(d) + int(6, 14) * HOUR;
    const home = ownIpv4();
    const m = {
      a: account("honest", "claimant", at, true),
      address: () => home,
      pActive: 0.6,
      perDay: 3,
      hour: int(9, 22),
      favourites: [] as Account[],
    };
    m.favourites = Array.from({ length: 4 }, () => popularCreator().m.a);
    members.push(m);
    return { m, d, at, upload: item(m.a, "real", at + HOUR) };
  });
  const singles = members.filter((m) => m.a.kind === "single" && m.a.createdAt < baseMs - 8 * DAY_MS);

  for (let d = 0; d < DAYS; d++) {
    for (const m of members) {
      if (m.a.createdAt > dayStart(d + 1)) continue;
      const binge = bingers.get(m.a.key)?.has(d);
      if (!binge && rand() > m.pActive) continue;
      const count = binge ? int(DAILY_CAP, DAILY_CAP + 15) : Math.min(40, m.perDay + int(-1, 2));
      for (let k = 0; k < count; k++) {
        const c =
          m.favourites.length && rand() < 0.75
            ? (byKey.get(pick(m.favourites).key) ?? popularCreator())
            : popularCreator();
        view(d, m.a, itemOf(c), m.address(), binge ? dayStart(d) + (8 + (14 * k) / count) * HOUR : timeOn(d, m.hour));
      }
    }
    for (const community of communities) {
      for (const c of community) {
        if (rand() > 0.7) continue;
        for (let k = int(2, 5); k > 0; k--) view(d, c.m.a, itemOf(pick(community)), c.m.address(), timeOn(d, c.m.hour));
      }
    }
    for (const { c, friends } of newCreators) {
      if (d < 2) continue;
      for (const f of friends)
        if (rand() < 0.8) for (let k = int(2, 5); k > 0; k--) view(d, f.a, itemOf(c), f.address(), timeOn(d, f.hour));
      if (d >= 4)
        for (let k = int(3, 10); k > 0; k--) {
          const o = pick(members);
          view(d, o.a, itemOf(c), o.address(), timeOn(d, o.hour));
        }
    }
    for (const cl of claimants) {
      if (d !== cl.d) continue;
      const seen = new Set<string>();
      for (let k = 0; k < 12; k++) {
        let it = itemOf(popularCreator());
        for (let tries = 0; seen.has(it.id) && tries < 20; tries++) it = itemOf(popularCreator());
        seen.add(it.id);
        view(d, cl.m.a, it, cl.m.address(), cl.at + (1 + k) * 12 * 60_000);
      }
      // The follower is an established member who watches others: two creators or more in the run so far (the
      // run has no history before its first day; a certifier must have watched two other creators: decision 065).
      const watched = new Map<string, Set<string>>();
      for (let dd = 0; dd <= d; dd++) {
        for (const v of days[dd]!) {
          const creator = creatorOfItem.get(v.item);
          if (creator && creator !== cl.m.a.key)
            watched.set(v.viewer, (watched.get(v.viewer) ?? new Set()).add(creator));
        }
      }
      const watchers = singles.filter((m) => (watched.get(m.a.key)?.size ?? 0) >= 2);
      const follower = pick(watchers.length ? watchers : singles);
      view(d, follower.a, cl.upload, follower.address(), cl.upload.createdAt + 3 * HOUR);
    }
  }

  // ---- Farms -------------------------------------------------------------------------------------------
  const strategies: { name: string; what: string }[] = [];
  const farm = (name: string, what: string) => {
    strategies.push({ name, what });
    return (kind: string, createdAt = agedBy(30, 120)) => account(name, kind, createdAt);
  };
  const itemsFor = (creator: Account, count: number, template: Template = "real", at = creator.createdAt + DAY_MS) =>
    Array.from({ length: count }, (_, k) => item(creator, template, at + k * 60_000));
  /** One viewer's day: `count` views over `pool` items, at most the per-item limit each, at the times `at` gives. */
  const viewsOf = (
    d: number,
    viewer: Account,
    pool: Item[],
    count: number,
    address: () => string,
    at: (k: number) => number,
  ) => {
    for (let k = 0; k < count; k++)
      view(d, viewer, pool[Math.floor(k / PER_ITEM_PER_DAY) % pool.length]!, address(), at(k));
  };
  /** Creators' items taken in turn, so a viewer's day reaches every creator of the pool. */
  const interleave = (pools: Item[][]) =>
    pools[0]!.flatMap((_, k) => pools.map((p) => p[k]).filter((x): x is Item => !!x));
  const spread = (d: number) => (k: number) => dayStart(d) + (7 + (16 * k) / DAILY_CAP + rand() * 0.1) * HOUR;
  const under = DAILY_CAP - 1;

  {
    // Tiny items: a creator uploads one-frame 16x16 MP4s; 6 viewers, each on an address of its own.
    const a = farm(
      "tiny_items",
      "a creator of 1.7 KB one-frame 16x16 6 s MP4s and 6 viewers, each on its own IPv4, 99 views a day",
    );
    const creator = a("creator");
    const pool = itemsFor(creator, 40, "tiny");
    const viewers = Array.from({ length: 6 }, () => ({ v: a("viewer"), ip: ownIpv4() }));
    for (let d = 0; d < DAYS; d++) for (const { v, ip } of viewers) viewsOf(d, v, pool, under, () => ip, spread(d));
  }
  {
    // One IPv4 address: a creator who only uploads and 6 viewers, all on one address.
    const a = farm(
      "one_address",
      "a creator who only uploads and 6 viewers, all on one IPv4 address, 99 views a day each",
    );
    const creator = a("creator");
    const pool = itemsFor(creator, 40);
    const ip = ownIpv4();
    const viewers = Array.from({ length: 6 }, () => a("viewer"));
    for (let d = 0; d < DAYS; d++) for (const v of viewers) viewsOf(d, v, pool, under, () => ip, spread(d));
  }
  {
    // Aged ring: 4 creators older than 7 days, each on its own address, watching each other.
    const a = farm(
      "aged_ring",
      "4 creators aged 30-120 days, each on its own IPv4, each watching the other three's items, 99 views a day",
    );
    const ring = Array.from({ length: 4 }, () => {
      const c = a("creator");
      return { c, ip: ownIpv4(), pool: itemsFor(c, 12) };
    });
    for (let d = 0; d < DAYS; d++) {
      for (const me of ring) {
        const others = interleave(ring.filter((o) => o !== me).map((o) => o.pool));
        viewsOf(d, me.c, others, under, () => me.ip, spread(d));
      }
    }
  }
  {
    // Daily cap, one under: 3 viewers at cap-1 every day, 3 at the cap on 2 days of 3 and cap-1 on the third.
    const a = farm(
      "daily_cap_under",
      "2 creators; 3 viewers at 99 every day and 3 at 100 on 2 days of 3 (99 on the third), each on its own IPv4",
    );
    const pool = interleave([a("creator"), a("creator")].map((c) => itemsFor(c, 35)));
    const viewers = Array.from({ length: 6 }, (_, i) => ({ v: a("viewer"), ip: ownIpv4(), atCap: i >= 3 }));
    for (let d = 0; d < DAYS; d++)
      for (const { v, ip, atCap } of viewers)
        viewsOf(d, v, pool, atCap && d % 3 !== 2 ? DAILY_CAP : under, () => ip, spread(d));
  }
  {
    // IPv6 neighbours: a creator and 6 viewers on different /64s of one /56.
    const a = farm(
      "ipv6_neighbours",
      "a creator and 6 viewers, each on its own /64 of one IPv6 /56, 99 views a day each",
    );
    const creator = a("creator");
    const pool = itemsFor(creator, 40);
    const home = ipv6Home();
    const viewers = Array.from({ length: 6 }, (_, i) => ({ v: a("viewer"), subnet: i + 1 }));
    for (let d = 0; d < DAYS; d++)
      for (const { v, subnet } of viewers) viewsOf(d, v, pool, under, () => on64(home, subnet), spread(d));
  }
  {
    // Lockstep: 20 viewers x 5 creators, each on its own address, the same two hours every evening.
    const a = farm(
      "lockstep",
      `20 viewers and 5 creators, each on its own IPv4; every viewer watches every creator's items between 20:00 and 22:00 every day, ${LOCKSTEP_VIEWS} views`,
    );
    const pool = interleave(Array.from({ length: 5 }, () => itemsFor(a("creator"), 3)));
    const viewers = Array.from({ length: 20 }, () => ({ v: a("viewer"), ip: ownIpv4() }));
    for (let d = 0; d < DAYS; d++)
      for (const { v, ip } of viewers)
        viewsOf(
          d,
          v,
          pool,
          LOCKSTEP_VIEWS,
          () => ip,
          (k) => dayStart(d) + (20 + (2 * k) / LOCKSTEP_VIEWS + rand() * 0.01) * HOUR,
        );
  }
  {
    // Exclusive audience: a creator whose 10 viewers watch nobody else.
    const a = farm(
      "exclusive_audience",
      "a creator and 8 viewers, each on its own IPv4, who watch this creator only, 99 views a day, at any hour",
    );
    const creator = a("creator");
    const pool = itemsFor(creator, 40);
    const viewers = Array.from({ length: 8 }, () => ({ v: a("viewer"), ip: ownIpv4() }));
    for (let d = 0; d < DAYS; d++)
      for (const { v, ip } of viewers)
        viewsOf(
          d,
          v,
          pool,
          under,
          () => ip,
          () => dayStart(d) + rand() * 23 * HOUR,
        );
  }
  {
    // Sign-on bonus farm from two addresses: two claimants share one address, two brand-new certifiers (who never
    // upload) share another; a fresh partner creator's tiny items are what the claimants stream.
    const a = farm(
      "signon_bonus",
      "2 claimants (real sign-in, enrolled) on one IPv4 stream 12 of a fresh partner's tiny items and upload one; 2 brand-new certifiers on another IPv4 each certify one claimant",
    );
    const d = Math.min(2, DAYS - 1);
    const signUpAt = dayStart(d) + 9 * HOUR;
    const partner = a("partner", dayStart(d) - 20 * HOUR);
    const pool = itemsFor(partner, 12, "tiny", dayStart(d) - 19 * HOUR);
    const claimantIp = ownIpv4();
    const certifierIp = ownIpv4();
    const claimants = [a("claimant", signUpAt), a("claimant", signUpAt + 5 * 60_000)];
    for (const c of claimants) c.signUp = true;
    const certifiers = [a("certifier", signUpAt + 2 * HOUR), a("certifier", signUpAt + 2 * HOUR + 60_000)];
    for (const c of certifiers) c.signUp = true;
    claimants.forEach((c, i) => {
      const upload = item(c, "tiny", signUpAt + (i + 1) * HOUR);
      pool.forEach((it, k) => view(d, c, it, claimantIp, signUpAt + (10 + k * 10 + i * 3) * 60_000));
      view(d, certifiers[i]!, upload, certifierIp, signUpAt + 4 * HOUR + i * 60_000);
    });
    // Afterwards the four keep earning as viewers of the partner, one under the caps.
    for (let dd = d + 1; dd < DAYS; dd++)
      for (const v of [...claimants, ...certifiers])
        viewsOf(
          dd,
          v,
          pool,
          12 * PER_ITEM_PER_DAY,
          () => (claimants.includes(v) ? claimantIp : certifierIp),
          spread(dd),
        );
  }
  {
    // Combined: aged accounts on spread addresses (IPv4 and IPv6 /64s of different /56s), one under every
    // threshold, staggered hours, viewers also watching honest creators' items.
    const perCreator = NETWORK_CAP === null ? 11 : NETWORK_CAP - 1;
    const a = farm(
      "combined",
      `8 creators and 12 viewers aged 30-120 days, each on its own address (IPv4 or an IPv6 /56), ${perCreator} views of each farm creator a day (one under every per-creator threshold) and 10 of honest items, at any hour`,
    );
    const pools = Array.from({ length: 8 }, () => itemsFor(a("creator"), 6));
    const viewers = Array.from({ length: 12 }, (_, i) => {
      const home = ipv6Home();
      const ip = ownIpv4();
      return { v: a("viewer"), address: () => (i % 2 ? ip : on64(home, 0)) };
    });
    for (let d = 0; d < DAYS; d++) {
      for (const { v, address } of viewers) {
        for (const pool of pools) viewsOf(d, v, pool, perCreator, address, () => dayStart(d) + rand() * 23.5 * HOUR);
        for (let k = 0; k < 10; k++)
          view(d, v, itemOf(popularCreator()), address(), dayStart(d) + rand() * 23.5 * HOUR);
      }
    }
  }
  for (const day of days) day.sort((x, y) => x.startedAt - y.startedAt);
  return { accounts, items, days, strategies };
}
