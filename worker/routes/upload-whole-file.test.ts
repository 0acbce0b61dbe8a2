import { describe, expect, it } from "vitest";
import { MiB, PART_SIZE } from "../../common/uploads";
import { fixture } from "../test/fixtures";
import { type Browser, signedInBrowser, uniqueEmail } from "../test/http";
import { bigMp4, signUpload } from "../test/uploads";

// docs/decisions/030: parts after the first were never sniffed. A valid MP4 head in part 1 and junk in the parts
// after it was stored and published; finalize now checks the whole object (docs/decisions/030).

/** Tens of MiB through the runtime: seconds on a busy machine. */
const SLOW = 30_000;

/** Uploads `bytes` as a multipart MP4, completes it and asks to publish it; returns the finalize answer. */
async function uploadInParts(user: Browser, bytes: Uint8Array) {
  const signed = await signUpload(user, "big.mp4", "video/mp4", bytes.byteLength);
  const { token, partSize, partCount } = signed.multipart!;
  const q = `token=${encodeURIComponent(token)}`;
  for (let n = 1; n <= partCount; n++) {
    const part = await user.fetch(`/api/uploads/multipart/part?${q}&part=${n}`, {
      method: "PUT",
      body: bytes.subarray((n - 1) * partSize, Math.min(n * partSize, bytes.byteLength)),
    });
    expect(part.status, await part.clone().text()).toBe(200);
  }
  expect((await user.fetch(`/api/uploads/multipart/complete?${q}`, { method: "POST" })).status).toBe(200);
  return user.json("/api/content/finalize", "POST", { r2_key: signed.key, type: "video", title: "Parts" });
}

describe("multipart upload checked whole at finalize", () => {
  it(
    "refuses a valid first part followed by junk parts (415, nothing published); the same size as one valid MP4 is published",
    async () => {
      const user = await signedInBrowser(uniqueEmail("parts"));
      const size = 51 * MiB;
      // Part 1: the tiny clip and a free box up to the end of the part, so part 1 alone is a complete MP4.
      const head = fixture("tiny.mp4");
      const bytes = new Uint8Array(size).fill(0x5a);
      bytes.set(head);
      new DataView(bytes.buffer).setUint32(head.byteLength, PART_SIZE - head.byteLength);
      bytes.set(new TextEncoder().encode("free"), head.byteLength + 4);
      const refused = await uploadInParts(user, bytes);
      expect(refused.status).toBe(415);
      expect(await refused.json()).toMatchObject({
        code: "unplayable_media",
        error: "The file is not a playable MP4 video",
      });
      const mine = await (await user.fetch("/api/content/mine")).json<{ items: unknown[] }>();
      expect(mine.items).toEqual([]);

      const published = await uploadInParts(user, bigMp4(size));
      expect(published.status, await published.clone().text()).toBe(201);
    },
    SLOW,
  );
});
