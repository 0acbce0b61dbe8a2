import { describe, expect, it } from "vitest";
import type { MyViewJson, MyViewsResponse } from "../../common/schemas/my-views";
import { makeContent, makeUser } from "../test/factories";
import type { Browser } from "../test/http";
import { member } from "../test/members";
import { expireNow, passTime, sendProgress, startView, streamMedia, watchPaced } from "../test/views";

// docs/decisions/034: a view played to its end was listed as "watched 81 %" — the row kept what was watched when the
// view qualified. What the object accrues afterwards reaches the row when the session leaves the object.

async function viewOf(b: Browser, viewId: string): Promise<MyViewJson> {
  const res = await b.fetch(`/api/me/views?date=${new Date().toISOString().slice(0, 10)}`);
  expect(res.status).toBe(200);
  const view = (await res.json<MyViewsResponse>()).views.find((v) => v.id === viewId);
  expect(view, viewId).toBeDefined();
  return view!;
}

describe("a view played to its end", () => {
  it("is listed as watched 100 % when an honest, paced player ends with complete at the duration", async () => {
    const viewer = await member("to-the-end");
    const item = await makeContent((await makeUser()).id, { durationMs: 20_000 });
    const { viewId, qualified } = await watchPaced(viewer.browser, viewer.id, item.id, 20_000);
    expect(qualified).toBe(true);
    expect(await viewOf(viewer.browser, viewId)).toMatchObject({ outcome: "pending", watched_percent: 100 });
  });

  it("is listed as 100 % when the player's own end falls a hair short of the server's duration", async () => {
    const viewer = await member("short-end");
    const item = await makeContent((await makeUser()).id, { durationMs: 20_000 });
    const { viewId } = await watchPaced(viewer.browser, viewer.id, item.id, 20_000, { untilFraction: 0.9 });
    await passTime(viewer.id, 1_600);
    expect((await sendProgress(viewer.browser, item.id, 19.6, viewId, "complete")).status).toBe(200);
    expect(await viewOf(viewer.browser, viewId)).toMatchObject({ watched_percent: 100, outcome: "pending" });
  });

  it("is listed with what was watched after qualifying when it stops at 90 % and expires", async () => {
    const viewer = await member("stops-at-90");
    const item = await makeContent((await makeUser()).id, { durationMs: 20_000 });
    const { viewId, qualified } = await watchPaced(viewer.browser, viewer.id, item.id, 20_000, { untilFraction: 0.9 });
    expect(qualified).toBe(true);
    await passTime(viewer.id, 4 * 3600_000);
    await expireNow(viewer.id);
    expect(await viewOf(viewer.browser, viewId)).toMatchObject({ outcome: "pending", watched_percent: 90 });
  });

  it("still refuses a bot's instant complete at the duration: too fast, not 100 %", async () => {
    const viewer = await member("instant-end");
    const item = await makeContent((await makeUser()).id, { durationMs: 20_000 });
    const viewId = await startView(viewer.browser, item.id);
    await streamMedia(viewer.browser, item.id);
    const res = await sendProgress(viewer.browser, item.id, 20, viewId, "complete");
    expect(res).toMatchObject({ status: 200, body: { qualified: false } });
    const view = await viewOf(viewer.browser, viewId);
    expect(view).toMatchObject({ outcome: "not_earned", reason: "too_fast" });
    expect(view.watched_percent).toBeLessThan(80);
  });

  it("credits a too-fast ending only as far as the pace allows, even after qualifying", async () => {
    const viewer = await member("rush-after");
    const item = await makeContent((await makeUser()).id, { durationMs: 100_000 });
    // Qualifies honestly at 80 %, then jumps to the end at once: only the grace of that one event counts.
    const { viewId, qualified } = await watchPaced(viewer.browser, viewer.id, item.id, 100_000, { untilFraction: 0.8 });
    expect(qualified).toBe(true);
    expect((await sendProgress(viewer.browser, item.id, 100, viewId, "complete")).status).toBe(200);
    expect((await viewOf(viewer.browser, viewId)).watched_percent).toBe(81);
  });
});
