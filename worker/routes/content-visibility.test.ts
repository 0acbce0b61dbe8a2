import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ContentJson, ContentListResponse } from "../../common/schemas/content";
import type { NotificationsJson } from "../../common/schemas/notifications";
import type { RecommendationsResponse, SuggestionsResponse } from "../../common/schemas/recommendations";
import { publishDueItems } from "../domain/content/publish-due";
import { creditQualifiedViews } from "../domain/earnings/credit-views";
import { PUBLISH_DUE_SQL } from "../db/queries/content/content-writes";
import { FOLLOWED_UPLOADS_PAGE_SQL } from "../db/queries/follows/follows";
import { FOLLOWED_UPLOADS_SQL } from "../db/queries/notifications/notifications";
import { likes } from "../db/schema";
import { newId } from "../lib/ids";
import { nowIso } from "../lib/time";
import { makeContent, makeQualifiedView, makeUser, testDb } from "../test/factories";
import { Browser, signedInBrowser, uniqueEmail } from "../test/http";
import { publishFixture, uploadFixture } from "../test/uploads";

// Private, unlisted and scheduled items (docs/decisions/094): where each is listed, who opens it by id, when a
// scheduled one appears and is told to followers (once), and that no visibility change moves money.

const LONG_AGO = "2020-01-01T00:00:00.000Z";
const DAY_MS = 86_400_000;
const idOf = async (b: Browser) => (await (await b.fetch("/api/users/me")).json<{ id: string }>()).id;
const ids = async (b: Browser, path: string) => {
  const res = await b.fetch(path);
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  const body = await res.json<ContentListResponse & Partial<RecommendationsResponse & SuggestionsResponse>>();
  return (body.items ?? body.suggestions ?? []).map((i) => i.id);
};
const bell = async (b: Browser) => (await b.fetch("/api/me/notifications")).json<NotificationsJson>();
const uploadLines = async (b: Browser, id: string) =>
  (await bell(b)).items.filter((i) => i.kind === "upload" && i.subject_id === id);
const start = (contentId: string) => ({
  content_id: contentId,
  event_type: "start",
  second_mark: 0,
  discovery_method: "browse",
  device_fingerprint: "fp",
});
const row = (id: string) =>
  env.DB.prepare("select visibility, publish_at, published_at, thumbnail_public_key from content where id = ?1")
    .bind(id)
    .first<{
      visibility: string;
      publish_at: string | null;
      published_at: string | null;
      thumbnail_public_key: string | null;
    }>();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A creator with a real item (media and thumbnail) and a public sibling sharing its words, liked together. */
async function scene() {
  const word = `vz${Math.random().toString(36).slice(2, 8)}`;
  const creator = await signedInBrowser(uniqueEmail("creator"));
  const creatorId = await idOf(creator);
  const thumb = await uploadFixture(creator, "thumb.jpg");
  const itemId = await publishFixture(creator, "tiny.mp4", {
    title: `${word} reel`,
    tags: [word],
    thumbnail_key: thumb,
  });
  const other = await makeUser({ username: `${word}other` });
  const sibling = await makeContent(other.id, { title: `${word} sibling`, tags: word });
  const member = await signedInBrowser(uniqueEmail("member"));
  const memberId = await idOf(member);
  const admin = await signedInBrowser("admin@example.com");
  for (let i = 0; i < 3; i++) {
    const fan = (await makeUser()).id;
    for (const contentId of [itemId, sibling.id])
      await testDb().insert(likes).values({ userId: fan, contentId, createdAt: nowIso() });
  }
  for (const contentId of [itemId, sibling.id])
    await testDb().insert(likes).values({ userId: memberId, contentId, createdAt: nowIso() });
  const set = async (body: Record<string, unknown>) => {
    const res = await creator.json(`/api/content/${itemId}`, "PATCH", body);
    expect(res.status, await res.clone().text()).toBe(200);
    return res.json<ContentJson>();
  };
  return { word, creator, creatorId, itemId, sibling, member, admin, anonymous: new Browser(), set };
}
type Scene = Awaited<ReturnType<typeof scene>>;

