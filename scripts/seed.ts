// Seeds the local D1 and R2 (the same state `npm run dev` uses) with the demo data of docs/architecture.md §4.
// Idempotent: rows are inserted only when missing and media is uploaded only when absent, so running it
// on every `npm run dev` is cheap and never overwrites what a developer changed.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { D1Database, D1PreparedStatement, R2Bucket } from "@cloudflare/workers-types";
import { getPlatformProxy, unstable_readConfig } from "wrangler";
import { usernameKey, usernameSkeleton } from "../common/username.ts";

type DemoItem = {
  id: string;
  creator: string;
  title: string;
  description: string;
  tags: string[];
  type: "video" | "audio";
  file: string;
  thumbnail: string;
  content_type: string;
  size: number;
  duration_ms: number;
  created_at: string;
};

type SeedEnv = { DB: D1Database; MEDIA: R2Bucket };

// Fixed ids (valid ULID characters) so every machine's demo data matches and links stay valid.
const DEMO_USERS = [
  {
    id: "01JBD3M000000000000000ADM0",
    email: "admin@example.com",
    username: "admin",
    createdAt: "2024-09-01T00:00:00.000Z",
  },
  {
    id: "01JBD3M000000000000000AVA0",
    email: "ava@example.com",
    username: "ava",
    createdAt: "2024-09-15T00:00:00.000Z",
  },
  {
    id: "01JBD3M000000000000000BEN0",
    email: "ben@example.com",
    username: "ben_cooks",
    createdAt: "2024-09-20T00:00:00.000Z",
  },
  // An established member who has watched both creators: real enough to certify a newcomer's upload for the
  // sign-on challenge (docs/decisions/065), which the viewer below needs.
  {
    id: "01JBD3M000000000000000CE00",
    email: "cleo@example.com",
    username: "cleo",
    createdAt: "2024-10-01T00:00:00.000Z",
  },
  // The viewer is a new user (after 2024-10-30), so the sign-on challenges apply to them.
  {
    id: "01JBD3M000000000000000VWR0",
    email: "viewer@example.com",
    username: null,
    createdAt: new Date().toISOString(),
  },
];

// Three challenges worth $75 together: the spec's sign-up bonus of $50 to $100.
const DEMO_CHALLENGES = [
  {
    id: "01JBD3MCH0000000000000STRM",
    name: "Watch 10 streams",
    description: "Watch 10 different videos or tracks by other members, each to at least 80%.",
    type: "streams_completed",
    value: 10,
    bonusMicros: 25_000_000,
  },
  {
    id: "01JBD3MCH0000000000000VPDX",
    name: "Share your first upload",
    description: "Upload one video or audio track.",
    type: "content_uploaded",
    value: 1,
    bonusMicros: 25_000_000,
  },
  // One independent viewer per upload (named for what it counts: every upload, docs/decisions/034; a database seeded with
  // the old name gets the new one). Locally every view shares an address, so the demo completes it only with
  // another address (docs/decisions/031).
  {
    id: "01JBD3MCH0000000000000VWS0",
    name: "Get a viewer for every upload",
    description:
      "Within a day of each of your uploads, another member on their own internet connection watches it to at least 80%.",
    type: "min_views_per_content",
    value: 1,
    bonusMicros: 25_000_000,
  },
];

/**
 * A little history so "Recommended for You" and Up Next show their real logic on first run: each creator has
 * liked some of the other's items and finished others, a day after they were published, and Cleo has finished
 * some of both. The views are
 * `unearnable` (no credit place), so the demo's wallets stay as they are; ids are fixed, so re-seeding adds
 * nothing.
 */
function engagementStatements(env: SeedEnv, items: DemoItem[], userId: Map<string, string>) {
  const out: D1PreparedStatement[] = [];
  const pairs = [
    ["ava@example.com", "ben@example.com"],
    ["ben@example.com", "ava@example.com"],
    ["cleo@example.com", "ava@example.com"],
    ["cleo@example.com", "ben@example.com"],
  ] as const;
  for (const [fan, creator] of pairs) {
    const fanId = userId.get(fan)!;
    const theirs = items.filter((i) => i.creator === creator);
    theirs.forEach((item, i) => {
      const at = new Date(Date.parse(item.created_at) + 24 * 3600_000).toISOString();
      if (i % 3 !== 2) {
        out.push(
          env.DB.prepare("insert or ignore into likes (user_id, content_id, created_at) values (?, ?, ?)").bind(
            fanId,
            item.id,
            at,
          ),
        );
      }
      if (i % 2 === 0) {
        // A fixed view id per (fan, item): the item id with the fan's initial in front, 26 Crockford characters.
        const viewId = `${fan.slice(0, 1).toUpperCase()}${item.id.slice(1)}`;
        out.push(
          env.DB.prepare(
            `insert or ignore into views (id, content_id, viewer_id, creator_id, discovery_method, device_fingerprint, ip_hash,
               started_at, max_position_ms, last_event_at, qualified_at, qualified_day, status, watch_time_ms)
             values (?, ?, ?, ?, ?, '', '', ?, ?, ?, ?, ?, 'unearnable', ?)`,
          ).bind(
            viewId,
            item.id,
            fanId,
            userId.get(creator)!,
            i % 4 === 0 ? "browse" : "ai_recommended",
            at,
            item.duration_ms,
            at,
            at,
            at.slice(0, 10),
            item.duration_ms,
          ),
        );
      }
    });
  }
  return out;
}

