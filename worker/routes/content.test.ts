import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ContentJson, ContentListResponse } from "../../common/schemas/content";
import { earnings } from "../db/schema";
import { newId } from "../lib/ids";
import { makeContent, makeUser, testDb } from "../test/factories";
import { Browser, signedInBrowser, uniqueEmail } from "../test/http";
import { publishFixture, uploadFixture } from "../test/uploads";

const me = async (b: Browser) => (await (await b.fetch("/api/users/me")).json<{ id: string }>()).id;
const list = async (b: Browser, qs: string) => {
  const res = await b.fetch(`/api/content?${qs}`);
  expect(res.status, qs).toBe(200);
  return res.json<ContentListResponse>();
};

describe("gallery and search", () => {
  it("pages through a creator's items newest first with no duplicates or gaps", async () => {
    const creator = await makeUser();
    const ids: string[] = [];
    // Several items share a timestamp: the id breaks ties, so pages never skip or repeat one.
    for (let i = 0; i < 9; i++) {
      const at = new Date(Date.UTC(2026, 0, 1 + Math.floor(i / 3))).toISOString();
      ids.push((await makeContent(creator.id, { createdAt: at, type: i % 2 ? "audio" : "video" })).id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ContentListResponse = await list(
        new Browser(),
        `creator=${creator.id}&limit=2${cursor ? `&cursor=${cursor}` : ""}`,
      );
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(9);
    expect(new Set(seen).size).toBe(9);
    expect([...seen].sort()).toEqual([...ids].sort());
    const videos = await list(new Browser(), `creator=${creator.id}&type=video&limit=60`);
    expect(videos.items.every((i) => i.type === "video")).toBe(true);
    expect(videos.items).toHaveLength(5);
  });

  it("finds by prefixes of title, description, tags and creator name, best match first", async () => {
    const word = `qx${Math.random().toString(36).slice(2, 7)}`;
    const creator = await makeUser({ username: `${word}chef` });
    const inTitle = await makeContent(creator.id, { title: `${word}glacier walk` });
    const inTags = await makeContent(creator.id, { title: "Other", tags: `${word}ramen,soup` });
    const inDescription = await makeContent(creator.id, { title: "Third", description: `about ${word}oceans` });
    const anon = new Browser();
    expect((await list(anon, `search=${word}glac`)).items.map((i) => i.id)).toEqual([inTitle.id]);
    expect((await list(anon, `search=${word}ram`)).items.map((i) => i.id)).toEqual([inTags.id]);
    expect((await list(anon, `search=${word}ocean`)).items.map((i) => i.id)).toEqual([inDescription.id]);
    const byCreator = await list(anon, `search=${word}che`);
    expect(byCreator.items.map((i) => i.id).sort()).toEqual([inTitle.id, inTags.id, inDescription.id].sort());
    // Paging through search results also has no duplicates.
    const first = await list(anon, `search=${word}che&limit=2`);
    const second = await list(anon, `search=${word}che&limit=2&cursor=${first.nextCursor}`);
    expect(new Set([...first.items, ...second.items].map((i) => i.id)).size).toBe(3);
    expect(second.nextCursor).toBeNull();
  });

  it("ranks by the column that holds the word (title, tags, creator, description), then newest, then word starts", async () => {
    const word = `qy${Math.random().toString(36).slice(2, 7)}`;
    const creator = await makeUser();
    const named = await makeUser({ username: word });
    // Created oldest first: inside a tier the newest comes first, so the column must outrank the age.
    const inTitle = await makeContent(creator.id, { title: `A ${word} walk` });
    const inDescription = await makeContent(creator.id, { title: "Other", description: `all about ${word}` });
    const byCreator = await makeContent(named.id, { title: "Plain" });
    const inTags = await makeContent(creator.id, { title: "Third", tags: `${word},soup` });
    const completion = await makeContent(creator.id, { title: `${word}longer words` });
    const newerInTitle = await makeContent(creator.id, { title: `${word} again`, description: word });
    const expected = [newerInTitle, inTitle, inTags, byCreator, inDescription, completion].map((i) => i.id);
    expect((await list(new Browser(), `search=${word}`)).items.map((i) => i.id)).toEqual(expected);
    // One row per page walks the same order across the tiers, with no duplicates or gaps.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ContentListResponse = await list(
        new Browser(),
        `search=${word}&limit=1${cursor ? `&cursor=${cursor}` : ""}`,
      );
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor && seen.length < 10);
    expect(seen).toEqual(expected);
    // Several words: every word must be found, all of them in the title ranks first; filters still apply.
    const both = await list(new Browser(), `search=${encodeURIComponent(`walk ${word}`)}`);
    expect(both.items.map((i) => i.id)).toEqual([inTitle.id]);
    expect((await list(new Browser(), `search=${word}&creator=${named.id}`)).items.map((i) => i.id)).toEqual([
      byCreator.id,
    ]);
  });

  const hostile = [
    '"',
    "*",
    "NEAR(a b)",
    "a OR b",
    "(",
    ")",
    "title:x",
    "🎬",
    "'; drop table content; --",
    "^",
    "-",
    'a"b',
    "x".repeat(200),
    "AND",
    "\\",
    "%",
    "ümlaut café",
    "  ",
  ];
  for (const text of hostile) {
    it(`answers any typed text safely: ${JSON.stringify(text.slice(0, 20))}`, async () => {
      const page = await list(new Browser(), `search=${encodeURIComponent(text)}`);
      expect(Array.isArray(page.items)).toBe(true);
    });
  }

  it("refuses bad query values with 400", async () => {
    for (const qs of [
      "type=movie",
      "limit=0",
      "limit=1000",
      "creator=nope",
      "cursor=%%%",
      `search=${"x".repeat(201)}`,
    ]) {
      expect((await new Browser().fetch(`/api/content?${qs}`)).status, qs).toBe(400);
    }
  });
});

