import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ContentJson, ContentListResponse } from "../../common/schemas/content";
import type { RecommendationsResponse, SuggestionsResponse } from "../../common/schemas/recommendations";
import { contentPageSql, type ListParams } from "../db/queries/content/content";
import { likes } from "../db/schema";
import { newId } from "../lib/ids";
import { nowIso } from "../lib/time";
import { makeContent, makeUser, testDb } from "../test/factories";
import { Browser, signedInBrowser, uniqueEmail } from "../test/http";
import { suspend, takeDown } from "../test/moderation";
import { uploadFixture, publishFixture } from "../test/uploads";

// Who sees a hidden item where (docs/decisions/027): taken down, or its creator suspended, it is listed
// nowhere (for anyone), and answers 404 by id to everyone but its creator and admins.

const idOf = async (b: Browser) => (await (await b.fetch("/api/users/me")).json<{ id: string }>()).id;
const ids = async (b: Browser, path: string) => {
  const res = await b.fetch(path);
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  const body = await res.json<ContentListResponse & Partial<RecommendationsResponse & SuggestionsResponse>>();
  return (body.items ?? body.suggestions ?? []).map((i) => i.id);
};

async function like(userId: string, ...contentIds: string[]) {
  for (const contentId of contentIds) await testDb().insert(likes).values({ userId, contentId, createdAt: nowIso() });
}

/** A creator with a real item (media and thumbnail) and a visible sibling sharing its words, liked together. */
async function scene() {
  const word = `mv${Math.random().toString(36).slice(2, 8)}`;
  const creator = await signedInBrowser(uniqueEmail("creator"));
  const creatorId = await idOf(creator);
  const thumb = await uploadFixture(creator, "thumb.jpg");
  const hiddenId = await publishFixture(creator, "tiny.mp4", {
    title: `${word} reel`,
    tags: [word],
    thumbnail_key: thumb,
  });
  // The sibling belongs to another creator, so suspending the first leaves it visible.
  const other = await makeUser({ username: `${word}other` });
  const sibling = await makeContent(other.id, { title: `${word} sibling`, tags: word });
  const member = await signedInBrowser(uniqueEmail("member"));
  const memberId = await idOf(member);
  const admin = await signedInBrowser("admin@example.com");
  // Popular together: several people liked both, and the member liked both (their liked list, their taste).
  for (let i = 0; i < 3; i++) await like((await makeUser()).id, hiddenId, sibling.id);
  await like(memberId, hiddenId, sibling.id);
  await like(await idOf(admin), hiddenId);
  return { word, creator, creatorId, hiddenId, sibling, member, admin, anonymous: new Browser() };
}
type Scene = Awaited<ReturnType<typeof scene>>;

/** Every list surface, per caller: the hidden item is in none of them, the sibling still is where it was. */
async function expectListedNowhere(s: Scene) {
  const callers = { anonymous: s.anonymous, member: s.member, creator: s.creator, admin: s.admin };
  for (const [who, b] of Object.entries(callers)) {
    const label = (surface: string) => `${surface} for ${who}`;
    expect(await ids(b, "/api/content?limit=60"), label("gallery")).not.toContain(s.hiddenId);
    const search = await ids(b, `/api/content?search=${s.word}`);
    expect(search, label("search")).not.toContain(s.hiddenId);
    expect(search, label("search")).toContain(s.sibling.id);
    expect(await ids(b, `/api/content?creator=${s.creatorId}`), label("creator page")).toEqual([]);
    const card = await (await b.fetch(`/api/users/${s.creatorId}`)).json<{ video_count: number }>();
    expect(card.video_count, label("creator page counts")).toBe(0);
    if (b === s.anonymous) continue;
    expect(await ids(b, "/api/content/liked"), label("liked")).not.toContain(s.hiddenId);
    expect(await ids(b, "/api/content/recommendations?limit=50"), label("recommendations")).not.toContain(s.hiddenId);
    expect(await ids(b, `/api/content/${s.sibling.id}/suggestions?limit=20`), label("Up Next")).not.toContain(
      s.hiddenId,
    );
  }
  expect(await ids(s.member, "/api/content/liked")).toContain(s.sibling.id);
}

/** By id: 404 to others, open to its creator and admins (who see the moderation state). */
async function expectOpenOnlyToCreatorAndAdmins(s: Scene, removed: boolean) {
  const one = `/api/content/${s.hiddenId}`;
  for (const b of [s.anonymous, s.member]) {
    expect((await b.fetch(one)).status).toBe(404);
    expect((await b.fetch(`${one}/thumbnail`)).status).toBe(404);
  }
  expect((await s.anonymous.fetch(`${one}/stream`)).status).toBe(401);
  expect((await s.member.fetch(`${one}/stream`)).status).toBe(404);
  expect((await s.member.fetch(`${one}/suggestions`)).status).toBe(404);
  const start = {
    content_id: s.hiddenId,
    event_type: "start",
    second_mark: 0,
    discovery_method: "browse",
    device_fingerprint: "fp",
  };
  expect((await s.member.json("/api/playback-events", "POST", start)).status).toBe(404);
  expect((await s.member.fetch(`${one}/like`, { method: "POST" })).status).toBe(404);
  for (const b of [s.creator, s.admin]) {
    const res = await b.fetch(one);
    expect(res.status).toBe(200);
    const item = await res.json<ContentJson>();
    expect(item.removed).toBe(removed);
    expect(item.removed_note).toBe(removed ? "Removed for spam" : null);
    const stream = await b.fetch(`${one}/stream`);
    expect(stream.status).toBe(200);
    await stream.arrayBuffer();
    const thumb = await b.fetch(`${one}/thumbnail`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("cache-control")).toBe("private, no-store");
    await thumb.arrayBuffer();
    expect((await b.fetch(`${one}/suggestions`)).status).toBe(200);
  }
  // The creator's views of their own item never pay anyway; playing it is allowed.
  expect((await s.creator.json("/api/playback-events", "POST", start)).status).toBe(201);
  // Other members never see the moderation fields.
  const sibling = await (await s.member.fetch(`/api/content/${s.sibling.id}`)).json<ContentJson>();
  expect(sibling).not.toHaveProperty("removed");
}

