import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { NotificationJson, NotificationsJson } from "../../common/schemas/notifications";
import { bonuses } from "../db/schema";
import { createPayment } from "../domain/admin/payments";
import { payPayoutRequest, rejectPayoutRequest } from "../domain/payouts/admin-requests";
import { creditQualifiedViews } from "../domain/earnings/credit-views";
import { runEarningsJob } from "../domain/earnings/run-job";
import { restoreContent } from "../domain/moderation/moderate-content";
import { newId } from "../lib/ids";
import { adminContext } from "../test/admin-calls";
import { makeContent, makeQualifiedView, makeUser, testDb } from "../test/factories";
import { Browser, signedInBrowser } from "../test/http";
import { member } from "../test/members";
import { suspend, takeDown } from "../test/moderation";

// The bell (docs/decisions/046): each event told once, by the batch that caused it — reruns of the earnings job,
// concurrent runs and repeated moderation requests write nothing twice — grouped per member and day for view
// rewards; followed creators' uploads merged in at read time; groups a member turned off left out.

const DAY_MS = 24 * 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const LONG_AGO = "2020-01-01T00:00:00.000Z";
const settle = (at = Date.now()) => creditQualifiedViews(testDb(), iso(at), 25, 100);
const bell = async (b: Browser) => (await b.fetch("/api/me/notifications")).json<NotificationsJson>();
const ofKind = (n: NotificationsJson, kind: string) => n.items.filter((i) => i.kind === kind);
const rowsOf = async (userId: string, kind: string) =>
  (
    await env.DB.prepare(
      "select count, amount_micros, at from notifications where user_num = (select num from users where id = ?1) and kind = ?2",
    )
      .bind(userId, kind)
      .all()
  ).results;

async function members() {
  const creator = await makeUser({ createdAt: LONG_AGO });
  const viewer = await makeUser({ createdAt: LONG_AGO });
  return {
    creator,
    viewer,
    creatorBrowser: await signedInBrowser(creator.email),
    viewerBrowser: await signedInBrowser(viewer.email),
  };
}

describe("view rewards on the bell", () => {
  it("tells credits once per member and day, however often and however concurrently the job runs", async () => {
    const { creator, viewer, viewerBrowser } = await members();
    const [a, b] = [await makeContent(creator.id), await makeContent(creator.id)];
    await makeQualifiedView(viewer.id, a);
    await makeQualifiedView(viewer.id, b);
    await Promise.all([settle(), settle(), runEarningsJob({ ctx: { db: testDb() }, input: { now: iso(Date.now()) } })]);
    await settle();

    expect(await rowsOf(viewer.id, "views_credited")).toMatchObject([{ count: 2, amount_micros: 6000 }]);
    expect(await rowsOf(creator.id, "views_credited")).toMatchObject([{ count: 2, amount_micros: 6000 }]);
    const n = await bell(viewerBrowser);
    expect(ofKind(n, "views_credited")).toMatchObject([
      { count: 2, amount_usd: 0.006, read: false, group: "earnings" },
    ]);
    // Their release is written with them, dated when the hold ends: not shown before.
    expect(await rowsOf(viewer.id, "views_released")).toMatchObject([{ count: 2 }]);
    expect(ofKind(n, "views_released")).toEqual([]);
    expect(n.unread).toBe(1);

    // A third credit the same day joins the day's line and makes it unread again.
    await viewerBrowser.json("/api/me/notifications/read", "POST", { all: true });
    await makeQualifiedView(viewer.id, await makeContent(creator.id));
    await settle();
    expect(ofKind(await bell(viewerBrowser), "views_credited")).toMatchObject([{ count: 3, read: false }]);
  });

  it("shows a release once the hold is over, and a reversal takes the reversed rewards out of a release still to come", async () => {
    const { creator, viewer, viewerBrowser } = await members();
    const old = await makeContent(creator.id);
    await makeQualifiedView(viewer.id, old);
    await settle(Date.now() - 8 * DAY_MS);
    expect(ofKind(await bell(viewerBrowser), "views_released")).toMatchObject([{ count: 1, amount_usd: 0.003 }]);

    const item = await makeContent(creator.id);
    await makeQualifiedView(viewer.id, item);
    await settle();
    await takeDown(item.id);
    await takeDown(item.id).catch(() => null); // a second takedown is refused and tells nothing
    const n = await bell(viewerBrowser);
    expect(ofKind(n, "views_reversed")).toMatchObject([{ count: 1, amount_usd: 0.003 }]);
    const releases = (await rowsOf(viewer.id, "views_released")).filter((r) => (r.at as string) > iso(Date.now()));
    expect(releases).toMatchObject([{ count: 0, amount_micros: 0 }]);
    expect(await rowsOf(creator.id, "views_reversed")).toMatchObject([{ count: 1, amount_micros: 3000 }]);
  });
});