describe("likes", () => {
  it("are idempotent both ways and show in the liked list", async () => {
    const creator = await makeUser();
    const item = await makeContent(creator.id);
    const viewer = await signedInBrowser(uniqueEmail());
    for (let i = 0; i < 2; i++) {
      const res = await viewer.fetch(`/api/content/${item.id}/like`, { method: "POST" });
      expect(await res.json()).toEqual({ liked: true, like_count: 1 });
    }
    expect(await (await viewer.fetch(`/api/content/${item.id}/like-status`)).json()).toEqual({
      liked: true,
      like_count: 1,
    });
    const liked = await (await viewer.fetch("/api/content/liked")).json<ContentListResponse>();
    expect(liked.items.map((i) => i.id)).toEqual([item.id]);
    for (let i = 0; i < 2; i++) {
      const res = await viewer.fetch(`/api/content/${item.id}/like`, { method: "DELETE" });
      expect(await res.json()).toEqual({ liked: false, like_count: 0 });
    }
    expect((await viewer.fetch("/api/content/01ARZ3NDEKTSV4RRFFQ69G5FAV/like", { method: "POST" })).status).toBe(404);
  });
});

describe("changes by the creator", () => {
  it("lets the creator and admins edit, others get 403, bad values 400", async () => {
    const creator = await signedInBrowser(uniqueEmail());
    const item = await makeContent(await me(creator));
    const edit = { title: "New title", description: "New words", tags: ["a", "b"] };
    const res = await creator.json(`/api/content/${item.id}`, "PATCH", edit);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ title: "New title", description: "New words", tags: "a,b" });
    const other = await signedInBrowser(uniqueEmail());
    expect((await other.json(`/api/content/${item.id}`, "PATCH", edit)).status).toBe(403);
    const admin = await signedInBrowser("admin@example.com");
    expect((await admin.json(`/api/content/${item.id}`, "PATCH", { ...edit, title: "By admin" })).status).toBe(200);
    expect((await creator.json(`/api/content/${item.id}`, "PATCH", { ...edit, title: "" })).status).toBe(400);
    expect((await creator.json("/api/content/01ARZ3NDEKTSV4RRFFQ69G5FAV", "PATCH", edit)).status).toBe(404);
  });

  it("replaces the thumbnail with an uploaded image and removes the old one", async () => {
    const creator = await signedInBrowser(uniqueEmail());
    const first = await uploadFixture(creator, "thumb.jpg");
    const id = await publishFixture(creator, "tiny.mp4", { thumbnail_key: first });
    const second = await uploadFixture(creator, "thumb.jpg");
    const res = await creator.json(`/api/content/${id}/thumbnail`, "PATCH", { thumbnail_key: second });
    expect(res.status).toBe(200);
    expect((await res.json<ContentJson>()).thumbnail_key).toBe(second);
    expect(await env.MEDIA.head(first)).toBeNull();
    const current = (await (await new Browser().fetch(`/api/content/${id}`)).json<ContentJson>()).thumbnail_url!;
    const img = await new Browser().fetch(current);
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/jpeg");
    await img.arrayBuffer();
    expect(
      (await new Browser().fetch(current, { headers: { "if-none-match": img.headers.get("etag")! } })).status,
    ).toBe(304);
    // A video file is not a thumbnail.
    const video = await uploadFixture(creator, "tiny.mp4");
    expect((await creator.json(`/api/content/${id}/thumbnail`, "PATCH", { thumbnail_key: video })).status).toBe(400);
  });

  it("lets browsers keep a thumbnail for a year only at its current version's address", async () => {
    const creator = await signedInBrowser(uniqueEmail());
    const id = await publishFixture(creator, "tiny.mp4", { thumbnail_key: await uploadFixture(creator, "thumb.jpg") });
    const before = (await (await new Browser().fetch(`/api/content/${id}`)).json<ContentJson>()).thumbnail_url!;
    const answer = async (url: string) => {
      const res = await new Browser().fetch(url);
      await res.arrayBuffer();
      return { status: res.status, cache: res.headers.get("cache-control"), location: res.headers.get("location") };
    };
    const immutable = { status: 200, cache: "public, max-age=31536000, immutable", location: null };
    expect(await answer(before)).toEqual(immutable);
    // Any other address is sent to the current one (docs/decisions/074).
    const redirect = { status: 302, cache: "public, max-age=60", location: before };
    expect(await answer(`/api/content/${id}/thumbnail`)).toEqual(redirect);
    // A new image is a new version: the old address is no longer the one to keep.
    const res = await creator.json(`/api/content/${id}/thumbnail`, "PATCH", {
      thumbnail_key: await uploadFixture(creator, "thumb.jpg"),
    });
    const after = (await res.json<ContentJson>()).thumbnail_url!;
    expect(after).not.toBe(before);
    expect(await answer(before)).toEqual({ ...redirect, location: after });
    expect(await answer(after)).toEqual(immutable);
  });

  it("deletes the content (a tombstone: docs/decisions/028) without touching anyone's earnings; its media waits for the cron", async () => {
    const creator = await signedInBrowser(uniqueEmail());
    const thumb = await uploadFixture(creator, "thumb.jpg");
    const id = await publishFixture(creator, "tiny.mp4", { thumbnail_key: thumb });
    const item = await (await creator.fetch(`/api/content/${id}`)).json<ContentJson>();
    const earningId = newId();
    await testDb().insert(earnings).values({
      id: earningId,
      userId: item.created_by,
      kind: "creator",
      viewId: newId(),
      contentId: id,
      amountMicros: 3000,
      createdAt: item.created_at,
    });
    const other = await signedInBrowser(uniqueEmail());
    expect((await other.fetch(`/api/content/${id}`, { method: "DELETE" })).status).toBe(403);
    expect((await creator.fetch(`/api/content/${id}`, { method: "DELETE" })).status).toBe(200);
    expect((await creator.fetch(`/api/content/${id}`)).status).toBe(404);
    // The objects stay for the grace period (worker/routes/content-delete.test.ts follows them to the purge).
    expect(await env.MEDIA.head(item.r2_key)).not.toBeNull();
    expect(await env.MEDIA.head(thumb)).not.toBeNull();
    const kept = await env.DB.prepare("select amount_micros from earnings where id = ?").bind(earningId).first();
    expect(kept).toEqual({ amount_micros: 3000 });
  });
});

