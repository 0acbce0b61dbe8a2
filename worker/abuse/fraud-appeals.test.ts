import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { isId } from "../../common/ids";
import type { AdminAppealsResponse, AppealCreatedResponse } from "../../common/schemas/appeals";
import type { MyViewsResponse } from "../../common/schemas/my-views";
import type { NotificationsJson } from "../../common/schemas/notifications";
import type { WalletJson } from "../../common/schemas/wallet";
import { walletParts } from "../db/queries/wallet/wallet";
import { newId } from "../lib/ids";
import { testDb } from "../test/factories";
import { heldItems, heldView, type HeldItem } from "../test/held-rewards";
import { signedInBrowser, type Browser } from "../test/http";
import { member } from "../test/members";
import { foldPart } from "../test/period-close";

// A granted appeal gives back the view rewards its takedown or suspension reversed (docs/decisions/096). The attacks:
// deciding twice, racing two reversals, an appeal made moot, fraud reversals and other actions' reversals riding
// along, a given-back reward escaping a later reversal. Whatever the order, for every view and side the rows sum to
// one reward or to nothing, and only what the appealed action itself took comes back, held again.

const DAY = 86_400_000;
const REWARD = 3000;
let admin: Browser;
beforeEach(async () => {
  admin = await signedInBrowser("admin@example.com");
});

type Member = Awaited<ReturnType<typeof member>>;
const HOUR_AGO = () => Date.now() - 3600_000;
let networks = 0;
/** A paid view of `item` by `viewer`, both rewards held for a week, from a network of its own. */
const paidView = async (viewer: Member, item: HeldItem, atMs = HOUR_AGO(), holdMs = 7 * DAY) => {
  const reward = await heldView(viewer.id, item, `${(++networks).toString(16).padStart(8, "0")}00000001`, atMs, {
    holdMs,
  });
  return (await env.DB.prepare("select view_id from earnings where id = ?1").bind(reward).first<{ view_id: string }>())!
    .view_id;
};

const onItem = (id: string, action: string) =>
  admin.json(`/api/admin/moderation/content/${id}`, "POST", { action, note: "" });
const onUser = (id: string, action: string) =>
  admin.json(`/api/admin/moderation/users/${id}`, "POST", { action, note: "" });
const lastAction = async (entityId: string, action: string) =>
  (await env.DB.prepare(
    "select id from audit_log where entity_id = ?1 and action = ?2 order by created_at desc, id desc limit 1",
  )
    .bind(entityId, action)
    .first<{ id: string }>())!.id;
async function appealOf(who: Browser, actionId: string) {
  const res = await who.json("/api/appeals", "POST", { action_id: actionId, text: "Please look at this again." });
  expect(res.status).toBe(201);
  return (await res.json<AppealCreatedResponse>()).appeal.id;
}
const decide = (appealId: string, outcome = "reversed") =>
  admin.json(`/api/admin/appeals/${appealId}/decision`, "POST", { outcome, note: "" });
const openAppeal = async (appealId: string) =>
  (await (await admin.fetch("/api/admin/appeals?status=open")).json<AdminAppealsResponse>()).appeals.find(
    (a) => a.id === appealId,
  );

/** Every view's rows per side: its rewards plus its reversals, and how many rewards (generations) it holds. */
async function ledger(viewIds: string[]) {
  const { results } = await env.DB.prepare(
    `select e.view_id as viewId, e.kind, count(*) as rows, sum(e.amount_micros)
       + coalesce((select sum(r.amount_micros) from reversals r join earnings x on x.id = r.earning_id
                   where x.view_id = e.view_id and x.kind = e.kind), 0) as net
     from earnings e where e.view_id in (select value from json_each(?1)) group by e.view_id, e.kind`,
  )
    .bind(JSON.stringify(viewIds))
    .all<{ viewId: string; kind: string; rows: number; net: number }>();
  return results;
}
/** The rule every test holds: a view and side sums to one reward or to nothing, never more, never less. */
async function expectPaidAtMostOnce(viewIds: string[]) {
  const rows = await ledger(viewIds);
  expect(rows).toHaveLength(viewIds.length * 2);
  for (const row of rows) expect([0, REWARD], `${row.viewId} ${row.kind}`).toContain(row.net);
  return new Map(rows.map((r) => [`${r.viewId}:${r.kind}`, r.net]));
}
const givenBackRows = async (actionId: string) =>
  (
    await env.DB.prepare(
      `select g.id, g.user_id as userId, g.kind, g.view_id as viewId, g.amount_micros as micros, g.available_at as availableAt,
         g.generation, r.reason
       from reversals r join earnings g on g.view_id = r.view_id and g.restores_earning_id = r.earning_id
       where r.review_id = ?1 order by g.id`,
    )
      .bind(actionId)
      .all<{
        id: string;
        userId: string;
        kind: string;
        viewId: string;
        micros: number;
        availableAt: string;
        generation: number;
        reason: string;
      }>()
  ).results;