describe("moderation, payments and bonuses on the bell", () => {
  it("tells a creator of each takedown and restore once, and a member of their suspension", async () => {
    const { creator, creatorBrowser } = await members();
    const item = await makeContent(creator.id, { title: "My <b>song</b>" });
    await takeDown(item.id);
    await restoreContent({ ctx: await adminContext(), input: { contentId: item.id, note: "ok" } });
    await restoreContent({ ctx: await adminContext(), input: { contentId: item.id, note: "ok" } }).catch(() => null);
    const n = await bell(creatorBrowser);
    expect(ofKind(n, "item_taken_down")).toMatchObject([
      { subject_id: item.id, detail: "My <b>song</b>", group: "moderation" },
    ]);
    expect(ofKind(n, "item_restored")).toHaveLength(1);

    await suspend(creator.id, "Spam uploads");
    await suspend(creator.id, "Again").catch(() => null);
    expect(ofKind(await bell(creatorBrowser), "account_suspended")).toMatchObject([{ detail: "Spam uploads" }]);
  });

  it("tells each payment recorded once", async () => {
    const { viewer, viewerBrowser } = await members();
    const input = {
      userId: viewer.id,
      amountMicros: 1_500_000,
      paymentMethod: "PayPal",
      paymentReference: null,
      status: "completed" as const,
      notes: null,
      override: true,
    };
    const payment = await createPayment({ ctx: await adminContext(), input });
    expect(ofKind(await bell(viewerBrowser), "payment_recorded")).toMatchObject([
      { subject_id: payment.row.id, amount_usd: 1.5, group: "payments" },
    ]);
  });

  it("tells a payout request paid or rejected once, to its member", async () => {
    const { viewer, viewerBrowser } = await members();
    const now = iso(Date.now());
    await env.DB.prepare(
      `insert into earnings (id, user_id, kind, amount_micros, description, created_at, available_at) values (?1, ?2, 'manual', 50000000, 'bench', ?3, ?3)`,
    )
      .bind(newId(), viewer.id, now)
      .run();
    const open = () =>
      env.DB.prepare(
        `insert into payout_requests (id, user_id, amount_micros, payment_method, payout_address, status, created_at) values (?1, ?2, 10000000, 'PayPal', 'me@example.com', 'open', ?3)`,
      );
    const [paid, rejected] = [newId(), newId()];
    await open().bind(paid, viewer.id, now).run();
    const ctx = await adminContext();
    await payPayoutRequest({ ctx, input: { id: paid, reference: null, notes: null } });
    await expect(payPayoutRequest({ ctx, input: { id: paid, reference: null, notes: null } })).rejects.toThrow(
      /already paid/,
    );
    await open().bind(rejected, viewer.id, now).run();
    await rejectPayoutRequest({ ctx, input: { id: rejected, reason: "Address bounced" } });
    await expect(rejectPayoutRequest({ ctx, input: { id: rejected, reason: "Again" } })).rejects.toThrow();
    const n = await bell(viewerBrowser);
    expect(ofKind(n, "payout_paid")).toMatchObject([{ subject_id: paid, amount_usd: 10 }]);
    expect(ofKind(n, "payout_rejected")).toMatchObject([{ subject_id: rejected, detail: "Address bounced" }]);
    // Paying a request records its payment without a second "payment recorded" line.
    expect(ofKind(n, "payment_recorded")).toEqual([]);
  });

  it("tells a sign-on bonus awarded once, however often the job runs", async () => {
    const { viewer, viewerBrowser } = await members();
    await testDb()
      .insert(bonuses)
      .values({
        id: newId(),
        userId: viewer.id,
        kind: "signon",
        challengeIds: "test",
        totalMicros: 75_000_000,
        status: "pending",
        description: "Sign-on challenge bonus",
        createdAt: iso(Date.now()),
        reviewReasons: "",
      });
    await Promise.all([
      runEarningsJob({ ctx: { db: testDb() }, input: { now: iso(Date.now()) } }),
      runEarningsJob({ ctx: { db: testDb() }, input: { now: iso(Date.now() + 1) } }),
    ]);
    await runEarningsJob({ ctx: { db: testDb() }, input: { now: iso(Date.now() + 2) } });
    expect(ofKind(await bell(viewerBrowser), "bonus_awarded")).toMatchObject([{ amount_usd: 75 }]);
  });

  it("tells a sign-on bonus held for review once, however often the job runs", async () => {
    const { viewer, viewerBrowser } = await members();
    await testDb()
      .insert(bonuses)
      .values({
        id: newId(),
        userId: viewer.id,
        kind: "signon",
        challengeIds: "test",
        totalMicros: 75_000_000,
        status: "pending",
        description: "Sign-on challenge bonus",
        createdAt: iso(Date.now()),
        reviewReasons: "shared_ip",
      });
    for (let i = 0; i < 3; i++) await runEarningsJob({ ctx: { db: testDb() }, input: { now: iso(Date.now() + i) } });
    const n = await bell(viewerBrowser);
    expect(ofKind(n, "bonus_held")).toMatchObject([{ amount_usd: 75 }]);
    expect(ofKind(n, "bonus_awarded")).toEqual([]);
  });
});

