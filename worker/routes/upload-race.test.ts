import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ContentJson } from "../../common/schemas/content";
import { uploads } from "../db/schema";
import { finalizeContent } from "../domain/content/finalize";
import { MiB } from "../domain/uploads/limits";
import { AppError } from "../lib/errors";
import { newId } from "../lib/ids";
import { nowIso } from "../lib/time";
import { makeUser, testDb } from "../test/factories";
import { fixture } from "../test/fixtures";
import { type Browser, signedInBrowser, uniqueEmail } from "../test/http";
import { bigMp4, heldPut, signUpload, stretchedMp4, uploadStatus, waitForStatus } from "../test/uploads";

// docs/architecture.md §4 "Uploads": a signed URL stores one file, and finalize measures exactly the bytes it keeps.

const MP4 = { "content-type": "video/mp4" };
const TAKEN = /already in progress or finished; sign a new upload/;
const short = () => fixture("tiny.mp4"); // 3 s
const long = () => stretchedMp4(fixture("tiny.mp4"), 4); // 12 s, the same size

const put = (user: Browser, url: string, body: Uint8Array) => user.fetch(url, { method: "PUT", body, headers: MP4 });
const storedBytes = async (key: string) => new Uint8Array(await (await env.MEDIA.get(key))!.arrayBuffer());
const finalize = (user: Browser, key: string) =>
  user.json("/api/content/finalize", "POST", { r2_key: key, type: "video", title: "Clip" });

describe("one signed URL stores one file", () => {
  it("a PUT that started before another finished cannot swap the bytes after finalize measured them", async () => {
    const user = await signedInBrowser(uniqueEmail());
    expect(long().byteLength).toBe(short().byteLength);
    const signed = await signUpload(user, "clip.mp4", "video/mp4", short().byteLength);

    // The long file's PUT starts first and stalls mid-body (a slow connection)…
    const slow = heldPut(user, signed.uploadUrl, long(), "video/mp4");
    await waitForStatus(signed.key, "uploading");
    // …while the short clip is sent in full and finalized: both are refused while the first PUT holds the URL.
    const fast = await put(user, signed.uploadUrl, short());
    expect(fast.status, await fast.clone().text()).toBe(409);
    expect((await fast.json<{ error: string }>()).error).toMatch(TAKEN);
    expect((await finalize(user, signed.key)).status).toBe(400);

    slow.release();
    expect((await slow.response).status).toBe(200);
    expect(await uploadStatus(signed.key)).toBe("uploaded");
    const fin = await finalize(user, signed.key);
    expect(fin.status, await fin.clone().text()).toBe(201);

    // The measured duration belongs to the bytes R2 holds: one file, measured and kept.
    expect(await storedBytes(signed.key)).toEqual(long());
    const item = await (await user.fetch(`/api/content/${(await fin.json<{ id: string }>()).id}`)).json<ContentJson>();
    expect(item.duration).toBeCloseTo(12, 1);
  });

  it("of two PUTs sent at once, exactly one stores and the other gets 409", async () => {
    const user = await signedInBrowser(uniqueEmail());
    const signed = await signUpload(user, "clip.mp4", "video/mp4", short().byteLength);
    const [a, b] = await Promise.all([put(user, signed.uploadUrl, short()), put(user, signed.uploadUrl, long())]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await storedBytes(signed.key)).toEqual(a.status === 200 ? short() : long());
    expect(await uploadStatus(signed.key)).toBe("uploaded");
  });

  it("refuses a PUT after a finished one (409) and keeps the first file", async () => {
    const user = await signedInBrowser(uniqueEmail());
    const signed = await signUpload(user, "clip.mp4", "video/mp4", short().byteLength);
    expect((await put(user, signed.uploadUrl, short())).status).toBe(200);
    const again = await put(user, signed.uploadUrl, long());
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: expect.stringMatching(TAKEN), code: "upload_taken" });
    expect(await storedBytes(signed.key)).toEqual(short());
    // Also after it was finalized.
    expect((await finalize(user, signed.key)).status).toBe(201);
    expect((await put(user, signed.uploadUrl, long())).status).toBe(409);
    expect(await storedBytes(signed.key)).toEqual(short());
  });

  it("never replaces an object already stored under the key, even without a claim (R2 If-None-Match)", async () => {
    const user = await signedInBrowser(uniqueEmail());
    const signed = await signUpload(user, "clip.mp4", "video/mp4", short().byteLength);
    await env.MEDIA.put(signed.key, long());
    const res = await put(user, signed.uploadUrl, short());
    expect(res.status).toBe(409);
    expect(await storedBytes(signed.key)).toEqual(long());
    expect(await uploadStatus(signed.key)).toBe("signed");
  });
});

