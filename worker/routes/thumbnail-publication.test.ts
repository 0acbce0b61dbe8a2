import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ContentJson } from "../../common/schemas/content";
import { findContent } from "../db/queries/content/content";
import { PUBLIC_COPY_CACHE_CONTROL } from "../domain/content/public-thumbnails";
import { testDb } from "../test/factories";
import { fixture } from "../test/fixtures";
import { Browser, signedInBrowser, uniqueEmail } from "../test/http";
import { publishFixture, uploadFixture } from "../test/uploads";
import { contentJson } from "./serializers/content";

// The public copies of thumbnails (docs/decisions/083), against the test runtime's real R2 (THUMBS) and D1: a
// visible item's current image is in the bucket under a key that changes with the image, a hidden or deleted
// item's is not, and an answer names the copy only when it is there.

const THUMBS_ORIGIN = "https://thumbs.reelpay.example";

const publicKeyOf = async (id: string) =>
  (await env.DB.prepare("select thumbnail_public_key as k from content where id = ?1").bind(id).first<{
    k: string | null;
  }>())!.k;
const copyBytes = async (key: string) => {
  const object = await env.THUMBS.get(key);
  return object ? new Uint8Array(await object.arrayBuffer()) : null;
};
const rowOf = async (id: string) => (await findContent(testDb(), id))!;

/** A creator's published video with thumb.jpg as its thumbnail, and the key of its public copy. */
async function publishedItem() {
  const creator = await signedInBrowser(uniqueEmail("creator"));
  const id = await publishFixture(creator, "tiny.mp4", { thumbnail_key: await uploadFixture(creator, "thumb.jpg") });
  const key = (await publicKeyOf(id))!;
  return { creator, id, key };
}

const adminAction = async (path: string, action: string) => {
  const admin = await signedInBrowser("admin@example.com");
  const res = await admin.json(`/api/admin/moderation/${path}`, "POST", { action, note: "Checked" });
  expect(res.status, await res.clone().text()).toBe(200);
};

describe("a visible item's thumbnail", () => {
  it("is copied to the public bucket when the item is published, under {id}/{image digest}.{ext}", async () => {
    const { id, key } = await publishedItem();
    expect(key).toMatch(new RegExp(`^${id}/[0-9a-z]+\\.jpg$`));
    const object = await env.THUMBS.get(key);
    expect(object!.httpMetadata?.contentType).toBe("image/jpeg");
    expect(object!.httpMetadata?.cacheControl).toBe(PUBLIC_COPY_CACHE_CONTROL);
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(fixture("thumb.jpg"));
  });

  it("is named on the public domain when THUMBS_ORIGIN is set, and on the Worker's route when it is not", async () => {
    const { id, key } = await publishedItem();
    const row = await rowOf(id);
    expect(contentJson(row, THUMBS_ORIGIN).thumbnail_url).toBe(`${THUMBS_ORIGIN}/${key}`);
    expect(contentJson(row, null).thumbnail_url).toMatch(new RegExp(`^/api/content/${id}/thumbnail\\?v=`));
    // What the API answers here (the tests leave THUMBS_ORIGIN empty, as wrangler.jsonc does): the route.
    const answered = await (await new Browser().fetch(`/api/content/${id}`)).json<ContentJson>();
    expect(answered.thumbnail_url).toBe(contentJson(row, null).thumbnail_url);
  });

  it("keeps its key when the text is edited, and a replaced image's copy replaces the old one", async () => {
    const { creator, id, key } = await publishedItem();
    const edit = { title: "New title", description: "", tags: [] };
    expect((await creator.json(`/api/content/${id}`, "PATCH", edit)).status).toBe(200);
    expect(await publicKeyOf(id)).toBe(key);

    const png = await uploadFixture(creator, "image.png", "image/png");
    expect((await creator.json(`/api/content/${id}/thumbnail`, "PATCH", { thumbnail_key: png })).status).toBe(200);
    const next = (await publicKeyOf(id))!;
    expect(next).not.toBe(key);
    expect(next).toMatch(/\.png$/);
    expect(await copyBytes(next)).toEqual(fixture("image.png"));
    expect(await copyBytes(key)).toBeNull();
    expect(contentJson(await rowOf(id), THUMBS_ORIGIN).thumbnail_url).toBe(`${THUMBS_ORIGIN}/${next}`);
  });
});