const reversedBy = async (actionId: string) =>
  (await env.DB.prepare(
    "select coalesce(-sum(amount_micros), 0) as micros, count(*) as n from reversals where review_id = ?1",
  )
    .bind(actionId)
    .first<{ micros: number; n: number }>())!;
const wallet = async (who: Member) => (await who.browser.fetch("/api/me/wallet")).json<WalletJson>();
const viewCount = async (itemId: string) =>
  (await env.DB.prepare("select view_count as n from content where id = ?1").bind(itemId).first<{ n: number }>())!.n;

/** A creator with an item four views paid for (two by the first viewer), all held. */
async function watchedItem() {
  const creator = await member("appeal-creator");
  const viewers = await Promise.all([0, 1, 2].map((i) => member(`appeal-viewer-${i}`)));
  const [item] = await heldItems([creator.id], Date.now() - DAY);
  const views = [
    await paidView(viewers[0]!, item!),
    await paidView(viewers[0]!, item!),
    await paidView(viewers[1]!, item!),
    await paidView(viewers[2]!, item!),
  ];
  return { creator, viewers, item: item!, views };
}

describe("a granted takedown appeal gives back what the takedown reversed (docs/decisions/096)", () => {
  it("exactly the takedown's reversals, both sides, several views and members, held again; fraud reversals and another takedown's stay", async () => {
    const { creator, viewers, item, views } = await watchedItem();
    // A fraud review already took back the third viewer's side of their view: it must stay taken back.
    const fraudReviewId = newId();
    await env.DB.prepare(
      `insert into reversals (earning_id, user_id, side, view_id, amount_micros, reason, review_id, created_by, created_at)
       select id, user_id, kind, view_id, -amount_micros, 'ring', ?2, 'test', ?3 from earnings where view_id = ?1 and kind = 'viewer'`,
    )
      .bind(views[3], fraudReviewId, new Date().toISOString())
      .run();
    // Another item of the creator, taken down and not appealed: its reversals stay too.
    const [other] = await heldItems([creator.id], Date.now() - DAY);
    const otherView = await paidView(viewers[1]!, other!);
    expect((await onItem(other!.id, "takedown")).status).toBe(200);
    const everyView = [...views, otherView];

    const before = await Promise.all([creator, ...viewers].map(wallet));
    expect(await viewCount(item.id)).toBe(3);
    expect((await onItem(item.id, "takedown")).status).toBe(200);
    const takedownId = await lastAction(item.id, "takedown");
    // 4 views × 2 sides, less the side the fraud review took.
    expect(await reversedBy(takedownId)).toEqual({ micros: 7 * REWARD, n: 7 });
    expect(await viewCount(item.id)).toBe(0);
    expect((await wallet(creator)).pending_balance).toBe(before[0]!.pending_balance - 0.012);

    const appealId = await appealOf(creator.browser, takedownId);
    // The admin reads what reversing gives back before confirming.
    expect((await openAppeal(appealId))!.give_back_usd).toBe(0.021);
    const res = await decide(appealId);
    expect(res.status).toBe(200);
    expect((await res.json<{ appeal: { give_back_usd: number; status: string } }>()).appeal).toMatchObject({
      status: "reversed",
      give_back_usd: 0.021,
    });

    const back = await givenBackRows(takedownId);
    expect(back).toHaveLength(7);
    expect(back.reduce((sum, g) => sum + g.micros, 0)).toBe((await reversedBy(takedownId)).micros);
    expect(new Set(back.map((g) => g.reason))).toEqual(new Set(["takedown"]));
    // Held again from the decision on: a fresh hold of the hold days (7), whatever was left of the first.
    for (const g of back) {
      expect(isId(g.id), g.id).toBe(true);
      expect(g.generation).toBe(1);
      expect(Date.parse(g.availableAt) - Date.now()).toBeGreaterThan(7 * DAY - 60_000);
    }
    const nets = await expectPaidAtMostOnce(everyView);
    expect(nets.get(`${views[3]}:viewer`)).toBe(0);
    expect(nets.get(`${views[3]}:creator`)).toBe(REWARD);
    expect(nets.get(`${otherView}:viewer`)).toBe(0);
    expect(nets.get(`${otherView}:creator`)).toBe(0);
    expect([...nets.values()].filter((n) => n === REWARD)).toHaveLength(7);

    // Every wallet is as it was before the takedown, to the micro-dollar: all of it pending again, nothing available.
    const after = await Promise.all([creator, ...viewers].map(wallet));
    for (const [i, w] of after.entries()) {
      const was = before[i]!;
      expect(w.pending_balance, `member ${i}`).toBe(was.pending_balance);
      expect(w.available_balance, `member ${i}`).toBe(was.available_balance);
      expect(w.viewer_balance + w.creator_balance, `member ${i}`).toBeCloseTo(
        was.viewer_balance + was.creator_balance,
        9,
      );
      expect(w.available_balance + w.pending_balance).toBeCloseTo(w.viewer_balance + w.creator_balance, 9);
    }
    expect(after[0]!.pending_balance).toBe(0.012);
    // The wallet shows the give-back apart: 5 creator rewards earned, 5 reversed by the two takedowns, 4 given back.
    expect(after[0]).toMatchObject({
      creator_earnings: 0.027,
      creator_given_back: 0.012,
      creator_reversed_by: { review: 0, takedown: 0.015, suspension: 0 },
    });
    // The view count: views none of whose rewards stays reversed count again (not the fraud-reversed one).
    expect(await viewCount(item.id)).toBe(3);

    // Audited: the decision's row records the amount.
    const audit = await env.DB.prepare(
      "select json_extract(after, '$.given_back_micros') as micros from audit_log where entity_id = ?1 and action = 'appeal_reversed'",
    )
      .bind(appealId)
      .first<{ micros: number }>();
    expect(audit).toEqual({ micros: 7 * REWARD });
    // The bell: the member who appealed reads what came back to them in the appeal's line; a viewer, on their
    // credited line (the test's views were written directly, so that line is the give-back's alone).
    const creatorBell = (await (await creator.browser.fetch("/api/me/notifications")).json<NotificationsJson>()).items;
    expect(creatorBell.find((n) => n.kind === "appeal_granted")).toMatchObject({ amount_usd: 0.012 });
    expect(creatorBell.some((n) => n.kind === "views_credited")).toBe(false);
    const viewerBell = (await (await viewers[0]!.browser.fetch("/api/me/notifications")).json<NotificationsJson>())
      .items;
    expect(viewerBell.find((n) => n.kind === "views_credited")).toMatchObject({ count: 2, amount_usd: 0.006 });
    // The member's views list names the given-back reward, pending until its new hold ends.
    const { day } = (await env.DB.prepare("select substr(started_at, 1, 10) as day from views where id = ?1")
      .bind(views[0])
      .first<{ day: string }>())!;
    const listed = await (
      await viewers[0]!.browser.fetch(`/api/me/views?date=${day}&as=viewer`)
    ).json<MyViewsResponse>();
    const mine = listed.views.filter((v) => v.content_id === item.id);
    expect(mine).toHaveLength(2);
    for (const v of mine) expect(v).toMatchObject({ outcome: "pending", reason: "given_back", amount_usd: 0.003 });
  });

  it("never gives back what another moderation action reversed on the same item's views", async () => {
    const creator = await member("appeal-creator");
    const [v0, v1] = await Promise.all([member("appeal-v0"), member("appeal-v1")]);
    const [item] = await heldItems([creator.id], Date.now() - DAY);
    const views = [await paidView(v0!, item!), await paidView(v1!, item!)];
    // The second viewer's suspension takes both sides of their view; reinstated by a plain unsuspend, it stays taken.
    expect((await onUser(v1!.id, "suspend")).status).toBe(200);
    expect((await onUser(v1!.id, "unsuspend")).status).toBe(200);
    expect(await viewCount(item!.id)).toBe(1);
    expect((await onItem(item!.id, "takedown")).status).toBe(200);
    const takedownId = await lastAction(item!.id, "takedown");
    expect(await reversedBy(takedownId)).toEqual({ micros: 2 * REWARD, n: 2 });
    expect((await decide(await appealOf(creator.browser, takedownId))).status).toBe(200);
    expect((await givenBackRows(takedownId)).map((g) => g.viewId)).toEqual([views[0], views[0]]);
    const nets = await expectPaidAtMostOnce(views);
    expect([nets.get(`${views[0]}:viewer`), nets.get(`${views[0]}:creator`)]).toEqual([REWARD, REWARD]);
    expect([nets.get(`${views[1]}:viewer`), nets.get(`${views[1]}:creator`)]).toEqual([0, 0]);
    expect(await viewCount(item!.id)).toBe(1);
  });

  it("a second decision, a race of two reversals and a retried restore give back once", async () => {
    const { creator, item, views } = await watchedItem();
    expect((await onItem(item.id, "takedown")).status).toBe(200);
    const takedownId = await lastAction(item.id, "takedown");
    const appealId = await appealOf(creator.browser, takedownId);
    const raced = await Promise.all([decide(appealId), decide(appealId)]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await givenBackRows(takedownId)).toHaveLength(8);
    for (const outcome of ["reversed", "upheld"]) expect((await decide(appealId, outcome)).status).toBe(409);
    expect((await onItem(item.id, "restore")).status).toBe(409);
    expect(await givenBackRows(takedownId)).toHaveLength(8);
    const nets = await expectPaidAtMostOnce(views);
    expect([...nets.values()].every((n) => n === REWARD)).toBe(true);
    expect(await viewCount(item.id)).toBe(4);
  });

  it("a reversal racing a plain restore: one applies; money comes back only if the appeal won", async () => {
    const { creator, item, views } = await watchedItem();
    expect((await onItem(item.id, "takedown")).status).toBe(200);
    const takedownId = await lastAction(item.id, "takedown");
    const appealId = await appealOf(creator.browser, takedownId);
    const [granted, restored] = await Promise.all([decide(appealId), onItem(item.id, "restore")]);
    expect([granted.status, restored.status].sort()).toEqual([200, 409]);
    const back = await givenBackRows(takedownId);
    expect(back).toHaveLength(granted.status === 200 ? 8 : 0);
    const nets = await expectPaidAtMostOnce(views);
    expect([...nets.values()].every((n) => n === (granted.status === 200 ? REWARD : 0))).toBe(true);
  });

  it("an appeal made moot by a plain restore gives nothing back", async () => {
    const { creator, item, views } = await watchedItem();
    expect((await onItem(item.id, "takedown")).status).toBe(200);
    const takedownId = await lastAction(item.id, "takedown");
    const appealId = await appealOf(creator.browser, takedownId);
    expect((await onItem(item.id, "restore")).status).toBe(200);
    expect((await decide(appealId)).status).toBe(409);
    expect(await givenBackRows(takedownId)).toHaveLength(0);
    const nets = await expectPaidAtMostOnce(views);
    expect([...nets.values()].every((n) => n === 0)).toBe(true);
    expect((await wallet(creator)).pending_balance).toBe(0);
    expect(await viewCount(item.id)).toBe(0);
  });

  it("a given-back reward can be reversed again: by a second takedown, given back by its appeal, then by a fraud flag", async () => {
    const { creator, viewers, item, views } = await watchedItem();
    expect((await onItem(item.id, "takedown")).status).toBe(200);
    const first = await lastAction(item.id, "takedown");
    expect((await decide(await appealOf(creator.browser, first))).status).toBe(200);
    // Taken down again: the given-back rewards are held, so this takedown takes them back.
    expect((await onItem(item.id, "takedown")).status).toBe(200);
    const second = await lastAction(item.id, "takedown");
    expect(await reversedBy(second)).toEqual({ micros: 8 * REWARD, n: 8 });
    let nets = await expectPaidAtMostOnce(views);
    expect([...nets.values()].every((n) => n === 0)).toBe(true);
    expect(await viewCount(item.id)).toBe(0);
    // Its appeal gives back the second generation, once.
    expect((await decide(await appealOf(creator.browser, second))).status).toBe(200);
    const back = await givenBackRows(second);
    expect(back.map((g) => g.generation)).toEqual(Array(8).fill(2));
    nets = await expectPaidAtMostOnce(views);
    expect([...nets.values()].every((n) => n === REWARD)).toBe(true);
    expect(await viewCount(item.id)).toBe(4);

    // The fraud sweep sees it as any held reward (earnings_held_idx); a flag over it, reversed, takes it back.
    const reward = back.find((g) => g.userId === viewers[1]!.id)!;
    const held = await env.DB.prepare(
      "select count(*) as n from earnings indexed by earnings_held_idx where available_at > ?1 and view_id is not null and id = ?2",
    )
      .bind(new Date().toISOString(), reward.id)
      .first<{ n: number }>();
    expect(held).toEqual({ n: 1 });
    const flag = newId();
    await env.DB.batch([
      env.DB.prepare(
        `insert into reviews (id, rule, subject, user_ids, evidence, status, created_at)
         values (?1, 'shared_ip', ?2, json_array(?2), '["test"]', 'open', ?3)`,
      ).bind(flag, viewers[1]!.id, new Date().toISOString()),
      env.DB.prepare("insert into review_earnings (review_id, earning_id, rule) values (?1, ?2, 'shared_ip')").bind(
        flag,
        reward.id,
      ),
    ]);
    expect((await admin.json(`/api/admin/reviews/${flag}`, "POST", { decision: "reverse", note: "farm" })).status).toBe(
      200,
    );
    expect(
      await env.DB.prepare("select review_id as reviewId from reversals where earning_id = ?1").bind(reward.id).first(),
    ).toEqual({ reviewId: flag });
    nets = await expectPaidAtMostOnce(views);
    expect(nets.get(`${reward.viewId}:viewer`)).toBe(0);
    expect(await viewCount(item.id)).toBe(3);
  });

  it("an open fraud flag over a reversed reward covers what gives it back; a flag reversed over it keeps it from coming back", async () => {
    const { creator, viewers, item, views } = await watchedItem();
    const rewardOf = async (viewId: string) =>
      (await env.DB.prepare("select id from earnings where view_id = ?1 and kind = 'viewer' and generation = 0")
        .bind(viewId)
        .first<{ id: string }>())!.id;
    const [open, decided] = [newId(), newId()];
    const now = new Date().toISOString();
    await env.DB.batch([
      env.DB.prepare(
        `insert into reviews (id, rule, subject, user_ids, evidence, status, created_at)
         values (?1, 'shared_ip', ?2, json_array(?2), '["test"]', 'open', ?3)`,
      ).bind(open, viewers[0]!.id, now),
      env.DB.prepare("insert into review_earnings (review_id, earning_id, rule) values (?1, ?2, 'shared_ip')").bind(
        open,
        await rewardOf(views[0]!),
      ),
      // A flag decided against the view after the takedown had already taken the reward (so it reversed nothing).
      env.DB.prepare(
        `insert into reviews (id, rule, subject, user_ids, evidence, status, created_at, decided_at)
         values (?1, 'daily_cap', ?2, json_array(?2), '["test"]', 'reversed', ?3, ?3)`,
      ).bind(decided, viewers[1]!.id, now),
      env.DB.prepare("insert into review_earnings (review_id, earning_id, rule) values (?1, ?2, 'daily_cap')").bind(
        decided,
        await rewardOf(views[2]!),
      ),
    ]);
    expect((await onItem(item.id, "takedown")).status).toBe(200);
    const takedownId = await lastAction(item.id, "takedown");
    const appealId = await appealOf(creator.browser, takedownId);
    expect((await openAppeal(appealId))!.give_back_usd).toBe(0.021);
    expect((await decide(appealId)).status).toBe(200);
    const back = await givenBackRows(takedownId);
    expect(back).toHaveLength(7);
    expect(back.some((g) => g.viewId === views[2] && g.kind === "viewer")).toBe(false);
    const covered = await env.DB.prepare(
      "select re.earning_id as earningId from review_earnings re where re.review_id = ?1 order by earning_id",
    )
      .bind(open)
      .all<{ earningId: string }>();
    const carried = back.find((g) => g.viewId === views[0] && g.kind === "viewer")!;
    expect(covered.results.map((r) => r.earningId)).toContain(carried.id);
    await expectPaidAtMostOnce(views);
  });
});

