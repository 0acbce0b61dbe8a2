import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import type { MyViewJson, MyViewsResponse } from "../../common/schemas/my-views";
import { makeContent } from "../test/factories";
import { type Browser } from "../test/http";
import { deliveredRanges, earningsOf, passTime, sendProgress, startView, streamMedia, watchPaced } from "../test/views";
import { calculate, member } from "../test/members";

// Proof of delivery and views explained at once (docs/decisions/029). A client that starts a view and paces
// its progress events like a player, but never takes the media (or only its first bytes), is paid nothing;
// the honest player who streams the file (seeking, or replaying from its cache) still earns both sides.

const HOUR_MS = 3600_000;
const KIB = 1024;

/** Progress at 1× speed: one event a second of server time, the last one `complete`. */
async function paceEverySecond(
  viewer: { browser: Browser; id: string },
  contentId: string,
  viewId: string,
  seconds: number,
) {
  let last = { status: 0, body: { accepted: false, qualified: false } as { accepted: boolean; qualified: boolean } };
  for (let s = 1; s <= seconds; s++) {
    await passTime(viewer.id, 1000);
    last = await sendProgress(viewer.browser, contentId, s, viewId, s === seconds ? "complete" : "progress");
    expect(last.status).toBe(200);
  }
  return last.body;
}

async function dayList(b: Browser, as = "viewer") {
  const res = await b.fetch(`/api/me/views?date=${new Date().toISOString().slice(0, 10)}&as=${as}`);
  expect(res.status).toBe(200);
  return (await res.json<MyViewsResponse>()).views;
}
const listed = async (b: Browser, viewId: string) => (await dayList(b)).find((v: MyViewJson) => v.id === viewId);