const DEMO_SETTINGS: Record<string, string> = {
  preroll_enabled: "true",
  postroll_enabled: "true",
  // Served from public/ by the same origin, whatever port the dev server runs on.
  vast_url: "/ads/sample-vast.xml",
  ga4_id: "",
  facebook_pixel_id: "",
};

const mediaKey = (item: DemoItem) => `seed/${item.file.split("/").pop()}`;
const thumbKey = (item: DemoItem) => `seed/thumbs/${item.thumbnail.split("/").pop()}`;

async function putIfMissing(bucket: R2Bucket, key: string, file: string, contentType: string) {
  if (await bucket.head(key)) return false;
  await bucket.put(key, readFileSync(file), { httpMetadata: { contentType } });
  return true;
}

async function seed(env: SeedEnv) {
  const now = new Date().toISOString();
  const items: DemoItem[] = JSON.parse(readFileSync("seed/demo-content.json", "utf8"));
  const userId = new Map(DEMO_USERS.map((u) => [u.email, u.id]));
  const statements = [
    ...DEMO_USERS.map((u) =>
      env.DB.prepare(
        `insert or ignore into users (id, email, username, username_key, username_skeleton, created_at)
         values (?, ?, ?, ?, ?, ?)`,
      ).bind(
        u.id,
        u.email,
        u.username,
        u.username === null ? null : usernameKey(u.username),
        u.username === null ? null : usernameSkeleton(u.username),
        u.createdAt,
      ),
    ),
    ...items.map((item) =>
      env.DB.prepare(
        `insert or ignore into content (id, title, description, type, tags, r2_key, media_size, media_content_type,
           thumbnail_key, duration_ms, created_by, created_at, updated_at, published_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).bind(
        item.id,
        item.title,
        item.description,
        item.type,
        item.tags.join(","),
        mediaKey(item),
        item.size,
        item.content_type,
        thumbKey(item),
        item.duration_ms,
        userId.get(item.creator)!,
        new Date(item.created_at).toISOString(),
        new Date(item.created_at).toISOString(),
        // Public demo items are published when uploaded (docs/decisions/094).
        new Date(item.created_at).toISOString(),
      ),
    ),
    ...DEMO_CHALLENGES.map((ch) =>
      env.DB.prepare(
        `insert or ignore into challenges (id, name, description, requirement_type, requirement_value, bonus_micros,
           time_limit_hours, is_active, created_at, updated_at) values (?, ?, ?, ?, ?, ?, 24, 1, ?, ?)
         on conflict (id) do update set name = excluded.name, description = excluded.description
           where challenges.name = 'Get your first viewer'`,
      ).bind(ch.id, ch.name, ch.description, ch.type, ch.value, ch.bonusMicros, now, now),
    ),
    // The demo viewer is a new user: enrolled like anyone signing up (same copy-the-terms rule as the Worker).
    env.DB.prepare(
      `insert or ignore into challenge_progress
         (user_id, challenge_id, requirement_type, requirement_value, bonus_micros, enrolled_at, deadline_at, progress_value)
       select u.id, c.id, c.requirement_type, c.requirement_value, c.bonus_micros, u.created_at,
         strftime('%Y-%m-%dT%H:%M:%fZ', u.created_at, '+' || c.time_limit_hours || ' hours'), 0
       from users u join challenges c on c.is_active = 1 where u.email = 'viewer@example.com'`,
    ),
    ...Object.entries(DEMO_SETTINGS).map(([key, value]) =>
      env.DB.prepare("insert or ignore into settings (key, value, updated_at) values (?, ?, ?)").bind(key, value, now),
    ),
  ];
  await env.DB.batch([...statements, ...engagementStatements(env, items, userId)]);
  let uploaded = 0;
  for (const item of items) {
    if (await putIfMissing(env.MEDIA, mediaKey(item), item.file, item.content_type)) uploaded++;
    if (await putIfMissing(env.MEDIA, thumbKey(item), item.thumbnail, "image/jpeg")) uploaded++;
  }
  const count = await env.DB.prepare("select count(*) as n from content").first<{ n: number }>();
  console.log(`seed: ${DEMO_USERS.length} demo users, ${count?.n} content items, ${uploaded} media objects uploaded`);
}

// Local secrets: a fresh clone has none yet; the example is safe for local use.
if (!existsSync(".dev.vars")) {
  copyFileSync(".dev.vars.example", ".dev.vars");
  console.log("seed: created .dev.vars from .dev.vars.example");
}
// Same state as `npm run dev` (REELPAY_STATE_DIR, default .wrangler/state; Miniflare keeps it under v3/).
const stateDir = process.env.REELPAY_STATE_DIR ?? ".wrangler/state";
// The seed needs only D1 and R2, so the platform proxy gets a copy of the config with just those: it cannot
// host the watch-session Durable Object (its class lives in the Worker, which the proxy does not run).
const config = unstable_readConfig({ config: "wrangler.jsonc" });
const seedConfigPath = ".wrangler/seed-config.json";
mkdirSync(".wrangler", { recursive: true });
writeFileSync(
  seedConfigPath,
  JSON.stringify({
    name: config.name,
    compatibility_date: config.compatibility_date,
    compatibility_flags: config.compatibility_flags,
    d1_databases: config.d1_databases,
    r2_buckets: config.r2_buckets,
  }),
);
const proxy = await getPlatformProxy<SeedEnv>({ configPath: seedConfigPath, persist: { path: `${stateDir}/v3` } });
try {
  await seed(proxy.env);
} finally {
  await proxy.dispose();
}