describe("a failed attempt hands the signed URL back", () => {
  it("retries after refused magic bytes (415) and after a wrong size (413)", async () => {
    const user = await signedInBrowser(uniqueEmail());
    const signed = await signUpload(user, "clip.mp4", "video/mp4", short().byteLength);
    const junk = new Uint8Array(short().byteLength).fill(7);
    expect((await put(user, signed.uploadUrl, junk)).status).toBe(415);
    expect(await uploadStatus(signed.key)).toBe("signed");
    const tooBig = new Uint8Array(short().byteLength + 1);
    tooBig.set(short());
    expect((await put(user, signed.uploadUrl, tooBig)).status).toBe(413);
    expect(await uploadStatus(signed.key)).toBe("signed");
    expect((await put(user, signed.uploadUrl, short())).status).toBe(200);
    expect((await finalize(user, signed.key)).status).toBe(201);
  });

  it("retries after a body that was cut off mid-way", async () => {
    const user = await signedInBrowser(uniqueEmail());
    const bytes = short();
    const signed = await signUpload(user, "clip.mp4", "video/mp4", bytes.byteLength);
    const cut = await user.fetch(signed.uploadUrl, {
      method: "PUT",
      // The connection drops after half the file: the body ends although Content-Length promised more.
      // (workerd logs "Network connection lost" for such a request; that is the runtime, not a failure here.)
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(bytes.slice(0, bytes.byteLength / 2));
          controller.close();
        },
      }),
      headers: { ...MP4, "content-length": String(bytes.byteLength) },
      // @ts-expect-error -- workerd accepts streaming request bodies; the DOM RequestInit type lacks `duplex`.
      duplex: "half",
    });
    expect(cut.status).toBe(400);
    expect(await env.MEDIA.head(signed.key)).toBeNull();
    expect(await uploadStatus(signed.key)).toBe("signed");
    expect((await put(user, signed.uploadUrl, bytes)).status).toBe(200);
    expect(await storedBytes(signed.key)).toEqual(bytes);
  });
});

describe("finalize measures one object", () => {
  /** An uploaded MP4 row and its object, as a PUT leaves them. */
  async function uploadedClip() {
    const user = await makeUser();
    const key = `uploads/${user.id}/${newId()}/clip.mp4`;
    await testDb().insert(uploads).values({
      key,
      userId: user.id,
      kind: "media",
      contentType: "video/mp4",
      size: short().byteLength,
      status: "uploaded",
      createdAt: nowIso(),
    });
    await env.MEDIA.put(key, short());
    return { user: { ...user, isAdmin: false, suspended: false }, key };
  }

  /** The real bucket, with a hook that writes to it just before its `n`-th call of `method` is answered. */
  function bucketWithHook(method: "head" | "get", n: number, hook: () => Promise<unknown>) {
    let calls = 0;
    const before = async (called: "head" | "get") => {
      if (called === method && ++calls === n) await hook();
    };
    return {
      head: async (key: string) => (await before("head"), env.MEDIA.head(key)),
      get: async (key: string, options?: R2GetOptions) => (await before("get"), env.MEDIA.get(key, options)),
    } as unknown as R2Bucket;
  }

  /** finalizeContent's error, or null when it succeeded. */
  async function finalizeWith(bucket: R2Bucket, clip: Awaited<ReturnType<typeof uploadedClip>>) {
    const input = { r2_key: clip.key, type: "video" as const, title: "Clip", description: "", tags: [] };
    return finalizeContent({ ctx: { db: testDb(), bucket, thumbs: env.THUMBS, actor: clip.user }, input }).then(
      () => null,
      (err: unknown) => err,
    );
  }

  const contentRows = (key: string) =>
    env.DB.prepare("select count(*) as n from content where r2_key = ?").bind(key).first("n");

  it("refuses (409) when the object is replaced while its duration is read", async () => {
    const clip = await uploadedClip();
    // The first head() pins the ETag; the second ranged read is in the middle of the measurement.
    const err = await finalizeWith(
      bucketWithHook("get", 2, () => env.MEDIA.put(clip.key, long())),
      clip,
    );
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      kind: "conflict",
      code: "upload_changed",
      message: expect.stringMatching(/changed while it was being checked/),
    });
    expect(await uploadStatus(clip.key)).toBe("uploaded");
    expect(await contentRows(clip.key)).toBe(0);
  });

  it("refuses (409) when the object is replaced after it was measured, before the content is written", async () => {
    const clip = await uploadedClip();
    // The second head() is the last look at the object, after every ranged read.
    const err = await finalizeWith(
      bucketWithHook("head", 2, () => env.MEDIA.put(clip.key, long())),
      clip,
    );
    expect(err).toMatchObject({ kind: "conflict", code: "upload_changed" });
    expect(await uploadStatus(clip.key)).toBe("uploaded");
    expect(await contentRows(clip.key)).toBe(0);
  });

  it("finalizes when the object stays the same (the same hooks, writing nothing)", async () => {
    const clip = await uploadedClip();
    expect(
      await finalizeWith(
        bucketWithHook("head", 2, async () => undefined),
        clip,
      ),
    ).toBeNull();
    expect(await contentRows(clip.key)).toBe(1);
  });

  it("refuses (409) a stored object whose size is not the signed size", async () => {
    const clip = await uploadedClip();
    await env.MEDIA.put(clip.key, short().subarray(0, 1000));
    expect(await finalizeWith(env.MEDIA, clip)).toMatchObject({ kind: "conflict", code: "upload_changed" });
  });
});

