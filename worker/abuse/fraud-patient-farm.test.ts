import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { EarningRulesJson } from "../../common/schemas/earning-rules";
import type { MyViewsResponse } from "../../common/schemas/my-views";
import type { ReviewJson, ReviewsResponse } from "../../common/schemas/admin-reviews";
import { views } from "../db/schema";
import { creditQualifiedViews } from "../domain/earnings/credit-views";
import { PAID_VIEWS_PER_NETWORK_PER_CREATOR_PER_DAY } from "../../common/earning-policy";
import { addressGroupHash } from "../lib/address-group";
import { newId } from "../lib/ids";
import { makeContent, makeUser, testDb } from "../test/factories";
import { signedInBrowser, type Browser } from "../test/http";
import { established } from "../test/members";
import { watchPaced } from "../test/views";

// A patient farm (docs/decisions/065): accounts aged past every "new account" rule, spread over addresses, one
// view under each threshold. Each finding measured from outside is played here against the rules that now hold
// it, next to the honest journey the same rules must still pay: a household, a creator's friends, a community
// of creators.

const DAY_MS = 24 * 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const AGED = iso(Date.now() - 60 * DAY_MS);
const SECRET = env.SESSION_SECRET;
type Item = { id: string; createdBy: string; durationMs: number };

/** A qualified view as the watch-session object writes it, from the address `ip` (hashed as the route does). */
async function qualifiedView(viewerId: string, item: Item, o: { ip?: string; daysAgo?: number } = {}) {
  const at = iso(Date.now() - (o.daysAgo ?? 0) * DAY_MS);
  await testDb()
    .insert(views)
    .values({
      id: newId(),
      contentId: item.id,
      viewerId,
      creatorId: item.createdBy,
      discoveryMethod: "browse",
      startedAt: at,
      lastEventAt: at,
      maxPositionMs: item.durationMs,
      watchTimeMs: item.durationMs,
      status: "qualified",
      qualifiedAt: at,
      qualifiedDay: at.slice(0, 10),
      ipHash: o.ip ? await addressGroupHash(SECRET, o.ip) : "",
    });
}

const settle = () => creditQualifiedViews(testDb(), iso(Date.now()), 25, 200);
const aged = () => makeUser({ createdAt: AGED });
const items = async (creatorId: string, n: number) =>
  Promise.all(Array.from({ length: n }, () => makeContent(creatorId, { durationMs: 20_000 })));
let octet = 0;
/** An IPv4 address of the test's own (TEST-NET-3), one per call. */
const address = () => `203.0.113.${(++octet % 250) + 1}`;

/** Items of `n` creators with an audience of their own elsewhere (ten members each, on addresses of their own). */
async function popularItems(n: number) {
  const out: Item[] = [];
  for (let i = 0; i < n; i++) {
    const [item] = await items((await aged()).id, 1);
    for (let k = 0; k < 10; k++) await qualifiedView((await aged()).id, item!, { ip: address() });
    out.push(item!);
  }
  return out;
}

async function sweep(admin: Browser) {
  const res = await admin.fetch("/api/admin/reviews/sweep", { method: "POST" });
  expect(res.status).toBe(200);
}
async function flagsOn(admin: Browser, userId: string): Promise<ReviewJson[]> {
  const { reviews } = await (await admin.fetch("/api/admin/reviews?status=open")).json<ReviewsResponse>();
  return reviews.filter((r) => r.users.some((u) => u.id === userId));
}
const paid = async (userId: string) =>
  (await env.DB.prepare("select count(*) as n from earnings where user_id = ?1 and view_id is not null")
    .bind(userId)
    .first<{ n: number }>())!.n;