/** The lists that show only public items: the item is in none of them, for anyone; the sibling still is. */
async function expectNotListed(s: Scene) {
  for (const [who, b] of Object.entries({ anonymous: s.anonymous, member: s.member, creator: s.creator })) {
    const label = (surface: string) => `${surface} for ${who}`;
    expect(await ids(b, "/api/content?limit=60"), label("gallery")).not.toContain(s.itemId);
    const search = await ids(b, `/api/content?search=${s.word}`);
    expect(search, label("search")).not.toContain(s.itemId);
    expect(search, label("search")).toContain(s.sibling.id);
    expect(await ids(b, `/api/content?creator=${s.creatorId}`), label("creator page")).toEqual([]);
    const card = await (await b.fetch(`/api/users/${s.creatorId}`)).json<{ video_count: number }>();
    expect(card.video_count, label("creator page counts")).toBe(0);
    if (b === s.anonymous) continue;
    expect(await ids(b, "/api/content/recommendations?limit=50"), label("recommendations")).not.toContain(s.itemId);
    expect(await ids(b, `/api/content/${s.sibling.id}/suggestions?limit=20`), label("Up Next")).not.toContain(s.itemId);
  }
}

describe("a private item", () => {
  it("is listed nowhere, answers 404 to others (playback included), opens for its creator and admins, and has no public thumbnail copy", async () => {
    const s = await scene();
    // Public first: the surfaces it must leave do show it (so the checks below mean something).
    expect(await ids(s.member, "/api/content/recommendations?limit=50")).toContain(s.itemId);
    expect(await ids(s.anonymous, `/api/content?creator=${s.creatorId}`)).toEqual([s.itemId]);
    expect((await row(s.itemId))!.thumbnail_public_key).not.toBeNull();

    const made = await s.set({ visibility: "private" });
    expect(made).toMatchObject({ visibility: "private", publish_at: null });
    expect((await row(s.itemId))!.thumbnail_public_key).toBeNull();
    await expectNotListed(s);
    expect(await ids(s.member, "/api/content/liked"), "another member's liked list").not.toContain(s.itemId);

    const one = `/api/content/${s.itemId}`;
    for (const b of [s.anonymous, s.member]) {
      expect((await b.fetch(one)).status).toBe(404);
      expect((await b.fetch(`${one}/thumbnail`)).status).toBe(404);
      expect((await b.fetch(`${one}/comments`)).status).toBe(404);
    }
    expect((await s.member.fetch(`${one}/stream`)).status).toBe(404);
    expect((await s.member.fetch(`${one}/like`, { method: "POST" })).status).toBe(404);
    // Its like count tells that it exists and how liked it is; taking a like back changes that count.
    expect((await s.member.fetch(`${one}/like-status`)).status).toBe(404);
    expect((await s.member.fetch(`${one}/like`, { method: "DELETE" })).status).toBe(404);
    expect((await s.member.fetch(`/api/content/${newId()}/like-status`)).status).toBe(404);
    expect(await (await s.creator.fetch(`${one}/like-status`)).json()).toMatchObject({ liked: false, like_count: 4 });
    expect((await s.member.json(`${one}/comments`, "POST", { text: "hi" })).status).toBe(404);
    expect((await s.member.json(`${one}`, "PATCH", { visibility: "public" })).status).toBe(404);
    // The attack: another account cannot start a view (a view that could pay) of an item with no audience.
    expect((await s.member.json("/api/playback-events", "POST", start(s.itemId))).status).toBe(404);
    // Admins may open it to review it, but not start a view of it; its creator may (their views never pay).
    expect((await s.admin.fetch(one)).status).toBe(200);
    expect((await s.admin.json("/api/playback-events", "POST", start(s.itemId))).status).toBe(404);
    expect((await s.creator.json("/api/playback-events", "POST", start(s.itemId))).status).toBe(201);
    const own = await s.creator.fetch(`${one}/thumbnail`);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    await own.arrayBuffer();
    expect((await s.creator.json(`${one}/comments`, "POST", { text: "note to self" })).status).toBe(201);
    // My Content shows it, marked private.
    const mine = await (await s.creator.fetch("/api/content/mine")).json<ContentListResponse>();
    expect(mine.items.find((i) => i.id === s.itemId)).toMatchObject({ visibility: "private" });

    // Public again: listed again, at the place it was first published (published_at never moves once past).
    const back = await s.set({ visibility: "public" });
    expect(back.published_at).toBe(made.published_at);
    expect(await (await s.member.fetch(`${one}/like-status`)).json()).toMatchObject({ liked: true, like_count: 4 });
    expect(await ids(s.anonymous, `/api/content?creator=${s.creatorId}`)).toEqual([s.itemId]);
    expect((await row(s.itemId))!.thumbnail_public_key).not.toBeNull();
  });
});