describe("a granted suspension appeal (docs/decisions/096)", () => {
  it("gives back both sides of every view the suspension reversed, except a view whose other party is suspended now", async () => {
    const suspended = await member("appeal-suspended");
    const [x, y, w1, w2] = await Promise.all(["x", "y", "w1", "w2"].map((p) => member(`appeal-${p}`)));
    const items = await heldItems([x!.id, y!.id, suspended.id], Date.now() - DAY);
    // The member watched X's and Y's items, and W1 and W2 watched theirs; an unrelated view of X's item stays.
    const views = [
      await paidView(suspended, items[0]!),
      await paidView(suspended, items[1]!),
      await paidView(w1!, items[2]!),
      await paidView(w2!, items[2]!),
    ];
    const unrelated = await paidView(w1!, items[0]!);
    const before = await Promise.all([suspended, x!, y!, w1!, w2!].map(wallet));
    expect((await onUser(suspended.id, "suspend")).status).toBe(200);
    const suspensionId = await lastAction(suspended.id, "suspend");
    expect(await reversedBy(suspensionId)).toEqual({ micros: 8 * REWARD, n: 8 });
    // W2 is suspended for their own reasons since: their view with the member must not pay again.
    expect((await onUser(w2!.id, "suspend")).status).toBe(200);

    const appealId = await appealOf(suspended.browser, suspensionId);
    expect((await openAppeal(appealId))!.give_back_usd).toBe(0.018);
    expect((await decide(appealId)).status).toBe(200);
    const back = await givenBackRows(suspensionId);
    expect(back).toHaveLength(6);
    expect(back.reduce((s, g) => s + g.micros, 0)).toBe(6 * REWARD);
    expect(new Set(back.map((g) => g.reason))).toEqual(new Set(["suspended_viewer", "suspended_creator"]));
    const nets = await expectPaidAtMostOnce([...views, unrelated]);
    expect(nets.get(`${views[3]}:viewer`)).toBe(0);
    expect(nets.get(`${views[3]}:creator`)).toBe(0);
    expect(nets.get(`${unrelated}:viewer`)).toBe(REWARD);
    // Everyone's pending is as before the suspension, but the member's creator side of W2's view.
    const after = await Promise.all([suspended, x!, y!, w1!, w2!].map(wallet));
    expect(before.map((w) => w.pending_balance)).toEqual([0.012, 0.006, 0.003, 0.006, 0.003]);
    expect(after.map((w) => w.pending_balance)).toEqual([0.009, 0.006, 0.003, 0.006, 0]);
    // The member's own share: 2 views as viewer, 1 (W1's) as creator.
    const bell = (await (await suspended.browser.fetch("/api/me/notifications")).json<NotificationsJson>()).items;
    expect(bell.find((n) => n.kind === "appeal_granted")).toMatchObject({ amount_usd: 0.009 });
  });
});