async function expectVisibleToAll(s: Scene) {
  for (const b of [s.anonymous, s.member]) expect((await b.fetch(`/api/content/${s.hiddenId}`)).status).toBe(200);
  expect(await ids(s.anonymous, `/api/content?search=${s.word}`)).toContain(s.hiddenId);
  expect(await ids(s.anonymous, `/api/content?creator=${s.creatorId}`)).toEqual([s.hiddenId]);
  expect(await ids(s.member, "/api/content/liked")).toContain(s.hiddenId);
  // Its thumbnail at the address the item names is the public one: immutable (docs/decisions/074).
  const { thumbnail_url } = await (await s.anonymous.fetch(`/api/content/${s.hiddenId}`)).json<ContentJson>();
  const thumb = await s.anonymous.fetch(thumbnail_url!);
  expect(thumb.status).toBe(200);
  expect(thumb.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  await thumb.arrayBuffer();
}

describe("a taken-down item", () => {
  it("disappears from every list for everyone, answers 404 to others, and stays open to its creator and admins", async () => {
    const s = await scene();
    await expectVisibleToAll(s);
    // The surfaces the hidden item must leave do show it first (so the checks below mean something).
    expect(await ids(s.member, "/api/content/recommendations?limit=50")).toContain(s.hiddenId);
    expect(await ids(s.member, `/api/content/${s.sibling.id}/suggestions?limit=20`)).toContain(s.hiddenId);

    await takeDown(s.hiddenId);
    await expectListedNowhere(s);
    await expectOpenOnlyToCreatorAndAdmins(s, true);
    // My Content: the creator sees it, marked, with the moderators' note.
    const mine = await (await s.creator.fetch("/api/content/mine")).json<ContentListResponse>();
    expect(mine.items.find((i) => i.id === s.hiddenId)).toMatchObject({
      removed: true,
      removed_note: "Removed for spam",
    });

    // Restored: visible again everywhere; My Content no longer marks it.
    const restore = await s.admin.json(`/api/admin/moderation/content/${s.hiddenId}`, "POST", {
      action: "restore",
      note: "Appeal accepted",
    });
    expect(restore.status).toBe(200);
    await expectVisibleToAll(s);
    const after = await (await s.creator.fetch("/api/content/mine")).json<ContentListResponse>();
    expect(after.items.find((i) => i.id === s.hiddenId)).toMatchObject({ removed: false, removed_note: null });
  });
});

describe("a suspended creator's items", () => {
  it("disappear from every list and answer 404 to others until the suspension is lifted", async () => {
    const s = await scene();
    await suspend(s.creatorId);
    await expectListedNowhere(s);
    await expectOpenOnlyToCreatorAndAdmins(s, false);
    const unsuspend = await s.admin.json(`/api/admin/moderation/users/${s.creatorId}`, "POST", {
      action: "unsuspend",
      note: "",
    });
    expect(unsuspend.status).toBe(200);
    await expectVisibleToAll(s);
  });
});

describe("the visibility predicate keeps the gallery and search on their indexes", () => {
  const planOf = async (p: ListParams) =>
    (await testDb().all<{ detail: string }>(sql`explain query plan ${contentPageSql(p)!}`))
      .map((r) => r.detail)
      .join("\n");
  const noScan = (plan: string) => expect(plan).not.toMatch(/SCAN (c|u|su|content|users)\b(?! USING)/);

  it("browses newest published first by content_published_idx, per type and per creator by theirs, with no sort", async () => {
    const cursor = { key: nowIso(), id: newId() };
    for (const [p, index] of [
      [{ limit: 20 }, "content_published_idx"],
      [{ limit: 20, after: cursor }, "content_published_idx"],
      [{ limit: 20, type: "audio" }, "content_type_published_idx"],
      [{ limit: 20, creator: newId() }, "content_creator_published_idx"],
    ] as [ListParams, string][]) {
      const plan = await planOf(p);
      expect(plan).toContain(`USING INDEX ${index}`);
      expect(plan).not.toContain("TEMP B-TREE");
      noScan(plan);
    }
  });

  it("searches by the FTS index, checking each match's item and creator by primary key", async () => {
    const plan = await planOf({ limit: 20, match: { whole: '"abc"', prefix: '"abc"*' } });
    expect(plan).toContain("VIRTUAL TABLE INDEX");
    expect(plan).toContain("SEARCH c USING INTEGER PRIMARY KEY (rowid=?)");
    expect(plan).toContain("SEARCH su USING INDEX sqlite_autoindex_users_1 (id=?)");
    noScan(plan);
  });
});
