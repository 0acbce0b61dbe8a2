import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { EarningRulesJson } from "../../common/schemas/earning-rules";
import type { MyViewJson, MyViewsResponse, ViewReason } from "../../common/schemas/my-views";
import { views } from "../db/schema";
import { creditQualifiedViews } from "../domain/earnings/credit-views";
import { newId } from "../lib/ids";
import { makeContent, makeUser, testDb } from "../test/factories";
import { signedInBrowser, type Browser } from "../test/http";
import { expireNow, passTime, sendProgress, startView, watchPaced } from "../test/views";
import { member } from "../test/members";

const DAY_MS = 24 * 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A view row as the watch-session object writes it when a view qualifies. */
async function qualifiedView(
  viewerId: string,
  item: { id: string; createdBy: string; durationMs: number },
  at: string,
) {
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
      qualifiedDay: at.slice(0, 10),
    });
  return id;
}

async function listOf(b: Browser, date: string, as = "viewer") {
  const res = await b.fetch(`/api/me/views?date=${date}&as=${as}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json<MyViewsResponse>()).views;
}
const byId = (list: MyViewJson[], id: string) => list.find((v) => v.id === id)!;

describe("GET /api/me/views: a reason for every view", () => {
  it("explains paid views: pending in the hold, earned after it, under review, reversed", async () => {
    const viewer = await member("viewer");
    const creator = await makeUser();
    const db = testDb();
    const now = Date.now();
    const today = iso(now).slice(0, 10);
    const items = await Promise.all([1, 2, 3, 4].map(() => makeContent(creator.id, { durationMs: 20_000 })));
    const held = await qualifiedView(viewer.id, items[0]!, iso(now));
    await creditQualifiedViews(db, iso(now));
    // Settled eight days ago: its seven-day hold is over.
    const old = await qualifiedView(viewer.id, items[1]!, iso(now));
    await creditQualifiedViews(db, iso(now - 8 * DAY_MS));
    const review = await qualifiedView(viewer.id, items[2]!, iso(now));
    const reversed = await qualifiedView(viewer.id, items[3]!, iso(now));
    await creditQualifiedViews(db, iso(now));
    // Two flags: one stays open, one an admin reverses.
    for (const [flag, viewId] of [
      ["open", review],
      ["rev", reversed],
    ] as const) {
      const reviewId = `${flag}-${viewId}`;
      await env.DB.batch([
        env.DB.prepare(
          `insert into reviews (id, rule, subject, user_ids, evidence, status, created_at) values (?1, 'shared_ip', ?1, '[]', '[]', 'open', ?2)`,
        ).bind(reviewId, iso(now)),
        env.DB.prepare(
          `insert into review_earnings (review_id, earning_id, rule) select ?1, id, 'shared_ip' from earnings where view_id = ?2`,
        ).bind(reviewId, viewId),
      ]);
      if (flag === "rev") {
        await env.DB.prepare(
          `insert into reversals (earning_id, user_id, side, view_id, amount_micros, reason, review_id, created_by, created_at)
          select id, user_id, kind, view_id, -amount_micros, 'shared_ip', ?1, 'admin', ?2 from earnings where view_id = ?3`,
        )
          .bind(reviewId, iso(now), viewId)
          .run();
      }
    }
    const list = await listOf(viewer.browser, today);
    expect(byId(list, held)).toMatchObject({
      outcome: "pending",
      reason: null,
      amount_usd: 0.003,
      watched_percent: 100,
      content_id: items[0]!.id,
    });
    expect(byId(list, held).available_at! > iso(now + 6 * DAY_MS)).toBe(true);
    expect(byId(list, old)).toMatchObject({ outcome: "earned", reason: null, available_at: null });
    expect(byId(list, review)).toMatchObject({ outcome: "pending", reason: "under_review" });
    expect(byId(list, reversed)).toMatchObject({ outcome: "reversed", reason: "reversed", amount_usd: 0.003 });
    // The creator sees the same views of their items, from their side.
    const creatorBrowser = await signedInBrowser(creator.email);
    const asCreator = await listOf(creatorBrowser, today, "creator");
    expect(byId(asCreator, reversed)).toMatchObject({ outcome: "reversed", content_title: items[3]!.title });
    expect(byId(asCreator, held)).toMatchObject({ outcome: "pending" });
    // …and none as a viewer: they watched nothing.
    expect(await listOf(creatorBrowser, today)).toEqual([]);
  });

  it("says why a settled view did not pay: own content, too short, the item's and the viewer's daily caps", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const viewer = await member("capped");
    const creator = await makeUser();
    const db = testDb();
    const at = iso(Date.now());
    const own = await makeContent(viewer.id, { durationMs: 20_000 });
    const short = await makeContent(creator.id, { durationMs: 2_000 });
    const item = await makeContent(creator.id, { durationMs: 20_000 });
    const other = await makeContent(creator.id, { durationMs: 20_000 });
    const ownView = await qualifiedView(viewer.id, own, at);
    const shortView = await qualifiedView(viewer.id, short, at);
    const itemViews = [];
    for (let i = 0; i < 4; i++) itemViews.push(await qualifiedView(viewer.id, item, at));
    await creditQualifiedViews(db, at);
    // A daily cap of 3 paid views: the 3 places on `item` used it up, so `other` is over the viewer's cap.
    const set = (value: number) =>
      admin.json("/api/admin/earning-rules", "PATCH", { key: "daily_earnable_views", value });
    const before = await (await admin.fetch("/api/admin/earning-rules")).json<EarningRulesJson>();
    expect((await set(3)).status).toBe(200);
    let otherView: string;
    try {
      otherView = await qualifiedView(viewer.id, other, at);
      await creditQualifiedViews(db, at);
    } finally {
      await set(before.daily_earnable_views);
    }
    const list = await listOf(viewer.browser, at.slice(0, 10));
    expect(byId(list, ownView)).toMatchObject({ outcome: "not_earned", reason: "own_content", amount_usd: 0 });
    expect(byId(list, shortView)).toMatchObject({ outcome: "not_earned", reason: "too_short" });
    expect(itemViews.map((id) => byId(list, id).outcome)).toEqual(["pending", "pending", "pending", "not_earned"]);
    expect(byId(list, itemViews[3]!).reason).toBe("item_daily_cap");
    expect(byId(list, otherView)).toMatchObject({ outcome: "not_earned", reason: "viewer_daily_cap" });
  });

  it("says why a session never qualified: too fast, under 80 %, another session, expired", async () => {
    const viewer = await member("sessions");
    const creator = await makeUser();
    const [fast, partial, left, idle] = await Promise.all(
      [1, 2, 3, 4].map(() => makeContent(creator.id, { durationMs: 20_000 })),
    );
    // Claims 90 % a moment after starting: the position is taken, the watching is not.
    const fastView = await startView(viewer.browser, fast!.id);
    expect((await sendProgress(viewer.browser, fast!.id, 18, fastView)).body.qualified).toBe(false);
    // Watches 30 %, honestly paced, then starts something else, watches 60 % of it and leaves.
    const leftView = (await watchPaced(viewer.browser, viewer.id, left!.id, 20_000, { untilFraction: 0.3 })).viewId;
    const partialView = (await watchPaced(viewer.browser, viewer.id, partial!.id, 20_000, { untilFraction: 0.6 }))
      .viewId;
    // Everything goes quiet until the sessions expire.
    await passTime(viewer.id, 4 * 3600_000);
    await expireNow(viewer.id);
    const idleView = await startView(viewer.browser, idle!.id);
    await passTime(viewer.id, 4 * 3600_000);
    await expireNow(viewer.id);
    // The clock moved back 8 hours: soon after midnight UTC some of these views began yesterday.
    const days = [...new Set([Date.now(), Date.now() - 9 * 3600_000].map((ms) => iso(ms).slice(0, 10)))];
    const list = (await Promise.all(days.map((day) => listOf(viewer.browser, day)))).flat();
    const reasons = Object.fromEntries(list.map((v) => [v.id, v.reason])) as Record<string, ViewReason>;
    expect(reasons[fastView]).toBe("too_fast");
    expect(reasons[leftView]).toBe("another_session");
    expect(reasons[partialView]).toBe("under_80");
    expect(byId(list, partialView).watched_percent).toBe(60);
    expect(reasons[idleView]).toBe("expired");
    expect(list.every((v) => v.outcome === "not_earned")).toBe(true);
  });

  it("refuses a missing or impossible date and an unknown side with 400, and needs a session", async () => {
    const viewer = await member("dates");
    for (const q of ["", "?date=2026-02-30", "?date=yesterday", "?date=2026-11-23&as=admin"]) {
      const res = await viewer.browser.fetch(`/api/me/views${q}`);
      expect(res.status, q).toBe(400);
      expect((await res.json<{ error: string }>()).error).toMatch(/date|as/);
    }
    const anonymous = await (
      await import("cloudflare:test")
    ).SELF.fetch("http://localhost/api/me/views?date=2026-11-23");
    expect(anonymous.status).toBe(401);
  });
});
