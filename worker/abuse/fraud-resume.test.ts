import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { MyViewsResponse } from "../../common/schemas/my-views";
import type { ContentItemJson } from "../../common/schemas/content";
import type { HistoryResponse } from "../../common/schemas/history";
import { makeContent } from "../test/factories";
import type { Browser } from "../test/http";
import { calculate, member } from "../test/members";
import { earningsOf, passTime, sendProgress, startView, streamMedia, watchPaced } from "../test/views";

// Resume and history (docs/decisions/045) against the earning rules. A view is one playthrough
// judged by the viewer's object: ≥ 80 % of the item watched in it, at most 2× speed, its bytes delivered. A
// resumed playthrough is a new view, judged the same way from where it starts, so resuming at 50 % and
// watching on cannot qualify; a credited view is never paid again; a position a client makes up moves only
// its own history; clearing the history leaves every view and credit where it was. The honest viewer who
// resumes early enough to still watch 80 % is paid as before.

type Viewer = { browser: Browser; id: string };

const itemOf = async (b: Browser, id: string) => {
  const res = await b.fetch(`/api/content/${id}`);
  expect(res.status).toBe(200);
  return res.json<ContentItemJson>();
};

const viewsToday = async (b: Browser) => {
  const res = await b.fetch(`/api/me/views?date=${new Date().toISOString().slice(0, 10)}`);
  expect(res.status).toBe(200);
  return (await res.json<MyViewsResponse>()).views;
};

/** A player resuming: a new view, the media streamed, a jump to `fromS`, then a position every `stepS` at 1×. */
async function resumeAndWatch(viewer: Viewer, contentId: string, fromS: number, toS: number, stepS: number) {
  const viewId = await startView(viewer.browser, contentId);
  await streamMedia(viewer.browser, contentId);
  let last = await sendProgress(viewer.browser, contentId, fromS, viewId);
  expect(last.status).toBe(200);
  for (let s = fromS + stepS; s <= toS; s += stepS) {
    await passTime(viewer.id, stepS * 1000);
    last = await sendProgress(viewer.browser, contentId, s, viewId, s >= toS ? "complete" : "progress");
    expect(last.status).toBe(200);
  }
  return { viewId, qualified: last.body.qualified };
}