describe("an unlisted item", () => {
  it("is listed nowhere public, but opens for anyone with its link, stays in a member's likes, and its views are real", async () => {
    const s = await scene();
    const made = await s.set({ visibility: "unlisted" });
    expect(made.visibility).toBe("unlisted");
    await expectNotListed(s);
    const one = `/api/content/${s.itemId}`;
    for (const b of [s.anonymous, s.member]) {
      const res = await b.fetch(one);
      expect(res.status).toBe(200);
      const item = await res.json<ContentJson>();
      expect(item.visibility).toBe("unlisted");
      // Others never see the schedule fields' creator-only part.
      expect(item).not.toHaveProperty("publish_at");
    }
    expect(await ids(s.member, "/api/content/liked")).toContain(s.itemId);
    // A view by the link is a real view: it starts like any other (and earns by the usual rules).
    expect((await s.member.json("/api/playback-events", "POST", start(s.itemId))).status).toBe(201);
    // Its thumbnail copy stays: its address is only in answers to those who may open the item.
    expect((await row(s.itemId))!.thumbnail_public_key).not.toBeNull();
  });
});

describe("finalize and PATCH", () => {
  it("refuse a schedule in the past, too far ahead, without an offset or with a public visibility, and bad values, with the field's message", async () => {
    const s = await scene();
    const one = `/api/content/${s.itemId}`;
    const bad = async (body: Record<string, unknown>, pattern: RegExp) => {
      const res = await s.creator.json(one, "PATCH", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json<{ error: string }>()).error).toMatch(pattern);
    };
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    await bad({ publish_at: at(-60_000) }, /publish_at: the time must be in the future/);
    await bad({ publish_at: at(400 * DAY_MS) }, /publish_at: the time must be within 365 days/);
    await bad({ publish_at: "2026-12-24T18:00" }, /publish_at must be a date and time with its offset/);
    await bad({ publish_at: "2026-13-45T99:00:00Z" }, /publish_at is not a valid date and time/);
    // Days and times the calendar does not have: refused, not moved to the next real one.
    for (const typo of [
      "2027-02-30T10:00:00Z",
      "2027-04-31T10:00:00Z",
      "2027-01-01T24:00:00Z",
      "2027-01-01T10:00:00+15:00",
    ])
      await bad({ publish_at: typo }, /publish_at is not a valid date and time/);
    await bad(
      { publish_at: at(DAY_MS), visibility: "public" },
      /^publish_at: a scheduled item is private until its time/,
    );
    await bad({ visibility: "secret" }, /visibility must be public, unlisted or private/);
    await bad({}, /Title is required/);
    // Nothing changed.
    expect(await row(s.itemId)).toMatchObject({ visibility: "public", publish_at: null });

    // An offset other than Z is read as meant, and stored in UTC.
    const inAnHour = new Date(Math.ceil((Date.now() + 3_600_000) / 1000) * 1000);
    const local = `${new Date(inAnHour.getTime() + 2 * 3_600_000).toISOString().slice(0, 19)}+02:00`;
    const scheduled = await s.set({ publish_at: local });
    expect(scheduled).toMatchObject({ visibility: "private", publish_at: inAnHour.toISOString() });
    // The text can change without touching the schedule; a title alone keeps it.
    expect(await s.set({ title: "Renamed" })).toMatchObject({ title: "Renamed", publish_at: inAnHour.toISOString() });
    // Cleared: private, unscheduled, and never published.
    expect(await s.set({ publish_at: null })).toMatchObject({ visibility: "private", publish_at: null });
    expect(await row(s.itemId)).toMatchObject({ visibility: "private", publish_at: null });

    // Finalize: the same checks, before anything is stored.
    const key = await uploadFixture(s.creator, "tiny.mp4");
    const past = await s.creator.json("/api/content/finalize", "POST", {
      r2_key: key,
      type: "video",
      title: "Late",
      publish_at: at(-1000),
    });
    expect(past.status).toBe(400);
    expect((await past.json<{ error: string }>()).error).toMatch(/publish_at: the time must be in the future/);
    const unlisted = await publishFixture(s.creator, "tiny.mp4", { visibility: "unlisted" });
    expect(await row(unlisted)).toMatchObject({ visibility: "unlisted", published_at: null });
  });
});

