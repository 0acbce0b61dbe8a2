import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { EarningsCalculateResponse } from "../../common/schemas/earnings";
import { makeContent } from "../test/factories";
import { signedInBrowser, uniqueEmail, type Browser } from "../test/http";
import { OWED_SQL } from "../db/queries/earnings/owed";
import {
  earningsOf,
  expireNow,
  passTime,
  runEarningsCron,
  sendProgress,
  startView,
  streamMedia,
  watchPaced,
} from "../test/views";

const idOf = async (b: Browser) => (await (await b.fetch("/api/users/me")).json<{ id: string }>()).id;
const calculate = async (b: Browser) =>
  (await b.fetch("/api/earnings/calculate", { method: "POST" })).json<EarningsCalculateResponse>();
const viewRow = (id: string) =>
  env.DB.prepare("select * from views where id = ?").bind(id).first<Record<string, unknown>>();

async function scene(durationMs = 60_000) {
  const creator = await signedInBrowser(uniqueEmail("creator"));
  const viewer = await signedInBrowser(uniqueEmail("viewer"));
  const creatorId = await idOf(creator);
  const item = await makeContent(creatorId, { durationMs });
  return { creator, viewer, item, creatorId, viewerId: await idOf(viewer) };
}

describe("watch sessions and the earnings job", () => {
  it("credits $0.003 to viewer and creator for a view watched at normal speed to 80 %", async () => {
    const s = await scene();
    const view = await startView(s.viewer, s.item.id, "search");
    await streamMedia(s.viewer, s.item.id);
    for (let second = 6; second <= 48; second += 6) {
      await passTime(s.viewerId, 6000);
      const res = await sendProgress(s.viewer, s.item.id, second, view);
      expect(res.body, `at ${second} s`).toMatchObject({ accepted: true, qualified: second >= 48 });
    }
    expect(await viewRow(view)).toMatchObject({
      status: "qualified",
      discovery_method: "search",
      watch_time_ms: 48_000,
    });
    expect((await calculate(s.viewer)).processed).toBeGreaterThanOrEqual(1);
    expect(await earningsOf(s.viewerId)).toEqual({ micros: 3000, n: 1 });
    expect(await earningsOf(s.creatorId)).toEqual({ micros: 3000, n: 1 });
    expect(await viewRow(view)).toMatchObject({ status: "credited" });
  });

  it("tells the caller what the run credited to them, so the page can show +$0.003", async () => {
    const s = await scene(10_000);
    expect((await watchPaced(s.viewer, s.viewerId, s.item.id, 10_000)).qualified).toBe(true);
    // The viewer's run pays both sides but reports only the viewer's own reward.
    expect(await calculate(s.viewer)).toMatchObject({ processed: 1, credited_usd: 0.003 });
    expect(await earningsOf(s.creatorId)).toEqual({ micros: 3000, n: 1 });
    // Already settled: a later run credits nothing more to anyone.
    expect(await calculate(s.viewer)).toEqual({ processed: 0, message: "Nothing new to process", credited_usd: 0 });
    expect(await earningsOf(s.viewerId)).toEqual({ micros: 3000, n: 1 });
  });

  it("a poll settles only what the caller is owed; the cron settles everyone else's", async () => {
    const s = await scene(10_000);
    const other = await signedInBrowser(uniqueEmail("other"));
    const otherId = await idOf(other);
    expect((await watchPaced(s.viewer, s.viewerId, s.item.id, 10_000)).qualified).toBe(true);
    expect((await watchPaced(other, otherId, s.item.id, 10_000)).qualified).toBe(true);
    // The creator's poll and a bystander's leave both views alone: neither watched anything.
    expect(await calculate(s.creator)).toEqual({ processed: 0, message: "Nothing new to process", credited_usd: 0 });
    expect(await calculate(other)).toMatchObject({ processed: 1, credited_usd: 0.003 });
    expect(await earningsOf(s.viewerId)).toEqual({ micros: 0, n: 0 });
    expect(await earningsOf(s.creatorId)).toEqual({ micros: 3000, n: 1 });
    // The cron's site-wide job settles the view whose viewer never polled.
    expect(await runEarningsCron()).toMatchObject({ processed: 1 });
    expect(await earningsOf(s.viewerId)).toEqual({ micros: 3000, n: 1 });
    expect(await earningsOf(s.creatorId)).toEqual({ micros: 6000, n: 2 });
    // The viewer's next poll tells them what the cron credited (docs/decisions/033).
    expect(await calculate(s.viewer)).toMatchObject({ processed: 0, credited_usd: 0.003 });
  });

  it("with nothing pending, a poll is one read served by indexes of pending rows only", async () => {
    const plan = await env.DB.prepare(`explain query plan ${OWED_SQL}`).bind("someone", 25).all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail).join("\n");
    expect(details).toMatch(/views USING INDEX views_viewer_pending_idx/);
    expect(details).toMatch(/bonuses USING INDEX bonuses_user_idx/);
    expect(details).not.toMatch(/SCAN (views|bonuses)\b(?! USING)/);
  });

  it("progress events write nothing to D1 until the view qualifies", async () => {
    const s = await scene();
    const view = await startView(s.viewer, s.item.id);
    await passTime(s.viewerId, 6000);
    expect((await sendProgress(s.viewer, s.item.id, 6, view)).body.accepted).toBe(true);
    expect(await viewRow(view)).toBeNull();
  });

  it("ignores a jump past the duration and positions going backwards", async () => {
    const s = await scene(60_000);
    const view = await startView(s.viewer, s.item.id);
    await passTime(s.viewerId, 20_000);
    expect((await sendProgress(s.viewer, s.item.id, 600, view)).body).toMatchObject({
      accepted: false,
      qualified: false,
    });
    expect((await sendProgress(s.viewer, s.item.id, 20, view)).body.accepted).toBe(true);
    expect((await sendProgress(s.viewer, s.item.id, 10, view)).body.accepted).toBe(false);
  });

  it("finds the latest session of the content when the player sends no view id", async () => {
    const s = await scene(10_000);
    const view = await startView(s.viewer, s.item.id);
    await passTime(s.viewerId, 2000);
    expect((await sendProgress(s.viewer, s.item.id, 2)).body).toMatchObject({ accepted: true });
    const res = await s.viewer.json("/api/events/playback", "POST", {
      content_id: s.item.id,
      event_type: "progress",
      second_mark: 2,
    });
    expect(await res.json()).toMatchObject({ view_id: view });
  });

  it("refuses events for another user's view", async () => {
    const s = await scene();
    const view = await startView(s.viewer, s.item.id);
    const intruder = await signedInBrowser(uniqueEmail("intruder"));
    expect((await sendProgress(intruder, s.item.id, 50, view)).status).toBe(404);
  });

  it("pays at most three views per viewer, content and day, and never for one's own content", async () => {
    const s = await scene(10_000);
    for (let i = 0; i < 4; i++)
      expect((await watchPaced(s.viewer, s.viewerId, s.item.id, 10_000)).qualified).toBe(true);
    expect((await watchPaced(s.creator, s.creatorId, s.item.id, 10_000)).qualified).toBe(true);
    await calculate(s.viewer);
    await calculate(s.creator);
    expect(await earningsOf(s.viewerId)).toEqual({ micros: 9000, n: 3 });
    expect(await earningsOf(s.creatorId)).toEqual({ micros: 9000, n: 3 });
    const statuses = await env.DB.prepare(
      "select status, count(*) as n from views where content_id = ? group by status order by status",
    )
      .bind(s.item.id)
      .all();
    expect(statuses.results).toEqual([
      { status: "credited", n: 3 },
      { status: "unearnable", n: 2 },
    ]);
  });

  it("an open view that goes silent expires and reaches D1 once, as ended", async () => {
    const s = await scene(60_000);
    const view = await startView(s.viewer, s.item.id, "ai_recommended");
    await passTime(s.viewerId, 6000);
    await sendProgress(s.viewer, s.item.id, 6, view);
    await passTime(s.viewerId, 5 * 60_000 + 1);
    await expireNow(s.viewerId);
    expect(await viewRow(view)).toMatchObject({
      status: "ended",
      end_reason: "expired",
      watch_time_ms: 6000,
      discovery_method: "ai_recommended",
    });
    expect((await sendProgress(s.viewer, s.item.id, 12, view)).status).toBe(404);
  });

  it("credits each view exactly once under twenty concurrent runs plus the cron", async () => {
    const s = await scene(10_000);
    const others = await Promise.all([0, 1].map(() => signedInBrowser(uniqueEmail("v"))));
    const items = await Promise.all([0, 1, 2].map(() => makeContent(s.creatorId, { durationMs: 10_000 })));
    let qualified = 0;
    for (const viewer of [s.viewer, ...others]) {
      for (const item of items)
        if ((await watchPaced(viewer, await idOf(viewer), item.id, 10_000)).qualified) qualified++;
    }
    expect(qualified).toBe(9);
    const { default: worker } = await import("../index");
    const { createExecutionContext, createScheduledController, waitOnExecutionContext } =
      await import("cloudflare:test");
    const ctx = createExecutionContext();
    await Promise.all([
      ...Array.from({ length: 20 }, () => calculate(s.viewer)),
      worker
        .scheduled(createScheduledController({ cron: "* * * * *" }), env, ctx)
        .then(() => waitOnExecutionContext(ctx)),
    ]);
    expect((await earningsOf(s.creatorId)).n).toBe(9);
    for (const viewer of [s.viewer, ...others])
      expect(await earningsOf(await idOf(viewer))).toEqual({ micros: 9000, n: 3 });
  }, 120_000); // 9 paced views and 21 concurrent job runs: seconds on a loaded 2-core machine

  it("validates bodies with clear 400s", async () => {
    const s = await scene();
    for (const body of [
      {},
      { content_id: "x" },
      { content_id: s.item.id, discovery_method: "telepathy" },
      { content_id: s.item.id, second_mark: 5 },
    ]) {
      expect((await s.viewer.json("/api/playback-events", "POST", body)).status, JSON.stringify(body)).toBe(400);
    }
    for (const body of [
      { content_id: s.item.id, event_type: "progress", second_mark: -1 },
      { content_id: s.item.id, event_type: "pause", second_mark: 1 },
    ]) {
      expect((await s.viewer.json("/api/events/playback", "POST", body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await s.viewer.json("/api/playback-events", "POST", { content_id: "01ARZ3NDEKTSV4RRFFQ69G5FAV" })).status,
    ).toBe(404);
  });
});

describe("watch sessions of deleted content", () => {
  it("a session of an item deleted while it played ends without a row and without an error", async () => {
    const s = await scene(60_000);
    const view = await startView(s.viewer, s.item.id);
    await env.DB.prepare("delete from content where id = ?").bind(s.item.id).run();
    await passTime(s.viewerId, 5 * 60_000 + 1);
    await expireNow(s.viewerId);
    expect(await viewRow(view)).toBeNull();
    expect((await sendProgress(s.viewer, s.item.id, 12, view)).status).toBe(404);
  });
});