describe("resuming and the earning rules", () => {
  it("resume at 50 %, then watch 30 % more: not qualified, nothing paid on either side", async () => {
    const creator = await member("creator");
    const viewer = await member("resumer");
    const item = await makeContent(creator.id, { durationMs: 100_000 });
    expect((await watchPaced(viewer.browser, viewer.id, item.id, 100_000, { untilFraction: 0.5 })).qualified).toBe(
      false,
    );
    expect((await itemOf(viewer.browser, item.id)).resume_at_seconds).toBe(50);

    const resumed = await resumeAndWatch(viewer, item.id, 50, 80, 10);
    expect(resumed.qualified).toBe(false);
    await calculate(viewer.browser);
    expect(await earningsOf(viewer.id)).toEqual({ micros: 0, n: 0 });
    expect(await earningsOf(creator.id)).toEqual({ micros: 0, n: 0 });
    expect((await viewsToday(viewer.browser)).find((v) => v.id === resumed.viewId)).toMatchObject({
      outcome: "not_earned",
    });
  });

  it("resume at 50 % and watch to the end: the two halves are two views, neither qualifies", async () => {
    const creator = await member("creator");
    const viewer = await member("halves");
    const item = await makeContent(creator.id, { durationMs: 100_000 });
    const first = await watchPaced(viewer.browser, viewer.id, item.id, 100_000, { untilFraction: 0.5 });
    const resumed = await resumeAndWatch(viewer, item.id, 50, 100, 10);
    expect(resumed.qualified).toBe(false);
    await calculate(viewer.browser);
    expect(await earningsOf(viewer.id)).toEqual({ micros: 0, n: 0 });
    const listed = await viewsToday(viewer.browser);
    // The first half ended when the resumed view started; the second reached the end having watched 50 %,
    // so its list says what the rules saw: positions past 80 % that were not watched (skipping ahead).
    expect(listed.find((v) => v.id === first.viewId)).toMatchObject({
      outcome: "not_earned",
      reason: "another_session",
    });
    expect(listed.find((v) => v.id === resumed.viewId)).toMatchObject({ outcome: "not_earned", reason: "too_fast" });
  });

  it("a credited view is not paid again by resuming it: one credit per side, the first view untouched", async () => {
    const creator = await member("creator");
    const viewer = await member("re-earner");
    const item = await makeContent(creator.id, { durationMs: 100_000 });
    const first = await watchPaced(viewer.browser, viewer.id, item.id, 100_000, { untilFraction: 0.9 });
    expect(first.qualified).toBe(true);
    await calculate(viewer.browser);
    const paid = await earningsOf(viewer.id);
    expect(paid.n).toBe(1);
    expect((await itemOf(viewer.browser, item.id)).resume_at_seconds).toBe(90);

    const resumed = await resumeAndWatch(viewer, item.id, 90, 100, 5);
    expect(resumed.qualified).toBe(false);
    await calculate(viewer.browser);
    expect(await earningsOf(viewer.id)).toEqual(paid);
    expect((await earningsOf(creator.id)).n).toBe(1);
    const rows = await env.DB.prepare(
      "select id, status from views where viewer_id = ? and content_id = ? order by started_at",
    )
      .bind(viewer.id, item.id)
      .all();
    expect(rows.results).toEqual([
      { id: first.viewId, status: "credited" },
      { id: resumed.viewId, status: "ended" },
    ]);
  });

  it("a client that posts a made-up resume position gains nothing: its own history moves, the money does not", async () => {
    const creator = await member("creator");
    const bot = await member("fake-resume");
    const item = await makeContent(creator.id, { durationMs: 100_000 });
    // "Resuming at 90 %" with no earlier view: the jump is paced like any other, then the end.
    const viewId = await startView(bot.browser, item.id);
    await streamMedia(bot.browser, item.id);
    expect((await sendProgress(bot.browser, item.id, 90, viewId)).body).toMatchObject({
      accepted: true,
      qualified: false,
    });
    await passTime(bot.id, 10_000);
    expect((await sendProgress(bot.browser, item.id, 100, viewId, "complete")).body.qualified).toBe(false);
    // A bare made-up number in place of a position is refused by the schema.
    const bad = await bot.browser.json("/api/events/playback", "POST", {
      content_id: item.id,
      event_type: "progress",
      second_mark: "90",
    });
    expect(bad.status).toBe(400);
    await calculate(bot.browser);
    expect(await earningsOf(bot.id)).toEqual({ micros: 0, n: 0 });
    expect(await earningsOf(creator.id)).toEqual({ micros: 0, n: 0 });
    expect((await viewsToday(bot.browser)).find((v) => v.id === viewId)).toMatchObject({
      outcome: "not_earned",
      reason: "too_fast",
    });
  });

  it("clearing the history (one item, then all) leaves every view and credit as it was", async () => {
    const creator = await member("creator");
    const viewer = await member("clearer");
    const [a, b] = [
      await makeContent(creator.id, { durationMs: 20_000 }),
      await makeContent(creator.id, { durationMs: 20_000 }),
    ];
    expect((await watchPaced(viewer.browser, viewer.id, a.id, 20_000)).qualified).toBe(true);
    await watchPaced(viewer.browser, viewer.id, b.id, 20_000, { untilFraction: 0.5 });
    await calculate(viewer.browser);
    const before = {
      viewer: await earningsOf(viewer.id),
      creator: await earningsOf(creator.id),
      views: await viewsToday(viewer.browser),
    };
    expect(before.viewer.n).toBe(1);

    expect((await viewer.browser.fetch(`/api/me/history/${b.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await itemOf(viewer.browser, b.id)).resume_at_seconds).toBeNull();
    expect((await viewer.browser.fetch("/api/me/history", { method: "DELETE" })).status).toBe(200);
    const history = await (await viewer.browser.fetch("/api/me/history")).json<HistoryResponse>();
    expect(history.items).toEqual([]);

    await calculate(viewer.browser);
    expect(await earningsOf(viewer.id)).toEqual(before.viewer);
    expect(await earningsOf(creator.id)).toEqual(before.creator);
    expect(await viewsToday(viewer.browser)).toEqual(before.views);
  });

  it("honest: resume at 10 % and watch to the end (90 % of the item in this view): qualified and paid both sides", async () => {
    const creator = await member("creator");
    const viewer = await member("honest-resumer");
    const item = await makeContent(creator.id, { durationMs: 100_000 });
    await watchPaced(viewer.browser, viewer.id, item.id, 100_000, { untilFraction: 0.1 });
    const resumeAt = (await itemOf(viewer.browser, item.id)).resume_at_seconds;
    expect(resumeAt).toBe(10);

    const resumed = await resumeAndWatch(viewer, item.id, resumeAt!, 100, 10);
    expect(resumed.qualified).toBe(true);
    await calculate(viewer.browser);
    expect(await earningsOf(viewer.id)).toMatchObject({ n: 1 });
    expect(await earningsOf(creator.id)).toMatchObject({ n: 1 });
    // Played to the end: nothing left to resume.
    expect((await itemOf(viewer.browser, item.id)).resume_at_seconds).toBeNull();
  });
});