describe("a scheduled item", () => {
  it("is private until its time, then listed and told to followers once, before and after the cron, whatever it does after", async () => {
    const fan = await signedInBrowser(uniqueEmail("fan"));
    const creator = await signedInBrowser(uniqueEmail("creator"));
    const creatorId = await idOf(creator);
    expect((await fan.fetch(`/api/creators/${creatorId}/follow`, { method: "PUT" })).status).toBe(200);
    await sleep(5);
    const publishAt = new Date(Date.now() + 1500).toISOString();
    const id = await publishFixture(creator, "tiny.mp4", { title: "Premiere", publish_at: publishAt });
    expect(await row(id)).toMatchObject({ visibility: "private", publish_at: publishAt, published_at: publishAt });

    // Before its time: nowhere, for the follower and anyone else.
    expect(await ids(fan, "/api/content?limit=60")).not.toContain(id);
    expect(await ids(fan, "/api/me/following/uploads")).not.toContain(id);
    expect(await uploadLines(fan, id)).toEqual([]);
    expect((await fan.fetch(`/api/content/${id}`)).status).toBe(404);
    const own = await (await creator.fetch(`/api/content/${id}`)).json<ContentJson>();
    expect(own).toMatchObject({ visibility: "private", publish_at: publishAt, published_at: publishAt });

    // At its time, before any cron has run: public everywhere, told at its time.
    await sleep(Math.max(0, Date.parse(publishAt) - Date.now()) + 50);
    expect(await row(id)).toMatchObject({ visibility: "private" });
    expect(await ids(fan, "/api/content?limit=60")).toContain(id);
    expect(await ids(fan, "/api/me/following/uploads")).toContain(id);
    expect(await uploadLines(fan, id)).toMatchObject([{ at: publishAt, read: false }]);
    expect(await (await fan.fetch(`/api/content/${id}`)).json<ContentJson>()).toMatchObject({
      visibility: "public",
      published_at: publishAt,
    });

    // The cron writes it down once; a second run changes nothing.
    await publishDueItems({ ctx: { db: testDb() }, input: { now: nowIso() } });
    expect(await row(id)).toMatchObject({ visibility: "public", publish_at: null, published_at: publishAt });
    expect(await publishDueItems({ ctx: { db: testDb() }, input: { now: nowIso() } })).toBe(0);
    expect(await uploadLines(fan, id)).toMatchObject([{ at: publishAt, read: false }]);

    // Read, then private and public again: still one line, at its first time, still read.
    await fan.json("/api/me/notifications/read", "POST", { all: true });
    const set = (body: Record<string, unknown>) => creator.json(`/api/content/${id}`, "PATCH", body);
    expect((await set({ visibility: "private" })).status).toBe(200);
    expect(await uploadLines(fan, id)).toEqual([]);
    expect((await set({ visibility: "public" })).status).toBe(200);
    expect(await uploadLines(fan, id)).toMatchObject([{ at: publishAt, read: true }]);
    expect((await bell(fan)).unread).toBe(0);
  });

  it("can be published now, rescheduled or cleared by its creator; a new schedule moves the time it is told", async () => {
    const creator = await signedInBrowser(uniqueEmail("creator"));
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const first = at(DAY_MS);
    const id = await publishFixture(creator, "tiny.mp4", { publish_at: first });
    const patch = async (body: Record<string, unknown>) =>
      (await creator.json(`/api/content/${id}`, "PATCH", body)).json<ContentJson>();
    const later = at(2 * DAY_MS);
    expect(await patch({ publish_at: later })).toMatchObject({ publish_at: later, published_at: later });
    const now = await patch({ visibility: "public" });
    expect(now).toMatchObject({ visibility: "public", publish_at: null });
    expect(Date.parse(now.published_at!)).toBeLessThanOrEqual(Date.now());
    // Once published, a new schedule (private until then) keeps the first publication: followers were told.
    expect(await patch({ publish_at: first })).toMatchObject({
      visibility: "private",
      publish_at: first,
      published_at: now.published_at,
    });
  });
});

describe("money", () => {
  it("a view that qualified while the item was public is paid after the creator makes it private; visibility changes write no money", async () => {
    const creatorUser = await makeUser({ createdAt: LONG_AGO });
    const viewer = await makeUser({ createdAt: LONG_AGO });
    const creator = await signedInBrowser(creatorUser.email);
    const item = await makeContent(creatorUser.id);
    const moneyRows = async () =>
      (await env.DB.prepare(
        "select (select count(*) from earnings) + (select count(*) from reversals) + (select count(*) from bonuses) as n",
      ).first<{ n: number }>())!.n;
    const before = await moneyRows();
    for (const body of [
      { visibility: "unlisted" },
      { publish_at: new Date(Date.now() + DAY_MS).toISOString() },
      { visibility: "public" },
      { visibility: "private" },
    ]) {
      expect((await creator.json(`/api/content/${item.id}`, "PATCH", body)).status).toBe(200);
    }
    expect(await moneyRows()).toBe(before);

    // Real attention, before the item went private: settled by the usual rules.
    expect((await creator.json(`/api/content/${item.id}`, "PATCH", { visibility: "public" })).status).toBe(200);
    const view = await makeQualifiedView(viewer.id, item);
    expect((await creator.json(`/api/content/${item.id}`, "PATCH", { visibility: "private" })).status).toBe(200);
    await creditQualifiedViews(testDb(), nowIso(), 25, 100);
    const paid = await env.DB.prepare(
      "select user_id as userId, amount_micros as amount from earnings where view_id = ?1",
    )
      .bind(view)
      .all<{ userId: string; amount: number }>();
    expect(paid.results.map((r) => r.userId).sort()).toEqual([creatorUser.id, viewer.id].sort());
  });
});

