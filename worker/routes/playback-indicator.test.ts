import { describe, expect, it } from "vitest";
import type { EarningRulesJson } from "../../common/schemas/earning-rules";
import type { PlaybackEventResponse, PlaybackStartResponse } from "../../common/schemas/playback";
import { makeContent, makeQualifiedView } from "../test/factories";
import { suspend, takeDown } from "../test/moderation";
import { signedInBrowser, uniqueEmail, type Browser } from "../test/http";
import { passTime, runEarningsCron, sendProgress, streamMedia } from "../test/views";

// The answers the player's "counting" indicator reads (docs/decisions/035).

const idOf = async (b: Browser) => (await (await b.fetch("/api/users/me")).json<{ id: string }>()).id;

async function start(b: Browser, contentId: string) {
  const res = await b.json("/api/playback-events", "POST", {
    content_id: contentId,
    event_type: "start",
    second_mark: 0,
    discovery_method: "browse",
    device_fingerprint: "fp-test",
  });
  expect(res.status).toBe(201);
  return res.json<PlaybackStartResponse>();
}

const progress = async (b: Browser, contentId: string, seconds: number, viewId: string) =>
  (await sendProgress(b, contentId, seconds, viewId)).body as unknown as PlaybackEventResponse;

async function scene(durationMs = 60_000) {
  const creator = await signedInBrowser(uniqueEmail("creator"));
  const viewer = await signedInBrowser(uniqueEmail("viewer"));
  const item = await makeContent(await idOf(creator), { durationMs });
  return { creator, viewer, item, viewerId: await idOf(viewer) };
}

describe("what the player is told about counting", () => {
  it("an honest view: earnable from the start, counting at every paced event, then qualified", async () => {
    const s = await scene();
    const started = await start(s.viewer, s.item.id);
    expect(started).toEqual({ view_id: started.view_id, earnable: true });
    await streamMedia(s.viewer, s.item.id);
    for (let second = 6; second <= 48; second += 6) {
      await passTime(s.viewerId, 6000);
      expect(await progress(s.viewer, s.item.id, second, started.view_id), `at ${second} s`).toEqual({
        view_id: started.view_id,
        accepted: true,
        qualified: second >= 48,
        counting: true,
        watched_percent: (second * 100) / 60,
      });
    }
  });

  it("the creator's own item is not earnable", async () => {
    const s = await scene();
    expect(await start(s.creator, s.item.id)).toMatchObject({ earnable: false, reason: "own_content" });
  });

  it("an item shorter than the shortest earning length is not earnable", async () => {
    const s = await scene(3000);
    expect(await start(s.viewer, s.item.id)).toMatchObject({ earnable: false, reason: "too_short" });
  });

  it("a suspended viewer's view is not earnable, nor a hidden item its creator plays", async () => {
    const s = await scene();
    await suspend(s.viewerId);
    expect(await start(s.viewer, s.item.id)).toMatchObject({ earnable: false, reason: "suspended" });
    await takeDown(s.item.id);
    expect(await start(s.creator, s.item.id)).toMatchObject({ earnable: false, reason: "removed" });
  });

  it("once the item's 3 paid views of the day are taken, a new start is not earnable (item_daily_cap); other items still are", async () => {
    const s = await scene();
    for (let i = 0; i < 3; i++) await makeQualifiedView(s.viewerId, s.item);
    expect(await start(s.viewer, s.item.id), "qualified, not yet settled: the places are not taken").toMatchObject({
      earnable: true,
    });
    await runEarningsCron();
    expect(await start(s.viewer, s.item.id)).toMatchObject({ earnable: false, reason: "item_daily_cap" });
    const other = await makeContent(s.item.createdBy, { durationMs: 60_000 });
    expect(await start(s.viewer, other.id)).toMatchObject({ earnable: true });
  });

  it("once the day's paid views (as the admin set them) are taken, no start is earnable (daily_cap)", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const set = (value: number) =>
      admin.json("/api/admin/earning-rules", "PATCH", { key: "daily_earnable_views", value });
    const before = await (await admin.fetch("/api/admin/earning-rules")).json<EarningRulesJson>();
    expect((await set(2)).status).toBe(200);
    try {
      const s = await scene();
      for (let i = 0; i < 2; i++)
        await makeQualifiedView(s.viewerId, await makeContent(s.item.createdBy, { durationMs: 60_000 }));
      await runEarningsCron();
      expect(await start(s.viewer, s.item.id)).toMatchObject({ earnable: false, reason: "daily_cap" });
    } finally {
      await set(before.daily_earnable_views);
    }
  });

  it("a position that runs ahead of the pace is not counting, because too fast", async () => {
    const s = await scene();
    const { view_id } = await start(s.viewer, s.item.id);
    await passTime(s.viewerId, 6000);
    const ahead = await progress(s.viewer, s.item.id, 40, view_id);
    expect(ahead).toMatchObject({ accepted: true, counting: false, reason: "too_fast" });
    // Only what fits the pace counted: the player shows less than the position it reached (40 s of 60 is 66 %).
    expect(ahead.watched_percent).toBeLessThan(66);
    expect(ahead.watched_percent).toBeGreaterThan(0);
    // Back at the pace, it counts again.
    await passTime(s.viewerId, 6000);
    expect(await progress(s.viewer, s.item.id, 46, view_id)).toMatchObject({ counting: true });
  });

  it("a position behind the one counted (replaying a part) is not counting, with no reason: no fault of the view", async () => {
    const s = await scene();
    const { view_id } = await start(s.viewer, s.item.id);
    await passTime(s.viewerId, 6000);
    expect(await progress(s.viewer, s.item.id, 6, view_id)).toMatchObject({ counting: true });
    const back = await progress(s.viewer, s.item.id, 2, view_id);
    expect(back).toMatchObject({ accepted: false, counting: false });
    expect(back).not.toHaveProperty("reason");
  });

  it("a qualified view stopped by a newer start is told so; an unqualified one is gone (404)", async () => {
    const s = await scene();
    const first = await start(s.viewer, s.item.id);
    await streamMedia(s.viewer, s.item.id);
    for (let second = 6; second <= 48; second += 6) {
      await passTime(s.viewerId, 6000);
      await progress(s.viewer, s.item.id, second, first.view_id);
    }
    const other = await makeContent(await idOf(s.creator), { durationMs: 60_000 });
    const second = await start(s.viewer, other.id);
    await passTime(s.viewerId, 6000);
    expect(await progress(s.viewer, s.item.id, 54, first.view_id)).toMatchObject({
      qualified: true,
      counting: false,
      reason: "another_session",
    });
    await start(s.viewer, s.item.id);
    expect((await sendProgress(s.viewer, other.id, 6, second.view_id)).status).toBe(404);
  });
});
