import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ARCHIVE_WINDOW_DEFAULTS } from "../../common/data-lifecycle";
import type { ContentJson } from "../../common/schemas/content";
import type { RecommendationsResponse, SuggestionsResponse } from "../../common/schemas/recommendations";
import { loadViewerProfile } from "../db/queries/recommendations/recommendations";
import { likes, views } from "../db/schema";
import { runDataLifecycle } from "../domain/archive/run-lifecycle";
import { utcDay } from "../domain/views/rules";
import { newId } from "../lib/ids";
import { nowIso } from "../lib/time";
import { makeContent, makeUser, testDb } from "../test/factories";
import { Browser, signedInBrowser, uniqueEmail } from "../test/http";

const DAY = 24 * 3600 * 1000;
/** A tag word no other test uses, so tag matches only find this test's items. */
const word = (base: string) => `${base}${Math.random().toString(36).slice(2, 8)}`;

async function signedIn() {
  const browser = await signedInBrowser(uniqueEmail("rec"));
  const { id } = await (await browser.fetch("/api/users/me")).json<{ id: string }>();
  return { browser, id };
}

async function like(userId: string, ...contentIds: string[]) {
  for (const contentId of contentIds) await testDb().insert(likes).values({ userId, contentId, createdAt: nowIso() });
}

/** A qualified view `agoMs` ago; `slot` 1..3 marks it as one of that day's paid views. */
async function finish(viewerId: string, item: { id: string; createdBy: string }, agoMs = DAY, slot?: number) {
  const at = nowIso(Date.now() - agoMs);
  await testDb()
    .insert(views)
    .values({
      id: newId(),
      contentId: item.id,
      viewerId,
      creatorId: item.createdBy,
      discoveryMethod: "browse",
      startedAt: at,
      lastEventAt: at,
      maxPositionMs: 10_000,
      qualifiedAt: at,
      qualifiedDay: utcDay(at),
      status: slot ? "credited" : "unearnable",
      creditSlot: slot ?? null,
    });
}

async function likedByOthers(times: number, ...contentIds: string[]) {
  for (let i = 0; i < times; i++) await like((await makeUser()).id, ...contentIds);
}

async function recommendations(b: Browser, qs = "limit=50") {
  const res = await b.fetch(`/api/content/recommendations?${qs}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json<RecommendationsResponse>()).items.map((i) => i.id);
}

async function suggestions(b: Browser, id: string, qs = "limit=20") {
  const res = await b.fetch(`/api/content/${id}/suggestions?${qs}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json<SuggestionsResponse>()).suggestions.map((i) => i.id);
}