describe("the period close after a give-back (docs/decisions/052, 096)", () => {
  it("folds nothing of a given-back view and keeps every balance", async () => {
    const { creator, viewers, item, views } = await (async () => {
      const c = await member("close-creator");
      const v = await Promise.all([0, 1].map((i) => member(`close-viewer-${i}`)));
      const [it] = await heldItems([c.id], Date.now() - 45 * DAY);
      // Views of a day long ago whose rewards are still held now (a long hold), so the takedown can take them.
      const at = Date.now() - 40 * DAY;
      const vs = [await paidView(v[0]!, it!, at, 41 * DAY), await paidView(v[1]!, it!, at, 41 * DAY)];
      return { creator: c, viewers: v, item: it!, views: vs };
    })();
    // A final view of the same day, whose rewards the close may fold.
    const [plain] = await heldItems([creator.id], Date.now() - 45 * DAY);
    const folded = await paidView(viewers[0]!, plain!, Date.now() - 40 * DAY, DAY);
    expect((await onItem(item.id, "takedown")).status).toBe(200);
    const takedownId = await lastAction(item.id, "takedown");
    expect((await decide(await appealOf(creator.browser, takedownId))).status).toBe(200);
    expect(await givenBackRows(takedownId)).toHaveLength(4);

    const later = new Date(Date.now() + 30 * DAY).toISOString();
    const sums = () =>
      Promise.all([creator, ...viewers].map(async (m) => (await walletParts(testDb(), m.id, later)).parts));
    const before = await sums();
    const day = new Date(Date.now() - 40 * DAY).toISOString().slice(0, 10);
    await foldPart(day, "", "~", later);
    expect(await sums()).toEqual(before);
    const left = await env.DB.prepare(
      "select count(*) as n from earnings where view_id in (select value from json_each(?1))",
    )
      .bind(JSON.stringify([...views, folded]))
      .first<{ n: number }>();
    // The given-back views keep their rows (per view, two rewards and their two give-backs); the final view's two
    // rewards left for the opening balances.
    expect(left).toEqual({ n: 8 });
    await expectPaidAtMostOnce(views);
  });
});
