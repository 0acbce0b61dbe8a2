import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { EarningRulesJson } from "../../../common/schemas/earning-rules";
import type { MyViewsResponse } from "../../../common/schemas/my-views";
import type { ReviewJson, ReviewsResponse, ReviewSweepResponse } from "../../../common/schemas/admin-reviews";
import type { WalletJson } from "../../../common/schemas/wallet";
import { views } from "../../db/schema";
import { walletParts } from "../../db/queries/wallet/wallet";
import { creditQualifiedViews } from "../../domain/earnings/credit-views";
import { balancesOf } from "../../domain/wallet/balances";
import { newId } from "../../lib/ids";
import { makeContent, makeUser, testDb } from "../../test/factories";
import { signedInBrowser, uniqueEmail, type Browser } from "../../test/http";

const DAY_MS = 24 * 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const LONG_AGO = "2020-01-01T00:00:00.000Z";

type Item = { id: string; createdBy: string; durationMs: number };

/** A qualified view as the watch-session object writes it. */
async function qualifiedView(viewerId: string, item: Item, o: { at?: string; day?: string; ip?: string } = {}) {
  const at = o.at ?? iso(Date.now());
  const id = newId();
  await testDb()
    .insert(views)
    .values({
      id,
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
      qualifiedDay: o.day ?? at.slice(0, 10),
      ipHash: o.ip ?? "",
    });
  return id;
}

const settle = () => creditQualifiedViews(testDb(), iso(Date.now()), 25, 100);

async function sweep(admin: Browser) {
  const res = await admin.fetch("/api/admin/reviews/sweep", { method: "POST" });
  expect(res.status).toBe(200);
  return res.json<ReviewSweepResponse>();
}

async function flagsFor(admin: Browser, userId: string, status = "open") {
  const { reviews } = await (await admin.fetch(`/api/admin/reviews?status=${status}`)).json<ReviewsResponse>();
  return reviews.filter((r) => r.users.some((u) => u.id === userId));
}

const walletOf = async (b: Browser) => (await b.fetch("/api/me/wallet")).json<WalletJson>();

describe("held earnings", () => {
  it("holds view rewards for the holding period; payments draw on the available balance only", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const viewer = await makeUser({ createdAt: LONG_AGO });
    const creator = await makeUser({ createdAt: LONG_AGO });
    const item = await makeContent(creator.id, { durationMs: 20_000 });
    await qualifiedView(viewer.id, item);
    await settle();
    const browser = await signedInBrowser(viewer.email);
    const held = await walletOf(browser);
    expect(held).toMatchObject({
      viewer_balance: 0.003,
      available_balance: 0,
      pending_balance: 0.003,
      viewer_pending: 0.003,
      creator_pending: 0,
    });
    expect(held.next_available_at! > iso(Date.now() + 6.9 * DAY_MS)).toBe(true);

    // A payment may not draw on held money: 409 with what is available, unless the admin overrides.
    const pay = (override: boolean) =>
      admin.json("/api/admin/payments", "POST", {
        user_id: viewer.id,
        amount_usd: 0.01,
        payment_method: "PayPal",
        status: "pending",
        override,
      });
    const refused = await pay(false);
    expect(refused.status).toBe(409);
    expect((await refused.json<{ error: string }>()).error).toContain("available balance ($0.00)");
    // A manual earning is available at once, and now covers it.
    expect(
      (await admin.json("/api/admin/earnings", "POST", { user_id: viewer.id, amount_usd: 0.02, description: "Thanks" }))
        .status,
    ).toBe(201);
    expect(await walletOf(browser)).toMatchObject({ available_balance: 0.02, pending_balance: 0.003 });
    expect((await pay(false)).status).toBe(201);
    const after = await walletOf(browser);
    expect(after).toMatchObject({ available_balance: 0.01, pending_balance: 0.003 });
    expect(after.available_balance + after.pending_balance).toBeCloseTo(
      after.viewer_balance + after.creator_balance,
      9,
    );

    // Eight days later the hold is over: everything is available, exactly once.
    const later = balancesOf((await walletParts(testDb(), viewer.id, iso(Date.now() + 8 * DAY_MS))).parts);
    expect(later).toMatchObject({ pending: 0, available: 13_000 });
    // The admin list shows the same available balance.
    const users = await (await admin.fetch("/api/admin/users")).json<{ id: string; available_balance: number }[]>();
    expect(users.find((u) => u.id === viewer.id)?.available_balance).toBe(0.01);
    const csv = await (await admin.fetch("/api/admin/users.csv")).text();
    expect(csv.split("\r\n")[0]).toBe(
      "id,email,username,created_at,content_count,viewer_balance,creator_balance,available_balance,pending_balance",
    );
    // The payment drew available money only (decision 066): the creator side's manual earning, not the held
    // viewer reward, so the viewer side keeps its $0.003 (pending) and the creator side has $0.01 left.
    expect(csv).toContain(`${viewer.id},${viewer.email},,${viewer.createdAt},0,0.003,0.01,0.01,0.003`);
  });

  it("pays at once when the holding period is 0", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const before = await (await admin.fetch("/api/admin/earning-rules")).json<EarningRulesJson>();
    const viewer = await makeUser({ createdAt: LONG_AGO });
    const creator = await makeUser({ createdAt: LONG_AGO });
    expect(
      (await admin.json("/api/admin/earning-rules", "PATCH", { key: "earnings_hold_days", value: 0 })).status,
    ).toBe(200);
    try {
      await qualifiedView(viewer.id, await makeContent(creator.id, { durationMs: 20_000 }));
      await settle();
    } finally {
      await admin.json("/api/admin/earning-rules", "PATCH", {
        key: "earnings_hold_days",
        value: before.earnings_hold_days,
      });
    }
    const b = balancesOf((await walletParts(testDb(), viewer.id, iso(Date.now()))).parts);
    expect(b).toMatchObject({ available: 3000, pending: 0 });
  });
});