describe("GET /api/content/recommendations", () => {
  it("changes visibly with likes: co-liked items first, then the liked tag, before what is merely popular", async () => {
    const jazz = word("jazz");
    const creator = await makeUser();
    const [likedA, likedB] = [
      await makeContent(creator.id, { tags: jazz }),
      await makeContent(creator.id, { tags: `${jazz},live` }),
    ];
    const moreJazz = [
      await makeContent(creator.id, { tags: `${jazz.toUpperCase()}, live` }),
      await makeContent(creator.id, { tags: ` ${jazz} ,smooth` }),
    ];
    const coLiked = await makeContent(creator.id, { tags: word("talk") });
    const popular = await makeContent(creator.id, { tags: word("rock") });
    // Two people who liked what our viewer is about to like also liked `coLiked`; four others like `popular`.
    await likedByOthers(1, likedA.id, coLiked.id);
    await likedByOthers(1, likedA.id, likedB.id, coLiked.id);
    await likedByOthers(4, popular.id);
    const { browser } = await signedIn();

    // No signals yet: popularity, which knows nothing of jazz (new jazz may only follow, as newest items).
    const before = await recommendations(browser);
    expect(before.indexOf(popular.id)).toBeLessThan(before.indexOf(coLiked.id));
    for (const item of moreJazz)
      expect(before.indexOf(item.id) === -1 || before.indexOf(item.id) > before.indexOf(coLiked.id)).toBe(true);

    for (const item of [likedA, likedB])
      expect((await browser.fetch(`/api/content/${item.id}/like`, { method: "POST" })).status).toBe(200);
    const after = await recommendations(browser);
    expect(after[0]).toBe(coLiked.id);
    expect(new Set(after.slice(1, 3))).toEqual(new Set(moreJazz.map((i) => i.id)));
    expect(after.indexOf(popular.id)).toBeGreaterThan(2);
    expect(after).not.toContain(likedA.id); // liked items are one tap away in the Liked list
  });

  it("never offers own items or items finished in the last 7 days; finished long ago may come back", async () => {
    const creator = await makeUser();
    const { browser, id: me } = await signedIn();
    const seed = await makeContent(creator.id);
    const own = await makeContent(me);
    const [recent, longAgo, paidOut] = [
      await makeContent(creator.id),
      await makeContent(creator.id),
      await makeContent(creator.id),
    ];
    await like(me, seed.id);
    await finish(me, recent, 6 * DAY);
    await finish(me, longAgo, 8 * DAY);
    for (const slot of [1, 2, 3]) await finish(me, paidOut, 0, slot);
    // Everything co-occurs strongly with what the viewer liked.
    await likedByOthers(3, seed.id, own.id, recent.id, longAgo.id, paidOut.id);

    const items = await recommendations(browser);
    expect(items).toContain(longAgo.id);
    for (const excluded of [own.id, recent.id, seed.id]) expect(items).not.toContain(excluded);
    // Paid three times today means finished today: left out, which is stronger than the demotion it would get.
    expect(items).not.toContain(paidOut.id);
    const profile = await loadViewerProfile(testDb(), me, utcDay(nowIso()));
    expect(profile.finished.find((f) => f.id === paidOut.id)?.paidToday).toBe(3);
    expect(profile.finished.find((f) => f.id === longAgo.id)?.paidToday).toBe(0);
  });

  it("gives a new user the most popular items, counting likes and qualified views", async () => {
    // Storage is shared by the tests of a file: these three are made more popular than anything else here.
    const creator = await makeUser();
    const [top, second, third] = [
      await makeContent(creator.id),
      await makeContent(creator.id),
      await makeContent(creator.id),
    ];
    await likedByOthers(4, top.id);
    for (let i = 0; i < 16; i++) await finish((await makeUser()).id, top);
    await likedByOthers(14, second.id);
    await likedByOthers(12, third.id);
    const { browser } = await signedIn();
    expect((await recommendations(browser)).slice(0, 3)).toEqual([top.id, second.id, third.id]);
  });

  it("answers with the content JSON of GET /api/content/{id}, honours limit, and refuses bad limits", async () => {
    const creator = await makeUser({ username: word("maker") });
    const items = [];
    for (let i = 0; i < 14; i++) items.push(await makeContent(creator.id, { tags: "news" }));
    await likedByOthers(1, ...items.map((i) => i.id));
    const { browser } = await signedIn();
    expect(await recommendations(browser, "")).toHaveLength(12);
    expect(await recommendations(browser, "limit=3")).toHaveLength(3);
    const [first] = (
      await (await browser.fetch("/api/content/recommendations?limit=1")).json<RecommendationsResponse>()
    ).items;
    // The item's own page adds the caller's resume point (docs/decisions/045), its caption tracks
    // (docs/decisions/049) and its seek previews (docs/decisions/102); the rest is the same JSON.
    const {
      resume_at_seconds: _at,
      resume_skips_preroll: _skip,
      captions: _captions,
      storyboard: _storyboard,
      ...item
    } = await (
      await browser.fetch(`/api/content/${first!.id}`)
    ).json<
      ContentJson & {
        resume_at_seconds: unknown;
        resume_skips_preroll: unknown;
        captions: unknown;
        storyboard: unknown;
      }
    >();
    expect(first).toEqual(item);
    for (const qs of ["limit=0", "limit=51", "limit=abc", "limit=2.5"]) {
      expect((await browser.fetch(`/api/content/recommendations?${qs}`)).status, qs).toBe(400);
    }
    expect((await new Browser().fetch("/api/content/recommendations")).status).toBe(401);
  });
});

