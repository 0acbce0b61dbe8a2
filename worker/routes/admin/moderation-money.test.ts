import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ContentModerationResponse, UserModerationResponse } from "../../../common/schemas/moderation";
import type { MyViewsResponse } from "../../../common/schemas/my-views";
import { walletParts } from "../../db/queries/wallet/wallet";
import { bonuses } from "../../db/schema";
import { creditQualifiedViews } from "../../domain/earnings/credit-views";
import { balancesOf } from "../../domain/wallet/balances";
import { newId } from "../../lib/ids";
import { makeContent, makeQualifiedView, makeUser, testDb } from "../../test/factories";
import { signedInBrowser, type Browser } from "../../test/http";
import { runEarningsCron } from "../../test/views";

// What moderation does to money (docs/decisions/027): views of hidden items and by suspended viewers are paid
// on neither side; a takedown or a suspension reverses the held rewards of the views concerned, once, both
// sides, and never touches what is already available; lifting either gives back visibility, not money.

const DAY_MS = 24 * 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const LONG_AGO = "2020-01-01T00:00:00.000Z";

const settle = (at = Date.now()) => creditQualifiedViews(testDb(), iso(at), 25, 100);
const wallet = async (userId: string) => balancesOf((await walletParts(testDb(), userId, iso(Date.now()))).parts);
const reversalsOf = async (where: string, ...params: string[]) =>
  (
    await env.DB.prepare(
      `select user_id, side, amount_micros, reason, review_id from reversals where ${where} order by side, user_id`,
    )
      .bind(...params)
      .all()
  ).results;
const onItem = (admin: Browser, id: string, action: string) =>
  admin.json(`/api/admin/moderation/content/${id}`, "POST", { action, note: "moderated" });
const onUser = (admin: Browser, id: string, action: string) =>
  admin.json(`/api/admin/moderation/users/${id}`, "POST", { action, note: "moderated" });

async function viewsOf(user: { email: string }, as: "viewer" | "creator" = "viewer") {
  const browser = await signedInBrowser(user.email);
  const res = await browser.fetch(`/api/me/views?date=${iso(Date.now()).slice(0, 10)}&as=${as}`);
  return Object.fromEntries((await res.json<MyViewsResponse>()).views.map((v) => [v.id, v]));
}

describe("a takedown", () => {
  it("reverses the held rewards of the item's views once, both sides, and leaves available money and other items alone", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const creator = await makeUser({ createdAt: LONG_AGO });
    const [early, late] = [await makeUser({ createdAt: LONG_AGO }), await makeUser({ createdAt: LONG_AGO })];
    const item = await makeContent(creator.id, { durationMs: 20_000 });
    const other = await makeContent(creator.id, { durationMs: 20_000 });
    // Paid eight days ago (its hold is over: available), and paid now (held).
    await makeQualifiedView(early.id, item);
    await settle(Date.now() - 8 * DAY_MS);
    const heldView = await makeQualifiedView(late.id, item);
    await makeQualifiedView(early.id, other);
    await settle();
    expect(await wallet(creator.id)).toMatchObject({ creatorBalance: 9000, available: 3000, pending: 6000 });

    const res = await onItem(admin, item.id, "takedown");
    expect(res.status).toBe(200);
    expect((await res.json<ContentModerationResponse>()).reversed_usd).toBe(0.006);
    const auditId = (await env.DB.prepare("select id from audit_log where entity_id = ?1 and action = 'takedown'")
      .bind(item.id)
      .first<{ id: string }>())!.id;
    expect(await reversalsOf("view_id = ?1", heldView)).toEqual([
      { user_id: creator.id, side: "creator", amount_micros: -3000, reason: "takedown", review_id: auditId },
      { user_id: late.id, side: "viewer", amount_micros: -3000, reason: "takedown", review_id: auditId },
    ]);
    // The available view reward stays; the other item's held one stays held.
    expect(await wallet(creator.id)).toMatchObject({ creatorBalance: 6000, available: 3000, pending: 3000 });
    expect(await wallet(early.id)).toMatchObject({ viewerBalance: 6000, available: 3000, pending: 3000 });
    expect(await wallet(late.id)).toMatchObject({ viewerBalance: 0, available: 0, pending: 0 });
    expect((await viewsOf(late))[heldView]).toMatchObject({ outcome: "reversed", reason: "removed" });

    // Restored: nothing comes back. Taken down again: nothing is reversed twice.
    expect((await onItem(admin, item.id, "restore")).status).toBe(200);
    expect(await wallet(late.id)).toMatchObject({ viewerBalance: 0, pending: 0 });
    const again = await onItem(admin, item.id, "takedown");
    expect((await again.json<ContentModerationResponse>()).reversed_usd).toBe(0);
    expect(await reversalsOf("view_id = ?1", heldView)).toHaveLength(2);
  });

  it("settles views of a hidden item unpaid on both sides, with the reason removed", async () => {
    const creator = await makeUser();
    const viewer = await makeUser();
    const item = await makeContent(creator.id, { durationMs: 20_000 });
    const view = await makeQualifiedView(viewer.id, item);
    await env.DB.prepare("update content set removed_at = ?2 where id = ?1").bind(item.id, iso(Date.now())).run();
    await settle();
    expect(await wallet(viewer.id)).toMatchObject({ viewerBalance: 0, pending: 0 });
    expect(await wallet(creator.id)).toMatchObject({ creatorBalance: 0, pending: 0 });
    expect((await viewsOf(viewer))[view]).toMatchObject({ outcome: "not_earned", reason: "removed", amount_usd: 0 });
    expect((await viewsOf(creator, "creator"))[view]).toMatchObject({ outcome: "not_earned", reason: "removed" });
    // Restoring the item later does not change why that view was not paid.
    await env.DB.prepare("update content set removed_at = null where id = ?1").bind(item.id).run();
    expect((await viewsOf(viewer))[view]).toMatchObject({ reason: "removed" });
  });

  it("two admins at once: one takes it down, the other gets 409; one audit row, reversals written once", async () => {
    const [a, b] = [await signedInBrowser("admin@example.com"), await signedInBrowser("admin@example.com")];
    const creator = await makeUser();
    const item = await makeContent(creator.id, { durationMs: 20_000 });
    for (let i = 0; i < 3; i++) await makeQualifiedView((await makeUser()).id, item);
    await settle();
    const results = await Promise.all([onItem(a, item.id, "takedown"), onItem(b, item.id, "takedown")]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const audits = await env.DB.prepare("select count(*) as n from audit_log where entity_id = ?1")
      .bind(item.id)
      .first<{ n: number }>();
    expect(audits!.n).toBe(1);
    const reversed = await env.DB.prepare(
      "select count(*) as n, sum(amount_micros) as micros from reversals where view_id in (select id from views where content_id = ?1)",
    )
      .bind(item.id)
      .first<{ n: number; micros: number }>();
    expect(reversed).toEqual({ n: 6, micros: -18_000 });
  });
});