describe("one address for a whole farm", () => {
  it("pays a network at most its paid views of a creator a day, says why, and flags the audience that watches no one else", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const creator = await aged();
    const catalogue = await items(creator.id, 3);
    const farm = await Promise.all(Array.from({ length: 6 }, aged));
    const ip = address();
    // Six viewers, taking turns, each item twice a day, from one address: 36 views a day for four days.
    for (const daysAgo of [3, 2, 1, 0]) {
      for (let k = 0; k < 2; k++)
        for (const item of catalogue) for (const v of farm) await qualifiedView(v.id, item, { ip, daysAgo });
    }
    await settle();
    const cap = PAID_VIEWS_PER_NETWORK_PER_CREATOR_PER_DAY;
    expect(await paid(creator.id)).toBe(4 * cap);
    // Each viewer's list says why the rest of their views earned nothing today.
    const last = await signedInBrowser(farm[5]!.email);
    const { views: list } = await (
      await last.fetch(`/api/me/views?date=${iso(Date.now()).slice(0, 10)}`)
    ).json<MyViewsResponse>();
    expect(list.length).toBe(6);
    expect(list.filter((v) => v.reason === "network_cap").length).toBe(5);
    // What was paid is held under review: the creator's audience watches no one else.
    await sweep(admin);
    const [flag] = (await flagsOn(admin, creator.id)).filter((r) => r.rule === "exclusive_audience");
    expect(flag).toMatchObject({ views_count: 4 * cap, earnings_count: 8 * cap });
    expect(flag!.title).toBe("Creator paid mostly by accounts that watch no one else");
  });

  it("still pays a household of three on one address who watch this creator and others", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const creator = await aged();
    const [item] = await items(creator.id, 1);
    const others = await popularItems(4);
    const household = await Promise.all(Array.from({ length: 3 }, aged));
    const home = address();
    for (const m of household) {
      await qualifiedView(m.id, item!, { ip: home });
      for (const o of others) await qualifiedView(m.id, o, { ip: home });
    }
    // And an audience of its own elsewhere.
    for (let i = 0; i < 3; i++) await qualifiedView((await aged()).id, item!, { ip: address() });
    await settle();
    await sweep(admin);
    expect(await paid(creator.id)).toBe(6);
    for (const m of household) {
      expect(await paid(m.id)).toBe(5);
      expect(await flagsOn(admin, m.id)).toEqual([]);
    }
  });
});

describe("a creator's own network", () => {
  it("flags a second account that exists to pay the creator from the creator's address, not the family who watch others too", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const creator = await aged();
    const [item] = await items(creator.id, 1);
    const home = address();
    // The creator watches something from home.
    const others = await popularItems(3);
    await qualifiedView(creator.id, others[0]!, { ip: home });
    const sock = await aged();
    for (const daysAgo of [0, 1]) await qualifiedView(sock.id, item!, { ip: home, daysAgo });
    const family = await Promise.all(Array.from({ length: 2 }, aged));
    for (const f of family) {
      await qualifiedView(f.id, item!, { ip: home });
      for (const o of others) await qualifiedView(f.id, o, { ip: home });
    }
    await settle();
    await sweep(admin);
    expect((await flagsOn(admin, sock.id)).map((r) => r.rule)).toContain("shared_ip");
    for (const f of family) expect(await flagsOn(admin, f.id)).toEqual([]);
  });
});

describe("a carrier-grade NAT", () => {
  it("does not flag members who share its address with a creator they watch", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const nat = address();
    const creator = await aged();
    const [item] = await items(creator.id, 1);
    const elsewhere = await popularItems(1);
    await qualifiedView(creator.id, elsewhere[0]!, { ip: nat });
    // Twelve members behind the same address; two of them watch only this creator this week.
    const members = await Promise.all(Array.from({ length: 12 }, aged));
    for (const [i, m] of members.entries()) await qualifiedView(m.id, i < 2 ? item! : elsewhere[0]!, { ip: nat });
    await settle();
    await sweep(admin);
    for (const m of members.slice(0, 2)) expect(await flagsOn(admin, m.id)).toEqual([]);
    expect(await paid(creator.id)).toBe(3);
  });
});