describe("the fraud sweep", () => {
  it("flags a ring of accounts paid by each other, once, with its evidence and the earnings it covers", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const [a, b] = [await makeUser(), await makeUser()];
    const [itemA, itemB] = [
      await makeContent(a.id, { durationMs: 20_000 }),
      await makeContent(b.id, { durationMs: 20_000 }),
    ];
    await qualifiedView(a.id, itemB);
    await qualifiedView(a.id, itemB);
    await qualifiedView(b.id, itemA);
    await settle();
    const first = await sweep(admin);
    expect(first.flagged).toBeGreaterThanOrEqual(1);
    const [ring, ...others] = (await flagsFor(admin, a.id)).filter((r) => r.rule === "ring");
    expect(others).toEqual([]);
    expect(ring).toMatchObject({
      status: "open",
      title: "Creator paid mostly by accounts they watch back",
      views_count: 3,
      earnings_count: 6,
      amount_usd: 0.018,
    });
    expect(ring!.users.map((u) => u.id).sort()).toEqual([a.id, b.id].sort());
    expect(ring!.evidence[0]).toBe("The creator had paid views of these accounts' own items too: they pay each other");
    expect(ring!.evidence[1]).toMatch(
      /^(1 paid view in holding from 1 account: 100 % of the creator's 1|2 paid views in holding from 1 account: 100 % of the creator's 2) in holding, on up to 1 day$/,
    );
    // Nothing new: a second sweep opens nothing and covers nothing.
    expect(await sweep(admin)).toEqual({ flagged: 0, covered: 0 });
    // Covered earnings stay pending however the hold goes: a's two views of b's item and b's view of a's.
    expect(balancesOf((await walletParts(testDb(), a.id, iso(Date.now() + 30 * DAY_MS))).parts).pending).toBe(9000);
    // A new view between them joins the open flag.
    await qualifiedView(b.id, itemA);
    await settle();
    expect(await sweep(admin)).toMatchObject({ flagged: 0 });
    expect((await flagsFor(admin, a.id)).find((r) => r.id === ring!.id)).toMatchObject({
      views_count: 4,
      earnings_count: 8,
    });
  });

  it("flags a viewer sharing an address with the creator, but not an honest viewer", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const [viewer, creator, honest] = [
      await makeUser({ createdAt: LONG_AGO }),
      await makeUser({ createdAt: LONG_AGO }),
      await makeUser({ createdAt: LONG_AGO }),
    ];
    const item = await makeContent(creator.id, { durationMs: 20_000 });
    const elsewhere = await makeContent((await makeUser({ createdAt: LONG_AGO })).id, { durationMs: 20_000 });
    const ip = `ip-${newId().slice(10)}`;
    await qualifiedView(viewer.id, item, { ip });
    await qualifiedView(honest.id, item, { ip: `ip-${newId().slice(10)}` });
    // The creator watches something from the same address.
    await qualifiedView(creator.id, elsewhere, { ip });
    await settle();
    await sweep(admin);
    const [flag] = await flagsFor(admin, viewer.id);
    expect(flag).toMatchObject({ rule: "shared_ip", views_count: 1, earnings_count: 2 });
    expect(await flagsFor(admin, honest.id)).toEqual([]);
  });

  it("flags a viewer at or near the daily cap on most days in holding, and an item watched only by same-day accounts", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const before = await (await admin.fetch("/api/admin/earning-rules")).json<EarningRulesJson>();
    const bot = await makeUser({ createdAt: LONG_AGO });
    const creator = await makeUser({ createdAt: LONG_AGO });
    const items = [
      await makeContent(creator.id, { durationMs: 20_000 }),
      await makeContent(creator.id, { durationMs: 20_000 }),
    ];
    expect(
      (await admin.json("/api/admin/earning-rules", "PATCH", { key: "daily_earnable_views", value: 2 })).status,
    ).toBe(200);
    try {
      const today = Date.now();
      for (const daysAgo of [0, 1, 2]) {
        const day = iso(today - daysAgo * DAY_MS).slice(0, 10);
        for (const item of items) await qualifiedView(bot.id, item, { day });
      }
      await settle();
      await sweep(admin);
    } finally {
      await admin.json("/api/admin/earning-rules", "PATCH", {
        key: "daily_earnable_views",
        value: before.daily_earnable_views,
      });
    }
    const capped = (await flagsFor(admin, bot.id)).find((r) => r.rule === "daily_cap");
    expect(capped).toMatchObject({ views_count: 6, earnings_count: 12 });
    expect(capped!.evidence[0]).toContain("on 3 days in holding, most of the days they earned");

    const target = await makeContent(creator.id, { durationMs: 20_000 });
    const fresh = [await makeUser(), await makeUser(), await makeUser()];
    for (const f of fresh) await qualifiedView(f.id, target);
    await settle();
    await sweep(admin);
    const sameDay = (await flagsFor(admin, fresh[0]!.id)).find((r) => r.rule === "same_day_accounts");
    expect(sameDay).toMatchObject({
      views_count: 3,
      earnings_count: 6,
      title: "Item watched only by brand-new accounts",
    });
    expect(sameDay!.evidence[1]).toBe("3 paid views still in holding from 3 accounts");
  });
});

