import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { NOTIFICATIONS_KEEP_DEFAULT_DAYS } from "../../common/data-lifecycle";
import type { NotificationsJson } from "../../common/schemas/notifications";
import { bonuses } from "../db/schema";
import { creditQualifiedViews } from "../domain/earnings/credit-views";
import { runEarningsJob } from "../domain/earnings/run-job";
import { CRON_BUDGET, runDataLifecycle, type LifecycleBudget } from "../domain/archive/run-lifecycle";
import { newId } from "../lib/ids";
import { makeContent, makeQualifiedView, makeUser, testDb } from "../test/factories";
import { signedInBrowser, type Browser } from "../test/http";

// How long notifications stay (docs/decisions/055): the data lifecycle deletes the ones dated more than
// notifications_keep_days ago, read or unread, a bounded slice a run; the bell answers the same for the rest,
// its unread count is the unread rows left, and nothing deleted comes back as new.

const DAY_MS = 24 * 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const LONG_AGO = "2020-01-01T00:00:00.000Z";
const settle = (at: number) => creditQualifiedViews(testDb(), iso(at), 25, 100);
const bell = async (b: Browser) => (await b.fetch("/api/me/notifications")).json<NotificationsJson>();
/** Only the notifications step: no dataset to archive. */
const prune = (nowMs = Date.now(), budget: LifecycleBudget = CRON_BUDGET) =>
  runDataLifecycle({ ctx: { env }, input: { nowMs, budget: budget, datasets: [] } });
const setKeepDays = (days: number) =>
  env.DB.prepare(
    `insert into settings (key, value, updated_at) values ('notifications_keep_days', ?1, ?2)
      on conflict (key) do update set value = excluded.value`,
  )
    .bind(String(days), iso(Date.now()))
    .run();
const rowsOf = async (userId: string) =>
  (
    await env.DB.prepare(
      "select kind, at, read_at from notifications where user_num = (select num from users where id = ?1) order by at",
    )
      .bind(userId)
      .all<{ kind: string; at: string; read_at: string | null }>()
  ).results;

// A test file's tests share one database, and a run deletes the oldest notifications of everyone.
beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare("delete from notifications"),
    env.DB.prepare("delete from settings where key = 'notifications_keep_days'"),
  ]);
});

async function viewerWithHistory() {
  const creator = await makeUser({ createdAt: LONG_AGO });
  const viewer = await makeUser({ createdAt: LONG_AGO });
  // 100 days ago: credited then, released 93 days ago (both past any window up to 90 days); today: credited,
  // released in 7 days.
  await makeQualifiedView(viewer.id, await makeContent(creator.id), iso(Date.now() - 100 * DAY_MS));
  await settle(Date.now() - 100 * DAY_MS);
  await makeQualifiedView(viewer.id, await makeContent(creator.id));
  await settle(Date.now());
  return { viewer, browser: await signedInBrowser(viewer.email) };
}

