import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ContentJson } from "../../common/schemas/content";
import { MiB } from "../domain/uploads/limits";
import { fixture } from "../test/fixtures";
import { signedInBrowser, uniqueEmail } from "../test/http";
import { bigMp4, publishFixture, signUpload, uploadFixture } from "../test/uploads";

describe("single uploads", () => {
  it("uploads, finalizes with the duration read from the file, and lists the new video", async () => {
    const ava = await signedInBrowser(uniqueEmail("ava"));
    const thumb = await uploadFixture(ava, "thumb.jpg");
    const id = await publishFixture(ava, "tiny.mp4", {
      title: "  Tiny clip ",
      description: "three seconds",
      tags: ["one", " two ", "", "One"],
      thumbnail_key: thumb,
    });
    const item = await (await ava.fetch(`/api/content/${id}`)).json<ContentJson>();
    expect(item).toMatchObject({ title: "Tiny clip", type: "video", tags: "one,two", description: "three seconds" });
    expect(item.duration).toBeCloseTo(3, 1);
    expect(item.thumbnail_url).toMatch(new RegExp(`^/api/content/${id}/thumbnail\\?v=`));
    const mine = await (await ava.fetch("/api/content/mine")).json<{ items: ContentJson[] }>();
    expect(mine.items.map((i) => i.id)).toEqual([id]);
  });

  it("reads an MP3's duration", async () => {
    const ben = await signedInBrowser(uniqueEmail("ben"));
    const id = await publishFixture(ben, "tiny.mp3");
    const item = await (await ben.fetch(`/api/content/${id}`)).json<ContentJson>();
    expect(item.type).toBe("audio");
    expect(item.duration).toBeGreaterThan(2.9);
    expect(item.duration).toBeLessThan(3.2);
  });

  it("refuses a file whose bytes are not what it claims (415) and keeps nothing", async () => {
    const user = await signedInBrowser(uniqueEmail());
    const bytes = fixture("not-media.mp4");
    const signed = await signUpload(user, "fake.mp4", "video/mp4", bytes.byteLength);
    const put = await user.fetch(signed.uploadUrl, {
      method: "PUT",
      body: bytes,
      headers: { "content-type": "video/mp4" },
    });
    expect(put.status).toBe(415);
    expect(await env.MEDIA.head(signed.key)).toBeNull();
    // An MP3 signed as a video is refused the same way.
    const mp3 = fixture("tiny.mp3");
    const asVideo = await signUpload(user, "x.mp4", "video/mp4", mp3.byteLength);
    expect(
      (await user.fetch(asVideo.uploadUrl, { method: "PUT", body: mp3, headers: { "content-type": "video/mp4" } }))
        .status,
    ).toBe(415);
  });

  it("refuses sizes over the limits and bodies larger than signed", async () => {
    const user = await signedInBrowser(uniqueEmail());
    const big = await user.json("/api/uploads/sign", "POST", {
      filename: "x.mp4",
      contentType: "video/mp4",
      fileSize: 2 * 1024 * MiB + 1,
    });
    expect(big.status).toBe(413);
    const bigImage = await user.json("/api/uploads/sign", "POST", {
      filename: "x.jpg",
      contentType: "image/jpeg",
      fileSize: 10 * MiB + 1,
    });
    expect(bigImage.status).toBe(413);
    const exe = await user.json("/api/uploads/sign", "POST", {
      filename: "x.exe",
      contentType: "application/x-msdownload",
      fileSize: 10,
    });
    expect(exe.status).toBe(415);
    const bytes = fixture("tiny.mp4");
    const signed = await signUpload(user, "tiny.mp4", "video/mp4", bytes.byteLength - 10);
    const put = await user.fetch(signed.uploadUrl, {
      method: "PUT",
      body: bytes,
      headers: { "content-type": "video/mp4" },
    });
    expect(put.status).toBe(413);
    expect(await env.MEDIA.head(signed.key)).toBeNull();
  });

  // Security read (docs/decisions/017): names of Object.prototype members once reached a plain-object lookup and answered 500.
  it("refuses content types that are not MIME types, prototype names included, with a 400 naming contentType", async () => {
    const user = await signedInBrowser(uniqueEmail());
    for (const contentType of ["constructor", "__proto__", "toString", "hasOwnProperty", "video", "video/mp4 extra"]) {
      const res = await user.json("/api/uploads/sign", "POST", { filename: "x.mp4", contentType, fileSize: 10 });
      expect(res.status, contentType).toBe(400);
      expect((await res.json<{ error: string }>()).error).toMatch(/^contentType: /);
    }
  });

  it("binds the upload URL to the user who signed it", async () => {
    const owner = await signedInBrowser(uniqueEmail());
    const thief = await signedInBrowser(uniqueEmail());
    const bytes = fixture("tiny.mp4");
    const signed = await signUpload(owner, "tiny.mp4", "video/mp4", bytes.byteLength);
    const put = await thief.fetch(signed.uploadUrl, {
      method: "PUT",
      body: bytes,
      headers: { "content-type": "video/mp4" },
    });
    expect(put.status).toBe(403);
  });

  it("finalizes only the caller's own, complete, unused uploads of the right type", async () => {
    const owner = await signedInBrowser(uniqueEmail());
    const other = await signedInBrowser(uniqueEmail());
    const key = await uploadFixture(owner, "tiny.mp4");
    const finalize = (b: typeof owner, body: object) =>
      b.json("/api/content/finalize", "POST", { r2_key: key, type: "video", title: "t", ...body });
    expect((await finalize(other, {})).status).toBe(403);
    expect((await finalize(owner, { type: "audio" })).status).toBe(400);
    expect((await finalize(owner, { title: "   " })).status).toBe(400);
    expect((await finalize(owner, { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) })).status).toBe(400);
    const thumbOfOther = await uploadFixture(other, "thumb.jpg");
    expect((await finalize(owner, { thumbnail_key: thumbOfOther })).status).toBe(403);
    expect((await finalize(owner, {})).status).toBe(201);
    expect((await finalize(owner, {})).status).toBe(409);
    const unsent = await signUpload(owner, "later.mp4", "video/mp4", 1000);
    const early = await owner.json("/api/content/finalize", "POST", { r2_key: unsent.key, type: "video", title: "t" });
    expect(early.status).toBe(400);
  });
});

