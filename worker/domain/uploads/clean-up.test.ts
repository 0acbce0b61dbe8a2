import { env } from "cloudflare:test";
import { expect, it } from "vitest";
import { uploads } from "../../db/schema";
import { newId } from "../../lib/ids";
import { makeUser, testDb } from "../../test/factories";
import { removeAbandonedUploads } from "./clean-up";

it("removes uploads left unfinalized for a day (also ones a dead PUT left uploading), and keeps recent and finalized ones", async () => {
  const user = await makeUser();
  // Real time, so rows other tests make (all recent) are never old enough to be touched.
  const now = new Date().toISOString();
  const old = new Date(Date.now() - 25 * 3600_000).toISOString();
  const rows = [
    { key: `t/${newId()}`, status: "uploaded" as const, createdAt: old },
    { key: `t/${newId()}`, status: "finalized" as const, createdAt: old },
    { key: `t/${newId()}`, status: "signed" as const, createdAt: new Date(Date.now() - 3600_000).toISOString() },
    // A Worker killed mid-PUT never hands its claim back.
    { key: `t/${newId()}`, status: "uploading" as const, createdAt: old },
  ];
  for (const r of rows) {
    await testDb()
      .insert(uploads)
      .values({ ...r, userId: user.id, kind: "media", contentType: "video/mp4", size: 3 });
    await env.MEDIA.put(r.key, "abc");
  }
  await removeAbandonedUploads({ ctx: { db: testDb(), env }, input: { now } });
  expect(await env.MEDIA.head(rows[0]!.key)).toBeNull();
  expect(await env.MEDIA.head(rows[1]!.key)).not.toBeNull();
  expect(await env.MEDIA.head(rows[2]!.key)).not.toBeNull();
  expect(await env.MEDIA.head(rows[3]!.key)).toBeNull();
  const left = await env.DB.prepare("select key from uploads where user_id = ? order by key").bind(user.id).all();
  expect(left.results.map((r) => r.key).sort()).toEqual([rows[1]!.key, rows[2]!.key].sort());
});
