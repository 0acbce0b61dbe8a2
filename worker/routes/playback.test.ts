import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { makeContent } from "../test/factories";
import { signedInBrowser, uniqueEmail } from "../test/http";
import { ageView, earningsOf, sendProgress, startView } from "../test/views";

const idOf = async (b: Awaited<ReturnType<typeof signedInBrowser>>) => (await (await b.fetch("/api/users/me")).json<{ id: string }>()).id;
const calculate = async (b: Awaited<ReturnType<typeof signedInBrowser>>) =>
  (await b.fetch("/api/earnings/calculate", { method: "POST" })).json<{ processed: number; message: string }>();

async function scene(durationMs = 60_000) {
  const creator = await signedInBrowser(uniqueEmail("creator"));
  const viewer = await signedInBrowser(uniqueEmail("viewer"));
  const item = await makeContent(await idOf(creator), { durationMs });
  return { creator, viewer, item, creatorId: await idOf(creator), viewerId: await idOf(viewer) };
}

describe("views and the earnings job", () => {
  it("credits $0.003 to viewer and creator for a view watched to 80 % over enough time", async () => {
    const s = await scene();
    const view = await startView(s.viewer, s.item.id, "search");
    await ageView(view, 30_000);
    expect((await sendProgress(s.viewer, s.item.id, 48, view)).body).toMatchObject({ accepted: true, qualified: true });
    const job = await calculate(s.viewer);
    expect(job.processed).toBeGreaterThanOrEqual(1);
    expect(await earningsOf(s.viewerId)).toEqual({ micros: 3000, n: 1 });
    expect(await earningsOf(s.creatorId)).toEqual({ micros: 3000, n: 1 });
    const row = await env.DB.prepare("select discovery_method, status from views where id = ?").bind(view).first();
    expect(row).toEqual({ discovery_method: "search", status: "credited" });
  });

  it("pays nothing for a view completed faster than 2x playback allows", async () => {
    const s = await scene(60_000);
    const view = await startView(s.viewer, s.item.id);
    const fast = await sendProgress(s.viewer, s.item.id, 59, view, "complete");
    expect(fast.body).toMatchObject({ accepted: true, qualified: false });
    await calculate(s.viewer);
    expect((await earningsOf(s.viewerId)).n).toBe(0);
  });

  it("ignores a jump past the duration and positions going backwards", async () => {
    const s = await scene(60_000);
    const view = await startView(s.viewer, s.item.id);
    await ageView(view, 50_000);
    expect((await sendProgress(s.viewer, s.item.id, 600, view)).body).toMatchObject({ accepted: false, qualified: false });
    expect((await sendProgress(s.viewer, s.item.id, 20, view)).body.accepted).toBe(true);
    expect((await sendProgress(s.viewer, s.item.id, 10, view)).body.accepted).toBe(false);
    const stored = await env.DB.prepare("select max_position_ms from views where id = ?").bind(view).first();
    expect(stored).toEqual({ max_position_ms: 20_000 });
  });

  it("refuses events for another user's view", async () => {
    const s = await scene();
    const view = await startView(s.viewer, s.item.id);
    const intruder = await signedInBrowser(uniqueEmail("intruder"));
    const res = await sendProgress(intruder, s.item.id, 50, view);
    expect(res.status).toBe(404);
  });

  it("pays at most three views per viewer, content and day, and never for one's own content", async () => {
    const s = await scene(10_000);
    for (let i = 0; i < 4; i++) {
      const view = await startView(s.viewer, s.item.id);
      await ageView(view, 5000);
      expect((await sendProgress(s.viewer, s.item.id, 9, view, "complete")).body.qualified).toBe(true);
    }
    const own = await startView(s.creator, s.item.id);
    await ageView(own, 5000);
    expect((await sendProgress(s.creator, s.item.id, 9, own, "complete")).body.qualified).toBe(true);
    await calculate(s.viewer);
    expect(await earningsOf(s.viewerId)).toEqual({ micros: 9000, n: 3 });
    expect(await earningsOf(s.creatorId)).toEqual({ micros: 9000, n: 3 });
    const statuses = await env.DB.prepare("select status, count(*) as n from views where content_id = ? group by status order by status")
      .bind(s.item.id)
      .all();
    expect(statuses.results).toEqual([{ status: "credited", n: 3 }, { status: "unearnable", n: 2 }]);
  });

  it("credits each view exactly once under twenty concurrent runs plus the cron", async () => {
    const s = await scene(10_000);
    const others = await Promise.all([0, 1].map(() => signedInBrowser(uniqueEmail("v"))));
    const items = await Promise.all([0, 1, 2].map(() => makeContent(s.creatorId, { durationMs: 10_000 })));
    let qualified = 0;
    for (const viewer of [s.viewer, ...others]) {
      for (const item of items) {
        const view = await startView(viewer, item.id);
        await ageView(view, 5000);
        if ((await sendProgress(viewer, item.id, 9, view, "complete")).body.qualified) qualified++;
      }
    }
    expect(qualified).toBe(9);
    const { default: worker } = await import("../index");
    const { createExecutionContext, createScheduledController, waitOnExecutionContext } = await import("cloudflare:test");
    const ctx = createExecutionContext();
    const runs = await Promise.all([
      ...Array.from({ length: 20 }, () => calculate(s.viewer)),
      worker.scheduled(createScheduledController({ cron: "* * * * *" }), env, ctx).then(() => waitOnExecutionContext(ctx)).then(() => ({ processed: 0 })),
    ]);
    const reported = runs.reduce((sum, r) => sum + r.processed, 0);
    expect(reported).toBeLessThanOrEqual(9 + 9); // other tests' views may be settled by these runs too
    expect((await earningsOf(s.creatorId)).n).toBe(9);
    for (const viewer of [s.viewer, ...others]) expect(await earningsOf(await idOf(viewer))).toEqual({ micros: 9000, n: 3 });
  });

  it("validates bodies with clear 400s", async () => {
    const s = await scene();
    for (const body of [{}, { content_id: "x" }, { content_id: s.item.id, discovery_method: "telepathy" }, { content_id: s.item.id, second_mark: 5 }]) {
      expect((await s.viewer.json("/api/playback-events", "POST", body)).status, JSON.stringify(body)).toBe(400);
    }
    for (const body of [{ content_id: s.item.id, event_type: "progress", second_mark: -1 }, { content_id: s.item.id, event_type: "pause", second_mark: 1 }]) {
      expect((await s.viewer.json("/api/events/playback", "POST", body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await s.viewer.json("/api/playback-events", "POST", { content_id: "01ARZ3NDEKTSV4RRFFQ69G5FAV" })).status).toBe(404);
  });
});