describe("multipart uploads (files above 50 MiB)", () => {
  // Tens of MiB through the runtime: seconds on a busy machine.
  const SLOW = 30_000;

  it(
    "uploads in parts, resumes from the stored parts, retries a part, completes and finalizes",
    async () => {
      const user = await signedInBrowser(uniqueEmail());
      const bytes = bigMp4(60 * MiB + 123);
      const signed = await signUpload(user, "big.mp4", "video/mp4", bytes.byteLength);
      expect(signed.multipart).toMatchObject({ partSize: 10 * MiB, partCount: 7 });
      const { token, partSize, partCount } = signed.multipart!;
      const q = `token=${encodeURIComponent(token)}`;
      const putPart = (n: number) =>
        user.fetch(`/api/uploads/multipart/part?${q}&part=${n}`, {
          method: "PUT",
          body: bytes.subarray((n - 1) * partSize, Math.min(n * partSize, bytes.byteLength)),
          headers: { "content-type": "application/octet-stream" },
        });
      for (const n of [1, 2, 3]) expect((await putPart(n)).status).toBe(200);
      // The connection drops; the client asks what is stored and resumes from there.
      const stored = await (await user.fetch(`/api/uploads/multipart?${q}`)).json<{ parts: { part: number }[] }>();
      expect(stored.parts.map((p) => p.part)).toEqual([1, 2, 3]);
      expect((await putPart(2)).status).toBe(200); // a retried part replaces the first attempt
      const early = await user.fetch(`/api/uploads/multipart/complete?${q}`, { method: "POST" });
      expect(early.status).toBe(400);
      for (let n = 4; n <= partCount; n++) expect((await putPart(n)).status).toBe(200);
      expect((await user.fetch(`/api/uploads/multipart/complete?${q}`, { method: "POST" })).status).toBe(200);
      const head = await env.MEDIA.head(signed.key);
      expect(head?.size).toBe(bytes.byteLength);
      const fin = await user.json("/api/content/finalize", "POST", { r2_key: signed.key, type: "video", title: "Big" });
      expect(fin.status).toBe(201);
    },
    SLOW,
  );

  it("refuses a first part that is not the signed type, and aborts cleanly", async () => {
    const user = await signedInBrowser(uniqueEmail());
    const signed = await signUpload(user, "big.mp4", "video/mp4", 51 * MiB);
    const q = `token=${encodeURIComponent(signed.multipart!.token)}`;
    const junk = new Uint8Array(10 * MiB).fill(7);
    const part = await user.fetch(`/api/uploads/multipart/part?${q}&part=1`, { method: "PUT", body: junk });
    expect(part.status).toBe(415);
    expect((await user.fetch(`/api/uploads/multipart?${q}`, { method: "DELETE" })).status).toBe(200);
    expect((await user.fetch(`/api/uploads/multipart?${q}`)).status).toBe(404);
  });
});