describe("IPv6 neighbours in one /56", () => {
  it("are one network to the shared-address rule: a viewer on another /64 of the creator's /56 is flagged, one on another /56 is not", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const hex = () =>
      Math.floor(Math.random() * 0xffff)
        .toString(16)
        .padStart(4, "0");
    const [a, b] = [hex(), hex()];
    const home56 = `2001:db8:${a}:${b.slice(0, 2)}`;
    const creator = await established("v56-creator");
    const neighbour = await established("v56-neighbour");
    const stranger = await established("v56-stranger");
    const elsewhere = await makeContent((await aged()).id, { durationMs: 10_000 });
    const item = await makeContent(creator.id, { durationMs: 10_000 });
    // The creator on /64 …:xx01, the neighbour on …:xx7f of the same /56, the stranger on another /56.
    expect(
      (
        await watchPaced(creator.browser, creator.id, elsewhere.id, 10_000, {
          device: { fingerprint: "c", ip: `${home56}01::1` },
        })
      ).qualified,
    ).toBe(true);
    expect(
      (
        await watchPaced(neighbour.browser, neighbour.id, item.id, 10_000, {
          device: { fingerprint: "n", ip: `${home56}7f::2` },
        })
      ).qualified,
    ).toBe(true);
    expect(
      (
        await watchPaced(stranger.browser, stranger.id, item.id, 10_000, {
          device: { fingerprint: "s", ip: `2001:db8:${b}:${a}::3` },
        })
      ).qualified,
    ).toBe(true);
    await settle();
    await sweep(admin);
    const hashes = await env.DB.prepare("select viewer_id, ip_hash from views where viewer_id in (?1, ?2)")
      .bind(creator.id, neighbour.id)
      .all<{ viewer_id: string; ip_hash: string }>();
    const [h1, h2] = [
      hashes.results.find((r) => r.viewer_id === creator.id)!.ip_hash,
      hashes.results.find((r) => r.viewer_id === neighbour.id)!.ip_hash,
    ];
    // Two /64s: different groups (rate limits, distinct viewers), one network (the first eight digits).
    expect(h1).not.toBe(h2);
    expect(h1.slice(0, 8)).toBe(h2.slice(0, 8));
    expect((await flagsOn(admin, neighbour.id)).map((r) => r.rule)).toContain("shared_ip");
    expect(await flagsOn(admin, stranger.id)).toEqual([]);
  });
});

describe("aged accounts in a ring", () => {
  it("four creators on addresses of their own watching each other are flagged as a ring, however old", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const ring = await Promise.all(Array.from({ length: 4 }, aged));
    const catalogue = await Promise.all(ring.map(async (r) => (await items(r.id, 2)) as Item[]));
    const ips = ring.map(() => address());
    for (const [i, r] of ring.entries()) {
      for (const [j, theirs] of catalogue.entries())
        if (i !== j) for (const item of theirs) await qualifiedView(r.id, item, { ip: ips[i] });
    }
    await settle();
    await sweep(admin);
    const flags = (await flagsOn(admin, ring[0]!.id)).filter((r) => r.rule === "ring");
    expect(flags.length).toBe(1);
    // All 24 views (four members, six items each), both sides, in one flag.
    expect(flags[0]).toMatchObject({ views_count: 24, earnings_count: 48 });
    expect(flags[0]!.users.map((u) => u.id).sort()).toEqual(ring.map((r) => r.id).sort());
  });

  it("does not flag a community of creators who watch each other and have audiences of their own", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const community = await Promise.all(Array.from({ length: 4 }, aged));
    const catalogue = await Promise.all(community.map(async (r) => (await items(r.id, 1))[0]!));
    for (const [i, r] of community.entries()) {
      for (const [j, item] of catalogue.entries()) if (i !== j) await qualifiedView(r.id, item, { ip: address() });
    }
    // Each has ten viewers of their own who also watch others.
    const popular = await popularItems(3);
    for (const item of catalogue) {
      for (let k = 0; k < 10; k++) {
        const fan = await aged();
        const ip = address();
        await qualifiedView(fan.id, item, { ip });
        for (const p of popular) await qualifiedView(fan.id, p, { ip });
      }
    }
    await settle();
    await sweep(admin);
    for (const c of community) expect(await flagsOn(admin, c.id)).toEqual([]);
  });
});

