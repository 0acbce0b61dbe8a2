import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import type {
  ContentModerationResponse,
  ModerationQueueResponse,
  ModerationUserResponse,
} from "../../common/schemas/moderation";
import type { EarningRulesJson } from "../../common/schemas/earning-rules";
import type { MyViewsResponse } from "../../common/schemas/my-views";
import { makeContent, makeUser } from "../test/factories";
import { signedInBrowser, type Browser } from "../test/http";
import { earningsOf, passTime, sendProgress, startView, streamMedia, watchPaced } from "../test/views";
import { calculate, established } from "../test/members";

// A farm that deletes its items to erase the evidence (docs/decisions/028). Each attack is played
// through the API as the farm would, next to the honest journey that must still pay. Deleting goes through
// DELETE /api/content/{id} itself, the way a creator does it.

async function deleteItem(creator: Browser, contentId: string) {
  const res = await creator.fetch(`/api/content/${contentId}`, { method: "DELETE" });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** The cron: the earnings job, housekeeping, then the fraud sweep. */
async function cron() {
  const { runScheduledJobs } = await import("../scheduled");
  await runScheduledJobs(env);
}

/** The open flags of a rule on a subject, and the earnings each covers. */
async function flags(rule: string, subject: string) {
  const { results } = await env.DB.prepare(
    `select r.id, (select count(*) from review_earnings re where re.review_id = r.id) as covered
     from reviews r where r.rule = ? and r.subject = ? and r.status = 'open'`,
  )
    .bind(rule, subject)
    .all<{ id: string; covered: number }>();
  return results;
}

const todaysViews = async (b: Browser) =>
  (await (await b.fetch(`/api/me/views?date=${new Date().toISOString().slice(0, 10)}`)).json<MyViewsResponse>()).views;

let admin: Browser;
beforeEach(async () => {
  admin = await signedInBrowser("admin@example.com");
});

describe("deleting an item does not erase the evidence", () => {
  it("shared address: the sweep still flags the pair after the creator deletes the item once the view is credited", async () => {
    const creator = await established("farm-creator");
    const viewer = await established("farm-viewer");
    const honest = await established("honest-viewer");
    const elsewhere = await makeContent((await makeUser()).id, { durationMs: 10_000 });
    const item = await makeContent(creator.id, { durationMs: 10_000 });
    const other = await makeContent(creator.id, { durationMs: 10_000 });
    // Creator and viewer on one address; the honest viewer on their own.
    const farmIp = { fingerprint: "fp-farm", ip: "203.0.113.7" };
    expect((await watchPaced(creator.browser, creator.id, elsewhere.id, 10_000, { device: farmIp })).qualified).toBe(
      true,
    );
    expect(
      (await watchPaced(viewer.browser, viewer.id, item.id, 10_000, { device: { ...farmIp, fingerprint: "fp-2" } }))
        .qualified,
    ).toBe(true);
    expect(
      (
        await watchPaced(honest.browser, honest.id, other.id, 10_000, {
          device: { fingerprint: "fp-h", ip: "198.51.100.9" },
        })
      ).qualified,
    ).toBe(true);
    await calculate(viewer.browser);
    await calculate(honest.browser);
    expect(await earningsOf(viewer.id)).toEqual({ micros: 3000, n: 1 });

    await deleteItem(creator.browser, item.id);
    await cron();

    // Flagged: both sides of the deleted item's view are covered and stay pending until an admin decides.
    const [flag] = await flags("shared_ip", `${viewer.id}:${creator.id}`);
    expect(flag?.covered).toBe(2);
    const wallet = await (
      await viewer.browser.fetch("/api/me/wallet")
    ).json<{ available_balance: number; pending_balance: number }>();
    expect(wallet).toMatchObject({ available_balance: 0, pending_balance: 0.003 });
    expect(
      (await admin.json(`/api/admin/reviews/${flag!.id}`, "POST", { decision: "reverse", note: "shared address" }))
        .status,
    ).toBe(200);
    const after = await (await viewer.browser.fetch("/api/me/wallet")).json<{ viewer_balance: number }>();
    expect(after.viewer_balance).toBe(0);
    // The honest viewer beside it is paid and not flagged.
    expect(await earningsOf(honest.id)).toEqual({ micros: 3000, n: 1 });
    expect(await flags("shared_ip", `${honest.id}:${creator.id}`)).toEqual([]);
  });

  it("viewer cap: deleting X1 and X2 does not free the cap for X3", async () => {
    const set = (value: number) =>
      admin.json("/api/admin/earning-rules", "PATCH", { key: "daily_earnable_views", value });
    const before = await (await admin.fetch("/api/admin/earning-rules")).json<EarningRulesJson>();
    expect((await set(2)).status).toBe(200);
    try {
      const creator = await established("cap-creator");
      const viewer = await established("cap-viewer");
      const [x1, x2, x3] = await Promise.all([0, 1, 2].map(() => makeContent(creator.id, { durationMs: 10_000 })));
      for (const x of [x1!, x2!, x3!])
        expect((await watchPaced(viewer.browser, viewer.id, x.id, 10_000)).qualified).toBe(true);
      await calculate(viewer.browser);
      expect(await earningsOf(viewer.id)).toEqual({ micros: 6000, n: 2 });
      expect((await todaysViews(viewer.browser)).find((v) => v.content_id === x3!.id)?.reason).toBe("viewer_daily_cap");

      await deleteItem(creator.browser, x1!.id);
      await deleteItem(creator.browser, x2!.id);
      expect((await watchPaced(viewer.browser, viewer.id, x3!.id, 10_000)).qualified).toBe(true);
      await calculate(viewer.browser);
      expect(await earningsOf(viewer.id)).toEqual({ micros: 6000, n: 2 });
      const x3Views = (await todaysViews(viewer.browser)).filter((v) => v.content_id === x3!.id);
      expect(x3Views.map((v) => v.reason)).toEqual(["viewer_daily_cap", "viewer_daily_cap"]);
      // The deleted items' views are still listed and paid, marked deleted.
      const deleted = (await todaysViews(viewer.browser)).filter((v) => v.content_deleted);
      expect(deleted.map((v) => v.outcome)).toEqual(["pending", "pending"]);
      // The honest journey beside it: another viewer, under the cap, is paid for X3.
      const honest = await established("cap-honest");
      expect((await watchPaced(honest.browser, honest.id, x3!.id, 10_000)).qualified).toBe(true);
      await calculate(honest.browser);
      expect(await earningsOf(honest.id)).toEqual({ micros: 3000, n: 1 });
    } finally {
      await set(before.daily_earnable_views);
    }
  });

  it("moderation record: deleting a taken-down item keeps its reports and takedown in the member's record", async () => {
    const creator = await established("record-creator");
    const reporter = await established("record-reporter");
    const item = await makeContent(creator.id, { title: "Loud scam", durationMs: 10_000 });
    expect(
      (
        await reporter.browser.json(`/api/content/${item.id}/report`, "POST", {
          reason: "spam",
          note: "Same scam daily",
        })
      ).status,
    ).toBe(201);
    expect(
      (await admin.json(`/api/admin/moderation/content/${item.id}`, "POST", { action: "takedown", note: "Scam" }))
        .status,
    ).toBe(200);
    await deleteItem(creator.browser, item.id);

    const record = await (
      await admin.fetch(`/api/admin/moderation/users/${creator.id}`)
    ).json<ModerationUserResponse>();
    expect(record.reports_received).toEqual([
      expect.objectContaining({
        content_id: item.id,
        title: "Loud scam",
        reason: "spam",
        status: "actioned",
        content_deleted: true,
      }),
    ]);
    expect(record.actions.map((a) => [a.action, a.entity_id])).toEqual([
      ["delete", item.id],
      ["takedown", item.id],
    ]);
    const made = await (await admin.fetch(`/api/admin/moderation/users/${reporter.id}`)).json<ModerationUserResponse>();
    expect(made.reports_made).toEqual([expect.objectContaining({ content_id: item.id, content_deleted: true })]);
    // The list of taken-down items still says why.
    const removed = await (await admin.fetch("/api/admin/moderation?status=removed")).json<ModerationQueueResponse>();
    expect(removed.items.find((i) => i.content_id === item.id)).toMatchObject({
      status: "removed",
      deleted: true,
      counts: { spam: 1 },
    });
  });

  it("a reported item deleted before the takedown is still taken down, and its held rewards reversed", async () => {
    const creator = await established("dodge-creator");
    const farm = await Promise.all([0, 1].map((i) => established(`dodge-farm-${i}`)));
    const item = await makeContent(creator.id, { durationMs: 10_000 });
    for (const f of farm) expect((await watchPaced(f.browser, f.id, item.id, 10_000)).qualified).toBe(true);
    await Promise.all(farm.map((f) => calculate(f.browser)));
    expect(await earningsOf(creator.id)).toEqual({ micros: 6000, n: 2 });
    expect((await farm[0]!.browser.json(`/api/content/${item.id}/report`, "POST", { reason: "other" })).status).toBe(
      201,
    );
    await deleteItem(creator.browser, item.id);

    const queue = await (await admin.fetch("/api/admin/moderation")).json<ModerationQueueResponse>();
    expect(queue.items.find((i) => i.content_id === item.id)).toMatchObject({ deleted: true, open_reports: 1 });
    const down = await admin.json(`/api/admin/moderation/content/${item.id}`, "POST", {
      action: "takedown",
      note: "View farm",
    });
    expect(down.status).toBe(200);
    expect((await down.json<ContentModerationResponse>()).reversed_usd).toBe(0.012);
    const wallet = await (await creator.browser.fetch("/api/me/wallet")).json<{ creator_balance: number }>();
    expect(wallet.creator_balance).toBe(0);
  });

  it("a view open when the item is deleted ends cleanly, is kept, and is paid: the attention happened", async () => {
    const creator = await established("midplay-creator");
    const viewer = await established("midplay-viewer");
    const item = await makeContent(creator.id, { durationMs: 10_000 });
    const view = await startView(viewer.browser, item.id);
    // The player had the media before the deletion (proof of delivery, 029); the stream answers 404 after it.
    await streamMedia(viewer.browser, item.id);
    await passTime(viewer.id, 3000);
    expect((await sendProgress(viewer.browser, item.id, 3, view)).status).toBe(200);
    await deleteItem(creator.browser, item.id);
    expect((await viewer.browser.fetch(`/api/content/${item.id}/stream`)).status).toBe(404);
    for (let s = 4; s <= 10; s++) {
      await passTime(viewer.id, 1000);
      expect((await sendProgress(viewer.browser, item.id, s, view, s === 10 ? "complete" : "progress")).status).toBe(
        200,
      );
    }
    await calculate(viewer.browser);
    expect(await earningsOf(viewer.id)).toEqual({ micros: 3000, n: 1 });
    expect(await earningsOf(creator.id)).toEqual({ micros: 3000, n: 1 });
    // No new view can start on it.
    const again = await viewer.browser.json("/api/playback-events", "POST", {
      content_id: item.id,
      event_type: "start",
      second_mark: 0,
      discovery_method: "browse",
      device_fingerprint: "fp",
    });
    expect(again.status).toBe(404);
  });
});