describe("notifications past their window", () => {
  it("are deleted read or unread, the recent ones stay, and the bell answers the same for those", async () => {
    const { viewer, browser } = await viewerWithHistory();
    const before = await bell(browser);
    const oldRelease = before.items.find((i) => i.kind === "views_released")!;
    expect(oldRelease.at < iso(Date.now() - 90 * DAY_MS)).toBe(true);
    await browser.json("/api/me/notifications/read", "POST", { ids: [oldRelease.id] });
    const shown = await bell(browser);
    expect(shown.unread).toBe(2);
    expect(shown.items.map((i) => [i.kind, i.read])).toEqual([
      ["views_credited", false],
      ["views_released", true],
      ["views_credited", false],
    ]);

    const report = await prune();
    // The viewer's old credit and release, and the creator's.
    expect(report.notifications).toMatchObject({
      removed: 4,
      keep_days: NOTIFICATIONS_KEEP_DEFAULT_DAYS,
      stopped: "no older notification is left",
      error: null,
    });
    const cutoff = report.notifications.before;
    expect(cutoff).toBe(iso(Date.parse(report.notifications.before)));
    // Left: today's credit, and its release still to come (dated when the hold ends).
    expect((await rowsOf(viewer.id)).map((r) => r.kind)).toEqual(["views_credited", "views_released"]);
    const after = await bell(browser);
    expect(after).toEqual({ ...shown, unread: 1, items: shown.items.filter((i) => i.at >= cutoff) });
    expect(after.items).toHaveLength(1);

    // The count is the unread rows left (the bell counts rows; nothing keeps a count to correct).
    const unreadRows = await env.DB.prepare(
      "select count(*) as n from notifications where user_num = (select num from users where id = ?1) and read_at is null and at <= ?2 and count > 0",
    )
      .bind(viewer.id, iso(Date.now()))
      .first<{ n: number }>();
    expect(after.unread).toBe(unreadRows!.n);
    expect(
      (await browser
        .json("/api/me/notifications/read", "POST", { ids: [after.items[0]!.id] })
        .then((r) => r.json())) as unknown,
    ).toEqual({ unread: 0 });

    // A second run finds nothing more: the step is idempotent.
    expect((await prune()).notifications).toMatchObject({ removed: 0 });
    expect(await bell(browser)).toMatchObject({ unread: 0, items: [{ kind: "views_credited", read: true }] });
  });

  it("are deleted a bounded slice at a time, oldest first, and the next run goes on", async () => {
    const member = await makeUser();
    const insert = (ref: string, at: number) =>
      env.DB.prepare(
        `insert into notifications (user_num, kind, ref, grp, subject_id, count, amount_micros, at, day) values ((select num from users where id = ?1), 'payment_recorded', ?2, 'payments', ?2, 1, 1000, ?3, substr(?3, 1, 10))`,
      ).bind(member.id, ref, iso(at));
    await env.DB.batch([
      ...Array.from({ length: 7 }, (_, i) => insert(`old-${i}`, Date.now() - (200 - i) * DAY_MS)),
      insert("recent", Date.now() - DAY_MS),
    ]);
    const small: LifecycleBudget = { rowsPerPart: 2, partsPerRun: 2, timeMs: 60_000 };

    expect((await prune(Date.now(), small)).notifications).toMatchObject({
      removed: 4,
      stopped: "slice budget used; the next run goes on",
    });
    const left = async () =>
      (
        await env.DB.prepare(
          "select ref from notifications where user_num = (select num from users where id = ?1) order by at",
        )
          .bind(member.id)
          .all<{ ref: string }>()
      ).results.map((r) => r.ref);
    expect(await left()).toEqual(["old-4", "old-5", "old-6", "recent"]);
    expect((await prune(Date.now(), small)).notifications).toMatchObject({
      removed: 3,
      stopped: "no older notification is left",
    });
    expect(await left()).toEqual(["recent"]);
    expect((await prune(Date.now(), small)).notifications).toMatchObject({ removed: 0 });
    // The cron's run reports it too, and keeps it for the Data tab.
    const kept = JSON.parse(
      (await env.DB.prepare("select value from settings where key = 'archive_last_run'").first<string>("value"))!,
    );
    expect(kept.notifications).toMatchObject({ removed: 0, keep_days: NOTIFICATIONS_KEEP_DEFAULT_DAYS });
  });

  it("follow the setting, never under a week", async () => {
    const member = await makeUser();
    const ages = [6, 10, 29, 31, 59, 89, 91];
    await env.DB.batch(
      ages.map((age) =>
        env.DB.prepare(
          `insert into notifications (user_num, kind, ref, grp, at, day) values ((select num from users where id = ?1), 'item_restored', ?2, 'moderation', ?3, substr(?3, 1, 10))`,
        ).bind(member.id, `r${age}`, iso(Date.now() - age * DAY_MS)),
      ),
    );
    const left = async () =>
      (
        await env.DB.prepare(
          "select ref from notifications where user_num = (select num from users where id = ?1) order by at desc",
        )
          .bind(member.id)
          .all<{ ref: string }>()
      ).results.map((r) => r.ref);
    await setKeepDays(90);
    expect((await prune()).notifications).toMatchObject({ removed: 1, keep_days: 90 });
    expect(await left()).toEqual(["r6", "r10", "r29", "r31", "r59", "r89"]);
    await setKeepDays(60);
    expect((await prune()).notifications).toMatchObject({ removed: 1, keep_days: 60 });
    await setKeepDays(30);
    expect((await prune()).notifications).toMatchObject({ removed: 2, keep_days: 30 });
    expect(await left()).toEqual(["r6", "r10", "r29"]);
    // A stored value under the minimum (written around the API) reads as the minimum.
    await setKeepDays(5);
    expect((await prune()).notifications).toMatchObject({ removed: 2, keep_days: 7 });
    expect(await left()).toEqual(["r6"]);
  });
});