describe("uploads of followed creators", () => {
  it("are read from the follows (no row per follower), after the follow, and can be marked read one by one or all", async () => {
    const fan = await member("fan");
    const creator = await makeUser({ username: `up${Date.now().toString(36)}` });
    await makeContent(creator.id, { createdAt: iso(Date.now() - 60_000) });
    await fan.browser.fetch(`/api/creators/${creator.id}/follow`, { method: "PUT" });
    const [first, second] = [
      await makeContent(creator.id, { title: "First" }),
      await makeContent(creator.id, { title: "Second" }),
    ];
    expect(
      (await env.DB.prepare("select count(*) as n from notifications where kind = 'upload' and subject_id in (?1, ?2)")
        .bind(first.id, second.id)
        .first<{ n: number }>())!.n,
    ).toBe(0);

    let n = await bell(fan.browser);
    const uploads = ofKind(n, "upload");
    expect(uploads.map((u) => u.detail).sort()).toEqual(["First", "Second"]);
    expect(uploads[0]).toMatchObject({ creator_id: creator.id, creator_name: creator.username, read: false });
    expect(n.unread).toBe(2);

    const read = await fan.browser.json("/api/me/notifications/read", "POST", { ids: [`u-${first.id}`] });
    expect(await read.json()).toEqual({ unread: 1 });
    n = await bell(fan.browser);
    expect(ofKind(n, "upload").find((u) => u.subject_id === first.id)).toMatchObject({ read: true });
    await fan.browser.json("/api/me/notifications/read", "POST", { all: true });
    n = await bell(fan.browser);
    expect(n.unread).toBe(0);
    expect(ofKind(n, "upload").every((u: NotificationJson) => u.read)).toBe(true);
  });
});

describe("preferences and marking read", () => {
  it("leaves out the groups a member turned off, and validates what it is sent", async () => {
    const { viewer, viewerBrowser } = await members();
    await makeQualifiedView(viewer.id, await makeContent((await makeUser()).id));
    await settle();
    const off = await viewerBrowser.json("/api/me/notifications/settings", "PUT", { muted: ["earnings"] });
    expect(await off.json()).toEqual({ muted: ["earnings"] });
    let n = await bell(viewerBrowser);
    expect(n).toMatchObject({ unread: 0, items: [], muted: ["earnings"] });
    await viewerBrowser.json("/api/me/notifications/settings", "PUT", { muted: [] });
    n = await bell(viewerBrowser);
    expect(n.unread).toBe(1);

    const bad = await viewerBrowser.json("/api/me/notifications/settings", "PUT", { muted: ["everything"] });
    expect(bad.status).toBe(400);
    expect((await bad.json<{ error: string }>()).error).toMatch(/muted/);
    expect((await viewerBrowser.json("/api/me/notifications/read", "POST", {})).status).toBe(400);
    expect((await viewerBrowser.json("/api/me/notifications/read", "POST", { ids: ["x'; drop"] })).status).toBe(400);
    expect((await new Browser().fetch("/api/me/notifications")).status).toBe(401);
  });

  it("marks only the listed rows read", async () => {
    const { creator, viewer, viewerBrowser, creatorBrowser } = await members();
    await makeQualifiedView(viewer.id, await makeContent(creator.id));
    await settle();
    const [line] = ofKind(await bell(viewerBrowser), "views_credited");
    const res = await viewerBrowser.json("/api/me/notifications/read", "POST", { ids: [line!.id] });
    expect(await res.json()).toEqual({ unread: 0 });
    expect((await bell(creatorBrowser)).unread).toBe(1);
  });
});