describe("a suspension", () => {
  it("reverses the held rewards of every view the member was paid for, as viewer and as creator, both sides", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const member = await makeUser({ createdAt: LONG_AGO });
    const creator = await makeUser({ createdAt: LONG_AGO });
    const fan = await makeUser({ createdAt: LONG_AGO });
    const theirs = await makeContent(creator.id, { durationMs: 20_000 });
    const mine = await makeContent(member.id, { durationMs: 20_000 });
    await makeQualifiedView(member.id, theirs);
    await settle(Date.now() - 8 * DAY_MS); // available: stays
    const watched = await makeQualifiedView(member.id, theirs);
    const watchedMine = await makeQualifiedView(fan.id, mine);
    await settle();
    const res = await onUser(admin, member.id, "suspend");
    expect(res.status).toBe(200);
    expect((await res.json<UserModerationResponse>()).reversed_usd).toBe(0.012);
    expect(
      (await reversalsOf("view_id in (?1, ?2)", watched, watchedMine)).map((r) => [r.user_id, r.side, r.reason]),
    ).toEqual(
      expect.arrayContaining([
        [member.id, "viewer", "suspended_viewer"],
        [creator.id, "creator", "suspended_viewer"],
        [member.id, "creator", "suspended_creator"],
        [fan.id, "viewer", "suspended_creator"],
      ]),
    );
    expect(await wallet(member.id)).toMatchObject({
      viewerBalance: 3000,
      creatorBalance: 0,
      available: 3000,
      pending: 0,
    });
    expect(await wallet(creator.id)).toMatchObject({ creatorBalance: 3000, available: 3000, pending: 0 });
    expect(await wallet(fan.id)).toMatchObject({ viewerBalance: 0, pending: 0 });
    expect((await viewsOf(member))[watched]).toMatchObject({ outcome: "reversed", reason: "suspended" });
    expect((await viewsOf(creator, "creator"))[watched]).toMatchObject({ outcome: "reversed", reason: "suspended" });
    // The fan's reward was taken back because the creator (the member) was suspended: the reason says so.
    expect((await viewsOf(fan))[watchedMine]).toMatchObject({ outcome: "reversed", reason: "creator_suspended" });
    expect((await viewsOf(member, "creator"))[watchedMine]).toMatchObject({
      outcome: "reversed",
      reason: "creator_suspended",
    });

    // While suspended, the member's new views pay nobody, and views of their items neither.
    const later = await makeQualifiedView(member.id, theirs);
    const laterOfMine = await makeQualifiedView(fan.id, mine);
    await settle();
    expect((await viewsOf(member))[later]).toMatchObject({ outcome: "not_earned", reason: "suspended" });
    expect((await viewsOf(fan))[laterOfMine]).toMatchObject({ outcome: "not_earned", reason: "removed" });
    expect(await wallet(creator.id)).toMatchObject({ creatorBalance: 3000, pending: 0 });

    // Reinstated: new views pay again; nothing reversed comes back.
    expect((await onUser(admin, member.id, "unsuspend")).status).toBe(200);
    await makeQualifiedView(fan.id, mine);
    await settle();
    expect(await wallet(member.id)).toMatchObject({ viewerBalance: 3000, creatorBalance: 3000, pending: 3000 });
  });

  it("never awards a suspended member's pending sign-on bonus; it waits for the suspension to end", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const member = await makeUser();
    const bonusId = newId();
    await testDb()
      .insert(bonuses)
      .values({
        id: bonusId,
        userId: member.id,
        kind: "signon",
        challengeIds: "c1",
        totalMicros: 75_000_000,
        status: "pending",
        createdAt: iso(Date.now()),
      });
    expect((await onUser(admin, member.id, "suspend")).status).toBe(200);
    await runEarningsCron();
    const status = async () =>
      (await env.DB.prepare("select status from bonuses where id = ?1").bind(bonusId).first<{ status: string }>())!
        .status;
    expect(await status()).toBe("pending");
    expect((await onUser(admin, member.id, "unsuspend")).status).toBe(200);
    await runEarningsCron();
    expect(await status()).toBe("awarded");
  });
});