describe("creator page data", () => {
  it("counts a creator's videos and audio", async () => {
    const creator = await makeUser({ username: null });
    await makeContent(creator.id, { type: "video" });
    await makeContent(creator.id, { type: "audio" });
    await makeContent(creator.id, { type: "audio" });
    const res = await new Browser().fetch(`/api/users/${creator.id}`);
    expect(await res.json()).toMatchObject({
      video_count: 1,
      audio_count: 2,
      display_name: `Member ${creator.id.slice(-6)}`,
    });
  });
});

describe("an item's text under the one rule for what members type (docs/decisions/106)", () => {
  it("refuses broken, invisible and multi-line titles and broken descriptions in words, and stores nothing", async () => {
    const creator = await signedInBrowser(uniqueEmail());
    const item = await makeContent(await me(creator), { title: "Northern Lights" });
    for (const [body, error] of [
      [{ title: "Northern \ud800 Lights" }, "title: Title contains characters that cannot be shown"],
      [
        { title: "Northern Lights", description: "Night\u0000sky" },
        "description: Description contains characters that cannot be shown",
      ],
      [{ title: "\u200b\u200b" }, "title: Title is required"],
      [{ title: "Northern\nLights" }, "title: Title must be on one line"],
      [{ title: "x".repeat(101) + "😀".repeat(50) }, "title: Title must be at most 200 characters"],
      [{ tags: ["sky", "bad\u0000tag"] }, "tags: Tags contain characters that cannot be shown"],
      [{}, "Title is required, or a description, tags, visibility or publish_at to change"],
    ] as const) {
      const res = await creator.json(`/api/content/${item.id}`, "PATCH", body);
      expect(res.status, error).toBe(400);
      expect(await res.json()).toMatchObject({ error, code: "invalid_input" });
    }
    const after = await (await creator.fetch(`/api/content/${item.id}`)).json<ContentJson>();
    expect(after.title).toBe("Northern Lights");
  });

  it("changes what a PATCH names: tags or a description alone, with or without a visibility; the title stays", async () => {
    const creator = await signedInBrowser(uniqueEmail());
    const item = await makeContent(await me(creator), { title: "Northern Lights" });
    const patch = async (body: Record<string, unknown>) => {
      const res = await creator.json(`/api/content/${item.id}`, "PATCH", body);
      expect(res.status, await res.clone().text()).toBe(200);
      return res.json<ContentJson>();
    };
    await patch({ title: "Northern Lights", description: "Over the fjord", tags: ["night"] });
    expect(await patch({ tags: "synthwave,travel,sunset", visibility: "public" })).toMatchObject({
      title: "Northern Lights",
      description: "Over the fjord",
      tags: "synthwave,travel,sunset",
      visibility: "public",
    });
    expect(await patch({ description: "Shot in Tromsø 🌌" })).toMatchObject({
      title: "Northern Lights",
      description: "Shot in Tromsø 🌌",
      tags: "synthwave,travel,sunset",
    });
    expect(await patch({ title: "Aurora" })).toMatchObject({ title: "Aurora", description: "Shot in Tromsø 🌌" });
    expect(await patch({ description: "", tags: [] })).toMatchObject({ title: "Aurora", description: "", tags: "" });
  });

  it("keeps good text as typed: emoji up to the limit, accents, CJK, right-to-left letters, HTML", async () => {
    const creator = await signedInBrowser(uniqueEmail());
    const item = await makeContent(await me(creator));
    for (const title of ["😀".repeat(100), "Crème brûlée à 北極光", "שלום עולם مرحبا", "<b>Bold</b> & <i>x</i>"]) {
      const description = `${title}\nSecond line\twith a tab`;
      const res = await creator.json(`/api/content/${item.id}`, "PATCH", {
        title,
        description,
        tags: [title.slice(0, 10)],
      });
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await res.json()).toMatchObject({ title, description });
    }
  });
});