describe("what a deleted notification must not bring back", () => {
  it("an upload read one by one stays read while the bell shows it, and is gone from the bell when its mark goes", async () => {
    const fan = await makeUser({ createdAt: LONG_AGO });
    const creator = await makeUser({ createdAt: LONG_AGO });
    const browser = await signedInBrowser(fan.email);
    await env.DB.prepare("insert into follows (follower_id, creator_id, created_at) values (?1, ?2, ?3)")
      .bind(fan.id, creator.id, LONG_AGO)
      .run();
    const item = await makeContent(creator.id, { title: "Old upload", createdAt: iso(Date.now() - 29 * DAY_MS) });
    await browser.json("/api/me/notifications/read", "POST", { ids: [`u-${item.id}`] });
    expect(await bell(browser)).toMatchObject({
      unread: 0,
      items: [{ kind: "upload", subject_id: item.id, read: true }],
    });

    // At the shortest window, and even with the setting written under it, the read mark of an upload the bell
    // still shows stays (decision 057), while other notices of the same age go.
    await setKeepDays(1);
    await env.DB.prepare(
      `insert into notifications (user_num, kind, ref, grp, at, day) values ((select num from users where id = ?1), 'item_restored', 'r-old', 'moderation', ?2, substr(?2, 1, 10))`,
    )
      .bind(fan.id, iso(Date.now() - 29 * DAY_MS))
      .run();
    expect((await prune()).notifications).toMatchObject({ removed: 1, keep_days: 7 });
    expect(await bell(browser)).toMatchObject({ unread: 0, items: [{ kind: "upload", read: true }] });

    // Two days on (the item and its mark dated two days earlier): the bell no longer tells the upload, and the
    // mark goes without the upload coming back unread.
    await env.DB.batch([
      env.DB.prepare("update content set created_at = ?2, published_at = ?2 where id = ?1").bind(
        item.id,
        iso(Date.now() - 31 * DAY_MS),
      ),
      env.DB.prepare(
        "update notifications set at = ?2, day = substr(?2, 1, 10) where user_num = (select num from users where id = ?1) and kind = 'upload'",
      ).bind(fan.id, iso(Date.now() - 31 * DAY_MS)),
    ]);
    expect(await bell(browser)).toMatchObject({ unread: 0, items: [] });
    expect((await prune()).notifications).toMatchObject({ removed: 1 });
    expect(await bell(browser)).toMatchObject({ unread: 0, items: [] });
  });

  it("a bonus held for review keeps its notice while it waits, so the earnings job does not tell it again as new", async () => {
    const member = await makeUser({ createdAt: LONG_AGO });
    const browser = await signedInBrowser(member.email);
    const bonusId = newId();
    const heldAt = Date.now() - 120 * DAY_MS;
    await testDb()
      .insert(bonuses)
      .values({
        id: bonusId,
        userId: member.id,
        kind: "signon",
        challengeIds: "test",
        totalMicros: 75_000_000,
        status: "pending",
        description: "Sign-on challenge bonus",
        createdAt: iso(heldAt),
        reviewReasons: "shared_ip",
      });
    await runEarningsJob({ ctx: { db: testDb() }, input: { now: iso(heldAt) } });
    expect(await rowsOf(member.id)).toEqual([{ kind: "bonus_held", at: iso(heldAt), read_at: null }]);
    await browser.json("/api/me/notifications/read", "POST", { all: true });

    expect((await prune()).notifications).toMatchObject({ removed: 0 });
    await runEarningsJob({ ctx: { db: testDb() }, input: { now: iso(Date.now()) } });
    expect(await bell(browser)).toMatchObject({
      unread: 0,
      items: [{ kind: "bonus_held", at: iso(heldAt), read: true }],
    });

    // Decided, it goes like any old notice.
    await env.DB.prepare("update bonuses set status = 'rejected', reviewed_at = ?2 where id = ?1")
      .bind(bonusId, iso(Date.now()))
      .run();
    expect((await prune()).notifications).toMatchObject({ removed: 1 });
    expect(await rowsOf(member.id)).toEqual([]);
  });
});