describe("proof of delivery", () => {
  it("a bot pacing 1 event a second at 1× that never requests /stream is paid $0 on both sides", async () => {
    const creator = await member("creator");
    const bot = await member("bot");
    const item = await makeContent(creator.id, { durationMs: 20_000, mediaSize: 200 * KIB });
    const view = await startView(bot.browser, item.id);
    expect((await paceEverySecond(bot, item.id, view, 20)).qualified).toBe(false);
    await calculate(bot.browser);
    expect(await earningsOf(bot.id)).toEqual({ micros: 0, n: 0 });
    expect(await earningsOf(creator.id)).toEqual({ micros: 0, n: 0 });
    expect(await listed(bot.browser, view)).toMatchObject({ outcome: "not_earned", reason: "not_delivered" });
  });

  it("a bot that fetches only the first 64 KiB is paid $0, whether it asks for a range or drops the download", async () => {
    const creator = await member("creator");
    const bot = await member("bot");
    const item = await makeContent(creator.id, { durationMs: 20_000, mediaSize: 1024 * KIB });
    expect(await streamMedia(bot.browser, item.id, "bytes=0-65535")).toBe(64 * KIB);
    // The whole file asked for, then the download dropped after 64 KiB: only what went out counts.
    const res = await bot.browser.fetch(`/api/content/${item.id}/stream`);
    const reader = res.body!.getReader();
    for (let got = 0; got < 64 * KIB;) got += (await reader.read()).value!.byteLength;
    await reader.cancel();
    const view = await startView(bot.browser, item.id);
    expect((await paceEverySecond(bot, item.id, view, 20)).qualified).toBe(false);
    await calculate(bot.browser);
    expect(await earningsOf(bot.id)).toEqual({ micros: 0, n: 0 });
    expect(await earningsOf(creator.id)).toEqual({ micros: 0, n: 0 });
    expect(await listed(bot.browser, view)).toMatchObject({ outcome: "not_earned", reason: "not_delivered" });
    const ranges = await deliveredRanges(bot.id, item.id);
    expect(ranges[0]).toEqual([0, expect.any(Number)]);
    expect(ranges.reduce((sum, [a, b]) => sum + b - a, 0)).toBeLessThan(0.8 * item.mediaSize);
  });

  it("a download the player leaves stalled (a paused video with a full buffer) tells what went out, before it ends", async () => {
    const creator = await member("creator");
    const viewer = await member("viewer");
    const MIB = 1024 * KIB;
    const item = await makeContent(creator.id, { durationMs: 60_000, mediaSize: 24 * MIB });
    await env.MEDIA.put(item.r2Key, new Uint8Array(item.mediaSize));
    const res = await viewer.browser.fetch(`/api/content/${item.id}/stream`);
    const reader = res.body!.getReader();
    let got = 0;
    while (got < 6 * MIB) got += (await reader.read()).value!.byteLength;
    // The reader stops taking bytes without going away: the stalled piece makes the route report, all but the
    // last piece taken (it may still sit in buffers on the way to the client: docs/decisions/064).
    const served = async () => (await deliveredRanges(viewer.id, item.id)).reduce((sum, [a, b]) => sum + b - a, 0);
    await vi.waitFor(async () => expect(await served()).toBeGreaterThanOrEqual(2 * MIB), {
      timeout: 5000,
      interval: 100,
    });
    expect(await served()).toBeLessThanOrEqual(got - 2 * MIB);
    await reader.cancel();
  });

  it("the honest journey, streaming the file in two ranges around a seek, pays both sides", async () => {
    const creator = await member("creator");
    const viewer = await member("viewer");
    const item = await makeContent(creator.id, { durationMs: 20_000, mediaSize: 300 * KIB });
    const view = await startView(viewer.browser, item.id);
    // The player reads the start, the viewer seeks back and forth: the ranges overlap, their union is the file.
    expect(await streamMedia(viewer.browser, item.id, "bytes=0-")).toBe(300 * KIB);
    await streamMedia(viewer.browser, item.id, `bytes=${100 * KIB}-${200 * KIB - 1}`);
    expect(await deliveredRanges(viewer.id, item.id)).toEqual([
      [0, 100 * KIB],
      [100 * KIB, 200 * KIB],
      [200 * KIB, 300 * KIB],
    ]);
    expect((await paceEverySecond(viewer, item.id, view, 20)).qualified).toBe(true);
    await calculate(viewer.browser);
    expect(await earningsOf(viewer.id)).toEqual({ micros: 3000, n: 1 });
    expect(await earningsOf(creator.id)).toEqual({ micros: 3000, n: 1 });
  });

  it("a view whose watching counted before the bytes arrived qualifies when the delivery report comes", async () => {
    const creator = await member("creator");
    const viewer = await member("viewer");
    const item = await makeContent(creator.id, { durationMs: 10_000, mediaSize: 100 * KIB });
    const view = await startView(viewer.browser, item.id);
    for (let s = 1; s <= 10; s++) {
      await passTime(viewer.id, 1000);
      expect((await sendProgress(viewer.browser, item.id, s, view)).body.qualified).toBe(false);
    }
    await streamMedia(viewer.browser, item.id);
    const row = await env.DB.prepare("select status from views where id = ?").bind(view).first<{ status: string }>();
    expect(row?.status).toBe("qualified");
    await calculate(viewer.browser);
    expect(await earningsOf(creator.id)).toEqual({ micros: 3000, n: 1 });
  });

  it("a re-watch served from the browser cache within a day of the download pays; a day later it does not", async () => {
    const creator = await member("creator");
    const viewer = await member("viewer");
    const item = await makeContent(creator.id, { durationMs: 10_000, mediaSize: 100 * KIB });
    expect((await watchPaced(viewer.browser, viewer.id, item.id, 10_000)).qualified).toBe(true);
    await passTime(viewer.id, 5 * HOUR_MS);
    // The browser plays its cached copy: no request reaches /stream.
    expect((await watchPaced(viewer.browser, viewer.id, item.id, 10_000, { deliver: false })).qualified).toBe(true);
    await passTime(viewer.id, 20 * HOUR_MS);
    const late = await watchPaced(viewer.browser, viewer.id, item.id, 10_000, { deliver: false });
    expect(late.qualified).toBe(false);
    await calculate(viewer.browser);
    expect(await earningsOf(viewer.id)).toEqual({ micros: 6000, n: 2 });
    expect(await listed(viewer.browser, late.viewId)).toMatchObject({ outcome: "not_earned", reason: "not_delivered" });
  });

  it("the media varies by cookie: another account on the same browser is not served the previous one's cached copy", async () => {
    const viewer = await member("viewer");
    const item = await makeContent((await member("creator")).id, { mediaSize: 10 * KIB });
    const res = await viewer.browser.fetch(`/api/content/${item.id}/stream`);
    expect(res.headers.get("vary")).toBe("Cookie");
    expect(res.headers.get("cache-control")).toBe("private, max-age=3600");
    await res.arrayBuffer();
  });

  it("HEAD and 416 answers count no bytes; a revalidation gets (and counts) the bytes instead of a 304", async () => {
    const viewer = await member("viewer");
    const item = await makeContent((await member("creator")).id, { mediaSize: 10 * KIB });
    const head = await viewer.browser.fetch(`/api/content/${item.id}/stream`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(
      (await viewer.browser.fetch(`/api/content/${item.id}/stream`, { headers: { range: `bytes=${20 * KIB}-` } }))
        .status,
    ).toBe(416);
    expect(await deliveredRanges(viewer.id, item.id)).toEqual([]);
    const res = await viewer.browser.fetch(`/api/content/${item.id}/stream`, {
      headers: { "if-none-match": head.headers.get("etag")!, range: "bytes=0-1023" },
    });
    expect(res.status).toBe(206);
    await res.arrayBuffer();
    expect(await deliveredRanges(viewer.id, item.id)).toEqual([[0, 1024]]);
  });
});

describe("views explained at once", () => {
  it("a start followed at once by `complete` is listed right away, as too fast", async () => {
    const viewer = await member("viewer");
    const item = await makeContent((await member("creator")).id, { durationMs: 30_000 });
    const view = await startView(viewer.browser, item.id);
    const done = await sendProgress(viewer.browser, item.id, 30, view, "complete");
    expect(done).toMatchObject({ status: 200, body: { qualified: false } });
    expect(await listed(viewer.browser, view)).toMatchObject({ outcome: "not_earned", reason: "too_fast" });
    // The view is over: later events for it are refused like any unknown view.
    expect((await sendProgress(viewer.browser, item.id, 30, view)).status).toBe(404);
  });

  it("a view stopped by a newer start is listed right away as another_session", async () => {
    const viewer = await member("viewer");
    const creator = await member("creator");
    const [a, b] = await Promise.all([0, 1].map(() => makeContent(creator.id, { durationMs: 30_000 })));
    const first = await startView(viewer.browser, a!.id);
    await passTime(viewer.id, 3000);
    await sendProgress(viewer.browser, a!.id, 3, first);
    await startView(viewer.browser, b!.id);
    expect(await listed(viewer.browser, first)).toMatchObject({ outcome: "not_earned", reason: "another_session" });
  });

  it("a view that watched long enough but was never streamed says so when a newer start stops it", async () => {
    const viewer = await member("viewer");
    const creator = await member("creator");
    const [a, b] = await Promise.all([0, 1].map(() => makeContent(creator.id, { durationMs: 10_000 })));
    const first = await startView(viewer.browser, a!.id);
    for (let s = 1; s <= 10; s++) {
      await passTime(viewer.id, 1000);
      await sendProgress(viewer.browser, a!.id, s, first);
    }
    await startView(viewer.browser, b!.id);
    expect(await listed(viewer.browser, first)).toMatchObject({ outcome: "not_earned", reason: "not_delivered" });
  });
});