describe("deciding a flag", () => {
  async function ring() {
    const admin = await signedInBrowser("admin@example.com");
    const [a, b] = [await makeUser(), await makeUser()];
    const [itemA, itemB] = [
      await makeContent(a.id, { durationMs: 20_000 }),
      await makeContent(b.id, { durationMs: 20_000 }),
    ];
    const viewIds = [await qualifiedView(a.id, itemB), await qualifiedView(b.id, itemA)];
    await settle();
    await sweep(admin);
    const flag = (await flagsFor(admin, a.id)).find((r) => r.rule === "ring")!;
    return { admin, a, b, flag, viewIds };
  }
  const decide = (admin: Browser, id: string, body: unknown) => admin.json(`/api/admin/reviews/${id}`, "POST", body);

  it("reverse writes a negative row per covered earning, audited, once; the member's views say reversed", async () => {
    const { admin, a, flag, viewIds } = await ring();
    const res = await decide(admin, flag.id, { decision: "reverse", note: "Two accounts, one person" });
    expect(res.status).toBe(200);
    expect(await res.json<ReviewJson>()).toMatchObject({
      status: "reversed",
      note: "Two accounts, one person",
      decided_by_email: "admin@example.com",
    });
    const rows = await env.DB.prepare(
      "select sum(amount_micros) as total, count(*) as n, min(reason) as reason from reversals where review_id = ?",
    )
      .bind(flag.id)
      .first();
    expect(rows).toEqual({ total: -12_000, n: 4, reason: "ring" });
    // Nothing deleted or edited: the earnings are still there.
    const earned = await env.DB.prepare(
      "select count(*) as n, sum(amount_micros) as total from earnings where view_id in (?, ?)",
    )
      .bind(...viewIds)
      .first();
    expect(earned).toEqual({ n: 4, total: 12_000 });
    // The wallet: nothing pending, nothing available, the reversal shown on each side.
    const member = await signedInBrowser(a.email);
    expect(await walletOf(member)).toMatchObject({
      viewer_balance: 0,
      creator_balance: 0,
      pending_balance: 0,
      available_balance: 0,
      viewer_reversed: 0.003,
      creator_reversed: 0.003,
    });
    const list = await (
      await member.fetch(`/api/me/views?date=${iso(Date.now()).slice(0, 10)}`)
    ).json<MyViewsResponse>();
    expect(list.views.find((v) => v.id === viewIds[0])).toMatchObject({ outcome: "reversed", reason: "reversed" });
    // The calendar nets the reversal on the day it was written.
    const cal = await (
      await member.fetch("/api/me/earnings/calendar")
    ).json<{ summary: { totalEarnings: number; totalViews: number } }>();
    expect(cal.summary).toMatchObject({ totalEarnings: 0, totalViews: 2 });
    // Settled once: a second decision is refused, and one audit row exists.
    const again = await decide(admin, flag.id, { decision: "reverse", note: "again" });
    expect(again.status).toBe(409);
    expect(
      await env.DB.prepare("select count(*) as n from reversals where review_id = ?").bind(flag.id).first(),
    ).toEqual({ n: 4 });
    const audit = await env.DB.prepare(
      "select count(*) as n, max(after) as after from audit_log where entity = 'review' and entity_id = ?",
    )
      .bind(flag.id)
      .first<{ n: number; after: string }>();
    expect(audit!.n).toBe(1);
    expect(JSON.parse(audit!.after)).toEqual({
      status: "reversed",
      note: "Two accounts, one person",
      reversed_micros: 12_000,
    });
  });

  it("clear releases the earnings to become available when their hold ends, exactly once", async () => {
    const { admin, a, flag } = await ring();
    const in8Days = iso(Date.now() + 8 * DAY_MS);
    expect(balancesOf((await walletParts(testDb(), a.id, in8Days)).parts)).toMatchObject({
      pending: 6000,
      available: 0,
    });
    expect((await decide(admin, flag.id, { decision: "clear", note: "Siblings, checked" })).status).toBe(200);
    expect(balancesOf((await walletParts(testDb(), a.id, iso(Date.now()))).parts)).toMatchObject({
      pending: 6000,
      available: 0,
    });
    expect(balancesOf((await walletParts(testDb(), a.id, in8Days)).parts)).toMatchObject({
      pending: 0,
      available: 6000,
    });
    // Cleared earnings are not flagged again under the same rule.
    expect((await sweep(admin)).covered).toBe(0);
    expect(
      await env.DB.prepare("select count(*) as n from reversals where review_id = ?").bind(flag.id).first(),
    ).toEqual({ n: 0 });
  });

  it("refuses bad input with 400, unknown flags with 404, and members with 403", async () => {
    const { admin, a, flag } = await ring();
    for (const body of [
      { decision: "delete", note: "x" },
      { decision: "clear", note: "" },
      { decision: "clear", note: "x".repeat(501) },
      {},
    ]) {
      expect((await decide(admin, flag.id, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await decide(admin, newId(), { decision: "clear", note: "x" })).status).toBe(404);
    expect((await admin.fetch("/api/admin/reviews?status=closed")).status).toBe(400);
    const member = await signedInBrowser(uniqueEmail());
    expect((await member.fetch("/api/admin/reviews")).status).toBe(403);
    expect((await member.fetch("/api/admin/reviews/sweep", { method: "POST" })).status).toBe(403);
    expect((await decide(member, flag.id, { decision: "clear", note: "mine now" })).status).toBe(403);
    expect((await flagsFor(admin, a.id))[0]?.status).toBe("open");
  });
});
