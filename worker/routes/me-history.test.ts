import { describe, expect, it } from "vitest";
import type { ContentItemJson } from "../../common/schemas/content";
import type { HistoryResponse } from "../../common/schemas/history";
import { makeContent, makeUser } from "../test/factories";
import { Browser, signedInBrowser } from "../test/http";
import { member } from "../test/members";
import { takeDown } from "../test/moderation";
import { passTime, sendProgress, startView, watchPaced } from "../test/views";

// Resume and history (docs/decisions/045): GET /api/content/{id}'s resume fields and
// GET/DELETE /api/me/history, read from the viewer's own watch-session object.

const itemOf = async (b: Browser, id: string) => {
  const res = await b.fetch(`/api/content/${id}`);
  expect(res.status).toBe(200);
  return res.json<ContentItemJson>();
};
const historyOf = async (b: Browser, query = "") => {
  const res = await b.fetch(`/api/me/history${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<HistoryResponse>();
};
/** Plays `seconds` of an item at 1× (one position a second), leaving the view open there. */
async function playTo(viewer: { browser: Browser; id: string }, contentId: string, seconds: number) {
  const viewId = await startView(viewer.browser, contentId);
  for (let s = 1; s <= seconds; s++) {
    await passTime(viewer.id, 1000);
    expect((await sendProgress(viewer.browser, contentId, s, viewId)).status).toBe(200);
  }
}

describe("GET /api/content/{id} resume fields", () => {
  it("gives a signed-in viewer the position they left the item at, whole seconds", async () => {
    const viewer = await member("resume");
    const item = await makeContent((await makeUser()).id, { durationMs: 60_000 });
    expect(await itemOf(viewer.browser, item.id)).toMatchObject({
      resume_at_seconds: null,
      resume_skips_preroll: false,
    });
    await watchPaced(viewer.browser, viewer.id, item.id, 60_000, { untilFraction: 0.3 });
    expect(await itemOf(viewer.browser, item.id)).toMatchObject({ resume_at_seconds: 18, resume_skips_preroll: true });
  });

  it("is null for a visitor, under 5 s in, and for an item played to (nearly) its end", async () => {
    const viewer = await member("resume-null");
    const [short, done] = [
      await makeContent((await makeUser()).id, { durationMs: 60_000 }),
      await makeContent((await makeUser()).id, { durationMs: 20_000 }),
    ];
    await playTo(viewer, short.id, 4);
    expect((await itemOf(viewer.browser, short.id)).resume_at_seconds).toBeNull();
    await playTo(viewer, short.id, 5);
    expect((await itemOf(viewer.browser, short.id)).resume_at_seconds).toBe(5);
    await watchPaced(viewer.browser, viewer.id, done.id, 20_000);
    expect((await itemOf(viewer.browser, done.id)).resume_at_seconds).toBeNull();
    expect(await itemOf(new Browser(), short.id)).toMatchObject({
      resume_at_seconds: null,
      resume_skips_preroll: false,
    });
  });

  it("skips the pre-roll only within the admin's window (default 30 minutes; 0 turns it off)", async () => {
    const viewer = await member("window");
    const item = await makeContent((await makeUser()).id, { durationMs: 60_000 });
    await playTo(viewer, item.id, 10);
    expect((await itemOf(viewer.browser, item.id)).resume_skips_preroll).toBe(true);
    await passTime(viewer.id, 29 * 60_000);
    expect((await itemOf(viewer.browser, item.id)).resume_skips_preroll).toBe(true);
    await passTime(viewer.id, 2 * 60_000);
    expect(await itemOf(viewer.browser, item.id)).toMatchObject({ resume_at_seconds: 10, resume_skips_preroll: false });

    const admin = await signedInBrowser("admin@example.com");
    const set = await admin.json("/api/admin/ad-settings", "PATCH", { key: "preroll_skip_minutes", value: "60" });
    expect(await set.json()).toMatchObject({ preroll_skip_minutes: "60" });
    expect((await itemOf(viewer.browser, item.id)).resume_skips_preroll).toBe(true);
    expect(
      (await admin.json("/api/admin/ad-settings", "PATCH", { key: "preroll_skip_minutes", value: "0" })).status,
    ).toBe(200);
    expect((await itemOf(viewer.browser, item.id)).resume_skips_preroll).toBe(false);
    expect(await (await viewer.browser.fetch("/api/ad-settings")).json()).toMatchObject({ preroll_skip_minutes: "0" });
  });

  it("refuses a window that is not whole minutes up to a day, naming the field", async () => {
    const admin = await signedInBrowser("admin@example.com");
    for (const value of ["-1", "1.5", "abc", "1441", ""]) {
      const res = await admin.json("/api/admin/ad-settings", "PATCH", { key: "preroll_skip_minutes", value });
      expect(res.status, value).toBe(400);
      expect((await res.json<{ error: string }>()).error, value).toMatch(/value/);
    }
  });
});

describe("resume is where the viewer stopped, not the furthest point", () => {
  // Issue 42's walk: rewound to 0:02 and paused → "Left at 0:06"; back to 0:08 after a jump → "Resume from 0:12".
  // The player's events carry its playhead beside the furthest position; the playhead is for resuming only.
  const playhead = (b: Browser, contentId: string, viewId: string, furthest: number, at: number) =>
    b.json("/api/events/playback", "POST", {
      content_id: contentId,
      view_id: viewId,
      event_type: "progress",
      second_mark: furthest,
      playhead_seconds: at,
    });

  it("a rewind then a pause resumes at the rewound point; the watched time and the view are unchanged", async () => {
    const viewer = await member("resume-rewind");
    const item = await makeContent((await makeUser()).id, { durationMs: 60_000 });
    const viewId = await startView(viewer.browser, item.id);
    for (let s = 1; s <= 12; s++) {
      await passTime(viewer.id, 1000);
      await sendProgress(viewer.browser, item.id, s, viewId);
    }
    expect((await itemOf(viewer.browser, item.id)).resume_at_seconds).toBe(12);
    await passTime(viewer.id, 1000);
    const res = await playhead(viewer.browser, item.id, viewId, 12, 8.4);
    expect(res.status).toBe(200);
    // Nothing more was watched: the answer's share is the 12 s of 60 it was.
    expect(await res.json()).toMatchObject({ accepted: true, watched_percent: 20 });
    expect((await itemOf(viewer.browser, item.id)).resume_at_seconds).toBe(8);
    expect((await historyOf(viewer.browser)).items[0]).toMatchObject({ position_seconds: 8 });
  });

  it("never resumes past the furthest accepted position, whatever the playhead says", async () => {
    const viewer = await member("resume-ahead");
    const item = await makeContent((await makeUser()).id, { durationMs: 60_000 });
    const viewId = await startView(viewer.browser, item.id);
    for (let s = 1; s <= 10; s++) {
      await passTime(viewer.id, 1000);
      await sendProgress(viewer.browser, item.id, s, viewId);
    }
    await passTime(viewer.id, 1000);
    expect((await playhead(viewer.browser, item.id, viewId, 11, 50)).status).toBe(200);
    expect((await itemOf(viewer.browser, item.id)).resume_at_seconds).toBe(11);
  });

  it("refuses a playhead that is not a number of seconds, naming the field", async () => {
    const viewer = await member("resume-bad");
    const item = await makeContent((await makeUser()).id, { durationMs: 60_000 });
    const viewId = await startView(viewer.browser, item.id);
    const res = await playhead(viewer.browser, item.id, viewId, 1, -1);
    expect(res.status).toBe(400);
    expect((await res.json<{ error: string }>()).error).toContain("playhead_seconds");
  });
});

describe("GET /api/me/history", () => {
  it("lists what the caller played, newest first, with position, percent and when; keyset pages", async () => {
    const viewer = await member("history");
    const creator = await makeUser();
    const items = [];
    for (let i = 0; i < 3; i++) {
      const item = await makeContent(creator.id, { durationMs: 40_000 });
      await playTo(viewer, item.id, 10 + i);
      items.push(item);
    }
    const first = await historyOf(viewer.browser, "?limit=2");
    expect(first.items.map((e) => e.content.id)).toEqual([items[2]!.id, items[1]!.id]);
    expect(first.items[0]).toMatchObject({ position_seconds: 12, percent: 30, finished: false });
    expect(Date.parse(first.items[0]!.watched_at)).toBeGreaterThan(Date.parse(first.items[1]!.watched_at));
    expect(first.nextCursor).not.toBeNull();
    const second = await historyOf(viewer.browser, `?limit=2&cursor=${first.nextCursor}`);
    expect(second).toMatchObject({
      items: [{ content: { id: items[0]!.id }, position_seconds: 10, percent: 25 }],
      nextCursor: null,
    });
    // Another member's history is their own.
    expect((await historyOf((await member("other")).browser)).items).toEqual([]);
  });

  it("with unfinished=true keeps only what can be resumed; leaves out items taken down since", async () => {
    const viewer = await member("unfinished");
    const creator = await makeUser();
    const [done, half, gone] = [
      await makeContent(creator.id, { durationMs: 20_000 }),
      await makeContent(creator.id, { durationMs: 20_000 }),
      await makeContent(creator.id, { durationMs: 20_000 }),
    ];
    await watchPaced(viewer.browser, viewer.id, done.id, 20_000);
    await watchPaced(viewer.browser, viewer.id, half.id, 20_000, { untilFraction: 0.5 });
    await watchPaced(viewer.browser, viewer.id, gone.id, 20_000, { untilFraction: 0.5 });
    await takeDown(gone.id);
    const all = await historyOf(viewer.browser);
    expect(all.items.map((e) => [e.content.id, e.finished])).toEqual([
      [half.id, false],
      [done.id, true],
    ]);
    expect((await historyOf(viewer.browser, "?unfinished=true")).items.map((e) => e.content.id)).toEqual([half.id]);
  });

  it("forgets one item or all of them; the next play starts a fresh entry", async () => {
    const viewer = await member("forget");
    const creator = await makeUser();
    const [a, b] = [
      await makeContent(creator.id, { durationMs: 40_000 }),
      await makeContent(creator.id, { durationMs: 40_000 }),
    ];
    await playTo(viewer, a.id, 6);
    await playTo(viewer, b.id, 6);
    expect((await viewer.browser.fetch(`/api/me/history/${a.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await historyOf(viewer.browser)).items.map((e) => e.content.id)).toEqual([b.id]);
    // Forgetting what is not there is not an error (the screen may be out of date).
    expect(await (await viewer.browser.fetch(`/api/me/history/${a.id}`, { method: "DELETE" })).json()).toEqual({
      ok: true,
    });
    expect((await viewer.browser.fetch("/api/me/history", { method: "DELETE" })).status).toBe(200);
    expect((await historyOf(viewer.browser)).items).toEqual([]);
    expect((await itemOf(viewer.browser, b.id)).resume_at_seconds).toBeNull();
    await playTo(viewer, b.id, 7);
    expect((await historyOf(viewer.browser)).items).toMatchObject([{ content: { id: b.id }, position_seconds: 7 }]);
  });

  it("answers 400 naming the field for a bad cursor, limit or filter; 401 signed out", async () => {
    const viewer = await member("bad-history");
    for (const [query, field] of [
      ["?cursor=nope", "cursor"],
      ["?limit=0", "limit"],
      ["?limit=61", "limit"],
      ["?limit=x", "limit"],
      ["?unfinished=yes", "unfinished"],
    ] as const) {
      const res = await viewer.browser.fetch(`/api/me/history${query}`);
      expect(res.status, query).toBe(400);
      expect((await res.json<{ error: string }>()).error, query).toMatch(field);
    }
    expect((await new Browser().fetch("/api/me/history")).status).toBe(401);
    expect((await new Browser().fetch("/api/me/history", { method: "DELETE" })).status).toBe(401);
  });
});
