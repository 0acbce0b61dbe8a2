import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MAX_MEDIA_BYTES, MiB } from "../../common/uploads";
import type { UploadSignResponse } from "../../common/schemas/uploads";
import { UPLOAD_SIGNS_PER_HOUR } from "../middleware/rate-limit";
import { deleteItem, purgeAt } from "../test/deletion";
import { makeContent } from "../test/factories";
import { type Browser, signedInBrowser, uniqueEmail } from "../test/http";
import { notAtTheEndOfAnHour } from "../test/rate-window";

// docs/decisions/030: one account signed 285 uploads of 2 GiB in 5 s. Now at most UPLOAD_SIGNS_PER_HOUR signatures an
// hour per member, and a storage quota (default 20 GiB) counting stored items and unfinished uploads.

const GiB = 1024 * MiB;
const idOf = async (b: Browser) => (await (await b.fetch("/api/users/me")).json<{ id: string }>()).id;
const sign = (b: Browser, fileSize: number, contentType = "video/mp4") =>
  b.json("/api/uploads/sign", "POST", {
    filename: contentType === "video/mp4" ? "v.mp4" : "t.jpg",
    contentType,
    fileSize,
  });
const countUploads = async (userId: string) =>
  (await env.DB.prepare("select count(*) as n from uploads where user_id = ?").bind(userId).first<{ n: number }>())!.n;

describe("upload signatures per member", () => {
  it("285 signatures in a burst: UPLOAD_SIGNS_PER_HOUR go through, the rest get 429 and leave no row", async () => {
    await notAtTheEndOfAnHour();
    const user = await signedInBrowser(uniqueEmail("sign-burst"));
    const statuses: number[] = [];
    for (let round = 0; round < 285; round += 15) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(15, 285 - round) }, () => sign(user, 10, "image/jpeg")),
      );
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(UPLOAD_SIGNS_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(285 - UPLOAD_SIGNS_PER_HOUR);
    const refused = await sign(user, 10, "image/jpeg");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({
      code: "rate_limited",
      error: "You have started too many uploads in the last hour. Please wait a while and try again.",
    });
    expect(await countUploads(await idOf(user))).toBe(UPLOAD_SIGNS_PER_HOUR);
    // Another member is not held back by it.
    expect((await sign(await signedInBrowser(uniqueEmail("sign-other")), 10, "image/jpeg")).status).toBe(200);
  }, 300_000);
});

describe("storage quota (default 20 GiB)", () => {
  it("counts signed-but-unfinished uploads: ten 2 GiB signatures fill it, an eleventh is refused, even all at once", async () => {
    const user = await signedInBrowser(uniqueEmail("quota-burst"));
    const answers = await Promise.all(Array.from({ length: 14 }, () => sign(user, MAX_MEDIA_BYTES)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = answers.find((r) => r.status !== 200)!;
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({
      code: "storage_quota",
      error:
        "Not enough storage left for this file (2 GiB): you have 0 KiB left of your 20 GiB. Finish or cancel uploads in progress, or delete items you no longer need (a deleted item's space is freed 14 days after you delete it), then try again.",
    });
    expect(await countUploads(await idOf(user))).toBe(10);
    // Cancelling an upload in progress gives its space back.
    const first = await answers.find((r) => r.status === 200)!.json<UploadSignResponse>();
    const q = `token=${encodeURIComponent(first.multipart!.token)}`;
    expect((await user.fetch(`/api/uploads/multipart?${q}`, { method: "DELETE" })).status).toBe(200);
    expect((await sign(user, MAX_MEDIA_BYTES)).status).toBe(200);
    expect((await sign(user, 10, "image/jpeg")).status).toBe(413);
  }, 120_000);

  it("counts stored items, and says how much is left", async () => {
    const user = await signedInBrowser(uniqueEmail("quota-items"));
    await makeContent(await idOf(user), { mediaSize: 18 * GiB + 512 * MiB });
    const big = await sign(user, MAX_MEDIA_BYTES);
    expect(big.status).toBe(413);
    expect((await big.json<{ error: string }>()).error).toContain("you have 1.5 GiB left of your 20 GiB");
    expect((await sign(user, 1536 * MiB)).status).toBe(200);
    expect((await sign(user, 1024, "image/jpeg")).status).toBe(413);
  });
  it("a deleted item counts until its media is purged, 14 days later (028)", async () => {
    const user = await signedInBrowser(uniqueEmail("quota-deleted"));
    const item = await makeContent(await idOf(user), { mediaSize: 19 * GiB });
    await deleteItem(user, item.id);
    expect((await sign(user, MAX_MEDIA_BYTES)).status).toBe(413);
    expect(await purgeAt(new Date(Date.now() + 15 * 24 * 3600_000).toISOString())).toBeGreaterThanOrEqual(1);
    expect((await sign(user, MAX_MEDIA_BYTES)).status).toBe(200);
  });
});
