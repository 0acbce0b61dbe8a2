import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ContentJson } from "../../common/schemas/content";
import { fixture } from "../test/fixtures";
import { Browser, signedInBrowser, uniqueEmail } from "../test/http";
import { publishFixture, uploadFixture } from "../test/uploads";

// Thumbnails from the edge cache (docs/decisions/074), against the test runtime's own Cache API (the worker and
// these tests share one isolate, so `caches.default` here is the one the route fills). A hit must need neither D1
// nor R2: the tests take both away after the first answer. Copies are put and dropped after the response
// (waitUntil), so the tests wait for the cache to change before they look.

const ORIGIN = "http://localhost";
const IMMUTABLE = "public, max-age=31536000, immutable";

/** The response the cache holds for an address (its body left unread), or undefined. */
async function cachedAt(url: string) {
  const hit = await caches.default.match(`${ORIGIN}${url}`);
  await hit?.body?.cancel();
  return hit;
}

/** Waits (up to 3 s) until the cache holds, or no longer holds, a copy at the address. */
async function untilCached(url: string, wanted: boolean) {
  for (let i = 0; i < 150; i++) {
    if (Boolean(await cachedAt(url)) === wanted) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${url} was ${wanted ? "never put in" : "never dropped from"} the cache`);
}

const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());
const itemOf = async (b: Browser, id: string) => (await b.fetch(`/api/content/${id}`)).json<ContentJson>();
const dbThumbnailKey = async (id: string) =>
  (await env.DB.prepare("select thumbnail_key as k from content where id = ?1").bind(id).first<{ k: string }>())!.k;

/** A creator's published video with thumb.jpg as its thumbnail, and its current thumbnail address. */
async function publishedItem() {
  const creator = await signedInBrowser(uniqueEmail("creator"));
  const id = await publishFixture(creator, "tiny.mp4", { thumbnail_key: await uploadFixture(creator, "thumb.jpg") });
  const url = (await itemOf(new Browser(), id)).thumbnail_url!;
  return { creator, id, url };
}

/** GET of the address: the image, answered immutable; then waits until this colo's cache holds it. */
async function fetchAndCache(b: Browser, url: string) {
  const res = await b.fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe(IMMUTABLE);
  const body = await bytesOf(res);
  await untilCached(url, true);
  return body;
}

const adminAction = async (path: string, action: string) => {
  const admin = await signedInBrowser("admin@example.com");
  const res = await admin.json(`/api/admin/moderation/${path}`, "POST", { action, note: "Checked" });
  expect(res.status, await res.clone().text()).toBe(200);
};

describe("a thumbnail at its current version", () => {
  it("is answered from the cache a second time: no D1 row and no R2 object needed", async () => {
    const { id, url } = await publishedItem();
    const member = await signedInBrowser(uniqueEmail("member"));
    const first = await fetchAndCache(member, url);
    expect(first).toEqual(fixture("thumb.jpg"));
    const stored = await cachedAt(url);
    expect(stored!.headers.get("cache-control")).toContain("s-maxage=86400");

    // Take away what a miss would read: the R2 object, and the row's thumbnail (a miss would answer 404).
    const key = await dbThumbnailKey(id);
    await env.MEDIA.delete(key);
    await env.DB.prepare("update content set thumbnail_key = null where id = ?1").bind(id).run();

    for (const b of [member, new Browser()]) {
      const hit = await b.fetch(url);
      expect(hit.status).toBe(200);
      expect(hit.headers.get("cache-control")).toBe(IMMUTABLE);
      expect(hit.headers.get("content-type")).toBe("image/jpeg");
      expect(hit.headers.get("x-content-type-options")).toBe("nosniff");
      expect(await bytesOf(hit)).toEqual(first);
    }
    // The cache answers validators and ranges too.
    const etag = stored!.headers.get("etag")!;
    expect((await member.fetch(url, { headers: { "if-none-match": etag } })).status).toBe(304);
    const range = await member.fetch(url, { headers: { range: "bytes=0-9" } });
    expect(range.status).toBe(206);
    expect(await bytesOf(range)).toEqual(first.slice(0, 10));
    // An address with other parameters is the same copy, not a new entry.
    const extra = await member.fetch(`${url}&x=1`);
    expect(await bytesOf(extra)).toEqual(first);
  });

  it("is sent to the current address when its version is missing or stale, and nothing is cached there", async () => {
    const { id, url } = await publishedItem();
    for (const asked of [`/api/content/${id}/thumbnail`, `/api/content/${id}/thumbnail?v=1-stale`]) {
      const res = await new Browser().fetch(asked);
      expect(res.status, asked).toBe(302);
      expect(res.headers.get("location")).toBe(url);
      expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    }
    await fetchAndCache(new Browser(), url);
    expect(await cachedAt(`/api/content/${id}/thumbnail?v=1-stale`)).toBeUndefined();
  });
});

describe("a changed thumbnail", () => {
  it("has a new address when replaced, and the old one no longer answers the old image from the cache", async () => {
    const { creator, id, url } = await publishedItem();
    const viewer = new Browser();
    await fetchAndCache(viewer, url);

    const png = await uploadFixture(creator, "image.png", "image/png");
    const res = await creator.json(`/api/content/${id}/thumbnail`, "PATCH", { thumbnail_key: png });
    expect(res.status).toBe(200);
    const next = (await res.json<ContentJson>()).thumbnail_url!;
    expect(next).not.toBe(url);
    expect((await itemOf(viewer, id)).thumbnail_url).toBe(next);

    await untilCached(url, false);
    const old = await viewer.fetch(url);
    expect(old.status).toBe(302);
    expect(old.headers.get("location")).toBe(next);
    const image = await fetchAndCache(viewer, next);
    expect(image).toEqual(fixture("image.png"));
  });

  it("an edit of the item's text gives a new address too", async () => {
    const { creator, id, url } = await publishedItem();
    const edit = { title: "Renamed", description: "", tags: [] };
    expect((await creator.json(`/api/content/${id}`, "PATCH", edit)).status).toBe(200);
    const next = (await itemOf(new Browser(), id)).thumbnail_url!;
    expect(next).not.toBe(url);
    expect((await new Browser().fetch(url)).headers.get("location")).toBe(next);
  });
});

describe("a hidden or deleted item's thumbnail", () => {
  it("taken down: dropped from the cache, 404 to members, never cached for its creator; restored: the public address again", async () => {
    const { creator, id, url } = await publishedItem();
    const member = await signedInBrowser(uniqueEmail("member"));
    await fetchAndCache(member, url);

    await adminAction(`content/${id}`, "takedown");
    await untilCached(url, false);
    expect((await member.fetch(url)).status).toBe(404);
    expect((await new Browser().fetch(url)).status).toBe(404);

    // Its creator still sees it, at a version of its own, and every answer stays out of caches.
    const hiddenUrl = (await itemOf(creator, id)).thumbnail_url!;
    expect(hiddenUrl).not.toBe(url);
    for (const asked of [hiddenUrl, url]) {
      const own = await creator.fetch(asked);
      expect(own.status).toBe(200);
      expect(own.headers.get("cache-control")).toBe("private, no-store");
      await own.arrayBuffer();
    }
    // A public item's copy lands meanwhile: by then the hidden one's would have too, had it been put.
    const marker = await publishedItem();
    await fetchAndCache(new Browser(), marker.url);
    expect(await cachedAt(hiddenUrl)).toBeUndefined();
    expect(await cachedAt(url)).toBeUndefined();

    await adminAction(`content/${id}`, "restore");
    expect((await itemOf(member, id)).thumbnail_url).toBe(url);
    await fetchAndCache(member, url);
  });

  it("of a suspended creator: dropped from the cache and 404 to members", async () => {
    const { creator, url } = await publishedItem();
    const creatorId = (await (await creator.fetch("/api/users/me")).json<{ id: string }>()).id;
    await fetchAndCache(new Browser(), url);
    await adminAction(`users/${creatorId}`, "suspend");
    await untilCached(url, false);
    expect((await new Browser().fetch(url)).status).toBe(404);
    await adminAction(`users/${creatorId}`, "unsuspend");
    const back = await new Browser().fetch(url);
    expect(back.status).toBe(200);
    await back.arrayBuffer();
  });

  it("deleted: dropped from the cache and 404 to everyone", async () => {
    const { creator, id, url } = await publishedItem();
    await fetchAndCache(new Browser(), url);
    expect((await creator.fetch(`/api/content/${id}`, { method: "DELETE" })).status).toBe(200);
    await untilCached(url, false);
    for (const b of [new Browser(), creator]) expect((await b.fetch(url)).status).toBe(404);
  });
});