describe("GET /api/content/{id}/suggestions", () => {
  it("favours co-watched and same-tag items, and leaves out the item, own and just-finished items", async () => {
    const pasta = word("pasta");
    const creator = await makeUser();
    const { browser, id: me } = await signedIn();
    const current = await makeContent(creator.id, { tags: `${pasta},cooking` });
    const coWatched = await makeContent(creator.id);
    const sameTag = await makeContent(creator.id, { tags: pasta.toUpperCase() });
    const popular = await makeContent(creator.id);
    const own = await makeContent(me, { tags: pasta });
    const justFinished = await makeContent(creator.id, { tags: pasta });
    for (let i = 0; i < 2; i++) {
      const peer = await makeUser();
      for (const item of [current, coWatched, own, justFinished]) await finish(peer.id, item);
    }
    await likedByOthers(5, popular.id);
    await finish(me, justFinished, DAY);

    const list = await suggestions(browser, current.id);
    expect(list.slice(0, 2)).toEqual([coWatched.id, sameTag.id]);
    expect(list).toContain(popular.id);
    for (const excluded of [current.id, own.id, justFinished.id]) expect(list).not.toContain(excluded);
  });

  it("honours limit (default 6), refuses bad limits and answers 404 for unknown content", async () => {
    const creator = await makeUser();
    const current = await makeContent(creator.id, { tags: "news" });
    for (let i = 0; i < 8; i++) await makeContent(creator.id, { tags: "news" });
    const { browser } = await signedIn();
    expect(await suggestions(browser, current.id, "")).toHaveLength(6);
    expect(await suggestions(browser, current.id, "limit=2")).toHaveLength(2);
    for (const qs of ["limit=0", "limit=21", "limit=x"]) {
      expect((await browser.fetch(`/api/content/${current.id}/suggestions?${qs}`)).status, qs).toBe(400);
    }
    const missing = await browser.fetch(`/api/content/${newId()}/suggestions`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: "Content not found" });
    expect((await new Browser().fetch(`/api/content/${current.id}/suggestions`)).status).toBe(401);
  });
});

describe("a full first look", () => {
  it("tops a short list up with the newest items nobody has liked or watched yet, never own ones", async () => {
    const creator = await makeUser();
    const fresh = [
      await makeContent(creator.id, { tags: word("fresh") }),
      await makeContent(creator.id, { tags: word("fresh") }),
    ];
    const { browser, id: me } = await signedIn();
    const own = await makeContent(me);
    // More than likes and views reach in this test database, so the list needs the fallback to fill up.
    const items = await recommendations(browser, "limit=50");
    expect(items).toEqual(expect.arrayContaining(fresh.map((f) => f.id)));
    expect(items).not.toContain(own.id);
    const next = await suggestions(browser, fresh[0]!.id, "limit=20");
    expect(next).toHaveLength(20);
    expect(next).not.toContain(fresh[0]!.id);
    expect(next).not.toContain(own.id);
  });

  it("never comes back empty while others' content exists, even when everything was just watched and liked", async () => {
    const { browser, id: me } = await signedIn();
    const listed = await recommendations(browser, "limit=50");
    for (const id of listed) await like(me, id);
    const again = await recommendations(browser, "limit=50");
    expect(again.length).toBeGreaterThan(0);
  });
});

describe("recently finished items after their views leave D1 (docs/decisions/060)", () => {
  const setting = (key: string, value: string) =>
    env.DB.prepare(
      `insert into settings (key, value, updated_at) values (?1, ?2, '') on conflict (key) do update set value = excluded.value`,
    )
      .bind(key, value)
      .run();
  const viewsOf = async (viewerId: string) =>
    (await env.DB.prepare("select count(*) as n from views where viewer_id = ?1")
      .bind(viewerId)
      .first<{ n: number }>())!.n;

  it("are still never offered within the week, from recent_finishes, and come back once their day is pruned", async () => {
    const creator = await makeUser();
    const { browser, id: me } = await signedIn();
    const seed = await makeContent(creator.id);
    const [sixDays, nineDays] = [await makeContent(creator.id), await makeContent(creator.id)];
    await like(me, seed.id);
    await finish(me, sixDays, 6 * DAY);
    await finish(me, nineDays, 9 * DAY);
    await likedByOthers(3, seed.id, sixDays.id, nineDays.id);
    // The shortest views window an operator may set: the hold (here 1 day) plus 1. Both views leave D1 for R2.
    await setting("earnings_hold_days", "1");
    await setting("archive_views_after_days", "2");
    try {
      const report = await runDataLifecycle({
        ctx: { env },
        input: { nowMs: Date.now(), budget: { rowsPerPart: 500, partsPerRun: 1000, timeMs: 60_000 } },
      });
      expect(await viewsOf(me)).toBe(0);
      // The nine-day-old finish is past the eight days kept; the six-day-old one stays.
      expect(report.recent_finishes).toMatchObject({ error: null, before_day: utcDay(nowIso(Date.now() - 7 * DAY)) });
      expect(report.recent_finishes.removed).toBeGreaterThan(0);
      const profile = await loadViewerProfile(testDb(), me, utcDay(nowIso()));
      expect(profile.finished.map((f) => f.id)).toEqual([sixDays.id]);
      const items = await recommendations(browser);
      expect(items).not.toContain(sixDays.id);
      expect(items).toContain(nineDays.id);
    } finally {
      await setting("archive_views_after_days", String(ARCHIVE_WINDOW_DEFAULTS.archive_views_after_days));
      await setting("earnings_hold_days", "7");
    }
  });
});