describe("query plans (docs/decisions/094)", () => {
  const details = async (text: string, ...binds: unknown[]) =>
    (
      await env.DB.prepare(`explain query plan ${text}`)
        .bind(...binds)
        .all<{ detail: string }>()
    ).results
      .map((r) => r.detail)
      .join("\n");

  it("the bell's followed uploads and the following feed walk content_creator_published_idx per followed creator", async () => {
    const bellPlan = await details(FOLLOWED_UPLOADS_SQL, newId(), nowIso(), LONG_AGO);
    expect(bellPlan).toMatch(
      /SEARCH c USING INDEX content_creator_published_idx \(created_by=\? AND published_at>\? AND published_at<\?\)/,
    );
    expect(bellPlan).not.toMatch(/SCAN c\b/);
    const feed = await details(FOLLOWED_UPLOADS_PAGE_SQL, newId(), nowIso(), LONG_AGO, null, null, 21);
    expect(feed).toMatch(
      /SEARCH f USING (COVERING )?INDEX (sqlite_autoindex_follows_1|follows_\w+) \(follower_id=\?\)/,
    );
    expect(feed).toMatch(/SEARCH c2 USING INDEX content_creator_published_idx \(created_by=\?/);
    expect(feed).not.toMatch(/SCAN (c|c2)\b(?! USING)/);
  });

  it("the cron visits only scheduled items, on content_publish_due_idx", async () => {
    const plan = await details(PUBLISH_DUE_SQL, nowIso());
    expect(plan).toMatch(/SEARCH content USING INDEX content_publish_due_idx \(publish_at>\? AND publish_at<\?\)/);
  });
});

describe("a draft", () => {
  it("may be saved without a title, is private and never listed, and is published by a PATCH with a title and a visibility", async () => {
    const creator = await signedInBrowser(uniqueEmail("creator"));
    const member = await signedInBrowser(uniqueEmail("member"));
    const key = await uploadFixture(creator, "tiny.mp4");
    const saved = await creator.json("/api/content/finalize", "POST", {
      r2_key: key,
      type: "video",
      title: "",
      draft: true,
    });
    expect(saved.status, await saved.clone().text()).toBe(201);
    const { id } = await saved.json<{ id: string }>();
    expect(await row(id)).toMatchObject({ visibility: "private", publish_at: null, published_at: null });
    const mine = await (await creator.fetch("/api/content/mine")).json<ContentListResponse>();
    expect(mine.items.find((i) => i.id === id)).toMatchObject({ draft: true, visibility: "private", title: "" });
    expect((await member.fetch(`/api/content/${id}`)).status).toBe(404);
    expect(await ids(member, "/api/content?limit=60")).not.toContain(id);

    // A title alone keeps it a draft; a visibility without a title is refused; both publish it.
    const patch = (body: Record<string, unknown>) => creator.json(`/api/content/${id}`, "PATCH", body);
    const refused = await patch({ visibility: "public" });
    expect(refused.status).toBe(400);
    expect((await refused.json<{ error: string }>()).error).toMatch(/Title is required to publish a draft/);
    expect(await (await patch({ title: "Work in progress" })).json<ContentJson>()).toMatchObject({
      draft: true,
      visibility: "private",
    });
    const published = await (await patch({ title: "Finished", visibility: "public" })).json<ContentJson>();
    expect(published).toMatchObject({ draft: false, visibility: "public", title: "Finished" });
    expect(await ids(member, "/api/content?limit=60")).toContain(id);

    // Finalize: a draft takes no visibility or schedule, and anything else still needs a title.
    const key2 = await uploadFixture(creator, "tiny.mp4");
    for (const [body, pattern] of [
      [{ draft: true, visibility: "public" }, /a draft is private until it is published/],
      [{ title: "" }, /Title is required/],
      [{ draft: "yes" }, /draft must be true or false/],
    ] as const) {
      const res = await creator.json("/api/content/finalize", "POST", {
        r2_key: key2,
        type: "video",
        title: "",
        ...body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json<{ error: string }>()).error).toMatch(pattern);
    }
  });
});