describe("a lockstep group", () => {
  it("five viewers paid by the same three creators and no one else are flagged on every one of them", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const creators = await Promise.all(Array.from({ length: 3 }, aged));
    const catalogue = await Promise.all(creators.map((c) => items(c.id, 2)));
    const farm = await Promise.all(Array.from({ length: 5 }, aged));
    for (const v of farm) {
      const ip = address();
      for (const daysAgo of [0, 1, 2])
        for (const theirs of catalogue) await qualifiedView(v.id, theirs[daysAgo % 2]!, { ip, daysAgo });
    }
    await settle();
    await sweep(admin);
    const flags = [];
    for (const c of creators) {
      const [flag] = (await flagsOn(admin, c.id)).filter((r) => r.rule === "lockstep");
      expect(flag, c.id).toMatchObject({ title: "Accounts paid together by the same few creators" });
      flags.push(flag!);
    }
    // Together they hold both sides of all 45 views, each earning once (the first also holds the accounts' viewer side
    // of the other creators' views: they are a farm's accounts whoever they watched).
    expect(flags.reduce((n, f) => n + f.earnings_count, 0)).toBe(90);
    for (const c of creators) expect(await paid(c.id)).toBe(15);
    const held = await env.DB.prepare(
      `select count(distinct re.earning_id) as n from review_earnings re join earnings e on e.id = re.earning_id
       where re.rule = 'lockstep' and e.user_id in (select value from json_each(?1))`,
    )
      .bind(JSON.stringify([...creators, ...farm].map((a) => a.id)))
      .first<{ n: number }>();
    expect(held!.n).toBe(90);
  });

  it("does not flag a new creator whose first fans are friends who watch others too", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const creator = await aged();
    const [first] = await items(creator.id, 1);
    const others = await popularItems(6);
    for (let f = 0; f < 5; f++) {
      const friend = await aged();
      const ip = address();
      await qualifiedView(friend.id, first!, { ip });
      for (const o of others.slice(f % 3, (f % 3) + 4)) await qualifiedView(friend.id, o, { ip });
    }
    await settle();
    await sweep(admin);
    expect(await flagsOn(admin, creator.id)).toEqual([]);
    expect(await paid(creator.id)).toBe(5);
  });
});

describe("the daily cap judged over the held period", () => {
  it("flags a viewer at 3/3/2 under a cap of 3, and not one at the cap on one day of three", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const before = await (await admin.fetch("/api/admin/earning-rules")).json<EarningRulesJson>();
    const bot = await aged();
    const binge = await aged();
    const catalogue = await Promise.all(Array.from({ length: 3 }, async () => (await items((await aged()).id, 1))[0]!));
    expect(
      (await admin.json("/api/admin/earning-rules", "PATCH", { key: "daily_earnable_views", value: 3 })).status,
    ).toBe(200);
    try {
      for (const [daysAgo, n] of [
        [0, 3],
        [1, 3],
        [2, 2],
      ] as const)
        for (const item of catalogue.slice(0, n)) await qualifiedView(bot.id, item, { daysAgo });
      for (const [daysAgo, n] of [
        [0, 3],
        [1, 1],
        [2, 1],
      ] as const)
        for (const item of catalogue.slice(0, n)) await qualifiedView(binge.id, item, { daysAgo });
      await settle();
      await sweep(admin);
    } finally {
      await admin.json("/api/admin/earning-rules", "PATCH", {
        key: "daily_earnable_views",
        value: before.daily_earnable_views,
      });
    }
    expect((await flagsOn(admin, bot.id)).find((r) => r.rule === "daily_cap")).toMatchObject({
      views_count: 8,
      earnings_count: 16,
    });
    expect((await flagsOn(admin, binge.id)).find((r) => r.rule === "daily_cap")).toBeUndefined();
  });
});

describe("items whose media is not real", () => {
  it("are paid on neither side", async () => {
    const viewer = await aged();
    const creator = await aged();
    const thin = await makeContent(creator.id, { durationMs: 6000 });
    await env.DB.prepare("update content set earn_block = 'thin_media' where id = ?1").bind(thin.id).run();
    await qualifiedView(viewer.id, thin, { ip: address() });
    await settle();
    expect(await paid(viewer.id)).toBe(0);
    expect(await paid(creator.id)).toBe(0);
  });
});
