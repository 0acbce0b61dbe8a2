// Synthetic traffic for the traffic bench: page visits as the tracker sends them (docs/product-spec.md §3), spread over
// 90 days, in sessions of 1–8 page views, with sources, devices, campaigns and some signed-in users.
// Deterministic (seeded PRNG), generated one day at a time and in time order, as production inserts them.
import { mulberry32 as prng } from "../lib/random.ts";

export const PAGE_VISIT_COLUMNS = [
  "id",
  "session_id",
  "user_id",
  "page_path",
  "referrer",
  "visit_duration",
  "page_views",
  "device_type",
  "browser",
  "user_agent",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "source",
  "ip_hash",
  "created_at",
] as const;
export type VisitRow = (string | number | null)[];
export type UserRow = [id: string, email: string, createdAt: string];

const DAY_MS = 24 * 3600 * 1000;

type Rand = () => number;
function weighted<T>(rand: Rand, table: readonly (readonly [T, number])[]): T {
  let r = rand() * table.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, w] of table) if ((r -= w) < 0) return value;
  return table.at(-1)![0];
}
const hex = (rand: Rand, n: number) => Array.from({ length: n }, () => Math.floor(rand() * 16).toString(16)).join("");
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** A ULID-shaped id (time prefix, random tail), as the server's ids are. */
function ulidAt(ms: number, rand: Rand) {
  let time = "";
  for (let i = 0, t = ms; i < 10; i++, t = Math.floor(t / 32)) time = CROCKFORD[t % 32] + time;
  let tail = "";
  for (let i = 0; i < 16; i++) tail += CROCKFORD[Math.floor(rand() * 32)];
  return time + tail;
}

const PAGES_PER_SESSION = [
  [1, 40],
  [2, 18],
  [3, 12],
  [4, 9],
  [5, 7],
  [6, 6],
  [7, 4],
  [8, 4],
] as const;
const DEVICES = [
  ["mobile", 55],
  ["desktop", 38],
  ["tablet", 7],
] as const;
const BROWSERS = [
  ["chrome", 60],
  ["safari", 25],
  ["firefox", 8],
  ["edge", 5],
  ["unknown", 2],
] as const;
const UA: Record<string, string> = {
  mobile:
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
  desktop:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  tablet:
    "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
};
const UTM_SOURCES = [
  ["newsletter", 30],
  ["twitter", 20],
  ["facebook", 20],
  ["google", 20],
  ["tiktok", 10],
] as const;
const UTM_MEDIUM: Record<string, string> = {
  newsletter: "email",
  twitter: "social",
  facebook: "social",
  google: "cpc",
  tiktok: "social",
};
const CAMPAIGNS = [
  ["launch", 30],
  ["black-friday", 25],
  ["spring-promo", 15],
  ["creator-fund", 15],
  ["summer-sale", 5],
  [null, 10],
] as const;
const REFERRERS = [
  [null, 50],
  ["https://www.google.com/", 35],
  ["https://www.bing.com/", 5],
  ["https://www.reddit.com/r/videos/", 5],
  ["https://t.co/x", 5],
] as const;

export type SyntheticPlan = {
  visits: number;
  days: number;
  now: number;
  seed: number;
  /** Signed-up before the window; 20 % of sessions belong to one of them. */
  existingUsers: number;
  contentIds: string[];
  creatorIds: string[];
};

export function existingUser(i: number): UserRow {
  return [`bench-user-${String(i).padStart(6, "0")}`, `bench-user-${i}@example.com`, "2025-06-01T00:00:00.000Z"];
}

/**
 * Yields one day's visits (in time order) and the accounts made during that day's campaign sessions
 * (a campaign conversion, docs/architecture.md §4). Exactly `plan.visits` visits in all.
 */