describe("a hidden or deleted item's thumbnail", () => {
  it("leaves the bucket with a takedown and comes back with a restore", async () => {
    const { id, key } = await publishedItem();
    await adminAction(`content/${id}`, "takedown");
    expect(await copyBytes(key)).toBeNull();
    expect(await publicKeyOf(id)).toBeNull();
    // Its creator and admins still see it: from the Worker's route, which serves them only.
    expect(contentJson(await rowOf(id), THUMBS_ORIGIN).thumbnail_url).toMatch(/^\/api\/content\//);

    await adminAction(`content/${id}`, "restore");
    expect(await publicKeyOf(id)).toBe(key);
    expect(await copyBytes(key)).toEqual(fixture("thumb.jpg"));
    expect(contentJson(await rowOf(id), THUMBS_ORIGIN).thumbnail_url).toBe(`${THUMBS_ORIGIN}/${key}`);
  });

  it("leaves the bucket with its creator's suspension and comes back with the reinstatement", async () => {
    const { creator, id, key } = await publishedItem();
    const other = await publishFixture(creator, "tiny.mp4", {
      thumbnail_key: await uploadFixture(creator, "image.png", "image/png"),
    });
    const otherKey = (await publicKeyOf(other))!;
    const creatorId = (await (await creator.fetch("/api/users/me")).json<{ id: string }>()).id;
    await adminAction(`users/${creatorId}`, "suspend");
    expect(await copyBytes(key)).toBeNull();
    expect(await copyBytes(otherKey)).toBeNull();
    expect(contentJson(await rowOf(id), THUMBS_ORIGIN).thumbnail_url).toMatch(/^\/api\/content\//);

    await adminAction(`users/${creatorId}`, "unsuspend");
    expect(await copyBytes(key)).toEqual(fixture("thumb.jpg"));
    expect(await copyBytes(otherKey)).toEqual(fixture("image.png"));
    expect(await publicKeyOf(other)).toBe(otherKey);
  });

  it("leaves the bucket when the item is deleted", async () => {
    const { creator, id, key } = await publishedItem();
    expect((await creator.fetch(`/api/content/${id}`, { method: "DELETE" })).status).toBe(200);
    expect(await copyBytes(key)).toBeNull();
    expect(await publicKeyOf(id)).toBeNull();
  });
});

describe("a copy that could not be written", () => {
  it("leaves pages on the Worker's route, whose next answer publishes the image", async () => {
    const { id, key } = await publishedItem();
    await adminAction(`content/${id}`, "takedown");
    // The restore's copy fails: the image it copies from is gone for a moment.
    const source = (await env.DB.prepare("select thumbnail_key as k from content where id = ?1").bind(id).first<{
      k: string;
    }>())!.k;
    const image = fixture("thumb.jpg");
    await env.MEDIA.delete(source);
    await adminAction(`content/${id}`, "restore");
    expect(await publicKeyOf(id)).toBeNull();
    expect(await copyBytes(key)).toBeNull();
    const url = contentJson(await rowOf(id), THUMBS_ORIGIN).thumbnail_url!;
    expect(url).toMatch(/^\/api\/content\//);

    // The image is back; the route serves it and publishes it once the answer is sent.
    await env.MEDIA.put(source, image, { httpMetadata: { contentType: "image/jpeg" } });
    const res = await new Browser().fetch(url);
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    for (let i = 0; i < 150 && (await publicKeyOf(id)) === null; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await publicKeyOf(id)).toBe(key);
    expect(await copyBytes(key)).toEqual(image);
    expect(contentJson(await rowOf(id), THUMBS_ORIGIN).thumbnail_url).toBe(`${THUMBS_ORIGIN}/${key}`);
  });
});