describe("a multipart upload is completed once", () => {
  // Tens of MiB through the runtime: seconds on a busy machine.
  const SLOW = 30_000;

  it(
    "refuses a second completion, a late part and an abort after completing, and keeps the object",
    async () => {
      const user = await signedInBrowser(uniqueEmail());
      const bytes = bigMp4(51 * MiB);
      const signed = await signUpload(user, "big.mp4", "video/mp4", bytes.byteLength);
      const { token, partSize, partCount } = signed.multipart!;
      const q = `token=${encodeURIComponent(token)}`;
      const partBytes = (n: number) => bytes.subarray((n - 1) * partSize, Math.min(n * partSize, bytes.byteLength));
      const partUrl = (n: number) => `/api/uploads/multipart/part?${q}&part=${n}`;
      const putPart = (n: number) =>
        user.fetch(partUrl(n), {
          method: "PUT",
          body: partBytes(n),
          headers: { "content-type": "application/octet-stream" },
        });
      for (let n = 1; n <= partCount; n++) expect((await putPart(n)).status).toBe(200);

      // A re-send of the last part is still on its way while the upload completes.
      const late = heldPut(user, partUrl(partCount), partBytes(partCount).slice(), "application/octet-stream");
      const complete = () => user.fetch(`/api/uploads/multipart/complete?${q}`, { method: "POST" });
      const [a, b] = await Promise.all([complete(), complete()]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const etag = (await env.MEDIA.head(signed.key))!.etag;

      late.release();
      expect((await late.response).status).toBe(409);
      expect((await putPart(2)).status).toBe(409);
      expect((await complete()).status).toBe(409);
      expect((await user.fetch(`/api/uploads/multipart?${q}`, { method: "DELETE" })).status).toBe(409);
      const head = await env.MEDIA.head(signed.key);
      expect(head?.etag).toBe(etag);
      expect(head?.size).toBe(bytes.byteLength);
      expect((await finalize(user, signed.key)).status).toBe(201);
    },
    SLOW,
  );

  it(
    "hands the completion back when parts are missing, so it can be completed later",
    async () => {
      const user = await signedInBrowser(uniqueEmail());
      const bytes = bigMp4(51 * MiB);
      const signed = await signUpload(user, "big.mp4", "video/mp4", bytes.byteLength);
      const { token, partSize, partCount } = signed.multipart!;
      const q = `token=${encodeURIComponent(token)}`;
      const putPart = (n: number) =>
        user.fetch(`/api/uploads/multipart/part?${q}&part=${n}`, {
          method: "PUT",
          body: bytes.subarray((n - 1) * partSize, Math.min(n * partSize, bytes.byteLength)),
        });
      for (let n = 1; n < partCount; n++) expect((await putPart(n)).status).toBe(200);
      const early = await user.fetch(`/api/uploads/multipart/complete?${q}`, { method: "POST" });
      expect(early.status).toBe(400);
      expect(await uploadStatus(signed.key)).toBe("signed");
      expect((await putPart(partCount)).status).toBe(200);
      expect((await user.fetch(`/api/uploads/multipart/complete?${q}`, { method: "POST" })).status).toBe(200);
      expect(await uploadStatus(signed.key)).toBe("uploaded");
    },
    SLOW,
  );
});