export function* syntheticDays(plan: SyntheticPlan): Generator<{ day: number; visits: VisitRow[]; users: UserRow[] }> {
  const rand = prng(plan.seed);
  // Traffic grows over the window (the last day has about 3× the first) with quieter weekends.
  const weights = Array.from({ length: plan.days }, (_, d) => (1 + (2 * d) / plan.days) * (d % 7 >= 5 ? 0.8 : 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const start = plan.now - plan.days * DAY_MS;
  let emitted = 0;
  let newUsers = 0;
  // Popular content gets most views (Zipf-like).
  const content = () =>
    plan.contentIds[Math.min(plan.contentIds.length - 1, Math.floor(plan.contentIds.length * rand() ** 2.5))]!;
  const creator = () =>
    plan.creatorIds[Math.min(plan.creatorIds.length - 1, Math.floor(plan.creatorIds.length * rand() ** 2))]!;

  for (let d = 0; d < plan.days; d++) {
    const target = d === plan.days - 1 ? plan.visits - emitted : Math.round((plan.visits * weights[d]!) / total);
    const dayStart = start + d * DAY_MS;
    const visits: VisitRow[] = [];
    const users: UserRow[] = [];
    while (visits.length < target) {
      // A session: when it starts (more in the evening), who, from where, on what.
      const hour = weighted(
        rand,
        Array.from({ length: 24 }, (_, h) => [h, h >= 17 && h <= 22 ? 3 : h >= 8 ? 2 : 0.6] as const),
      );
      let at = Math.min(plan.now - 60_000, dayStart + hour * 3600_000 + Math.floor(rand() * 3600_000));
      const sessionStart = at;
      const sessionId = `${hex(rand, 8)}-${hex(rand, 4)}-4${hex(rand, 3)}-a${hex(rand, 3)}-${hex(rand, 12)}`;
      const pages = Math.min(weighted(rand, PAGES_PER_SESSION), target - visits.length);
      const device = weighted(rand, DEVICES);
      const browser = weighted(rand, BROWSERS);
      const tagged = rand() < 0.3;
      const utmSource = tagged ? weighted(rand, UTM_SOURCES) : null;
      const utmCampaign = tagged ? weighted(rand, CAMPAIGNS) : null;
      const referrer = tagged ? null : weighted(rand, REFERRERS);
      const source = utmSource ?? (referrer ? new URL(referrer).hostname.replace(/^www\./, "") : "Direct");
      const ipHash = hex(rand, 64).slice(0, 16); // what addressGroupHash stores (the same draws as before)
      let userId: string | null = rand() < 0.2 ? existingUser(Math.floor(rand() * plan.existingUsers))[0] : null;
      // 5 % of campaign sessions that go on past the landing page sign up on their second page.
      const signsUp = tagged && pages >= 2 && userId === null && rand() < 0.05;
      for (let p = 1; p <= pages; p++) {
        if (p > 1) at += 5_000 + Math.floor(rand() * 175_000);
        if (signsUp && p === 2) {
          newUsers++;
          userId = `bench-new-${String(newUsers).padStart(7, "0")}`;
          users.push([userId, `bench-new-${newUsers}@example.com`, new Date(at - 1_000).toISOString()]);
        }
        const path =
          p === 1
            ? weighted(rand, [
                ["/", 45],
                ["content", 40],
                ["creator", 15],
              ] as const)
            : weighted(rand, [
                ["/", 15],
                ["content", 60],
                ["creator", 15],
                ["/profile", 5],
                ["/wallet", 5],
              ] as const);
        const pagePath =
          path === "content" ? `/content/${content()}` : path === "creator" ? `/creator/${creator()}` : path;
        visits.push([
          ulidAt(at, rand),
          sessionId,
          userId,
          pagePath,
          referrer,
          Math.floor((at - sessionStart) / 1000),
          p,
          device,
          browser,
          UA[device]!,
          utmSource,
          utmSource ? UTM_MEDIUM[utmSource]! : null,
          utmCampaign,
          null,
          null,
          source,
          ipHash,
          new Date(at).toISOString(),
        ]);
      }
    }
    visits.sort((a, b) => String(a[17]).localeCompare(String(b[17])));
    emitted += visits.length;
    yield { day: d, visits, users };
  }
}
