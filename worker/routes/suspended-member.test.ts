import { describe, expect, it } from "vitest";
import type { CurrentUserJson } from "../../common/schemas/users";
import type { MyViewsResponse } from "../../common/schemas/my-views";
import { makeContent, makeUser } from "../test/factories";
import { fixture } from "../test/fixtures";
import { signedInBrowser, uniqueEmail, type Browser } from "../test/http";
import { suspend } from "../test/moderation";
import { publishFixture, signUpload, uploadFixture } from "../test/uploads";
import { runEarningsCron, watchPaced } from "../test/views";

// A suspended member (docs/decisions/027) may sign in, read, watch and see the wallet; every write of the
// good-standing tier answers 403 with the same words, and their views earn nothing.

const idOf = async (b: Browser) => (await (await b.fetch("/api/users/me")).json<{ id: string }>()).id;
const REFUSED = { error: "Your account is suspended", code: "suspended", requestId: expect.any(String) };

describe("a suspended member", () => {
  it("is refused every upload, like, report and change to content with 403 and code suspended", async () => {
    const member = await signedInBrowser(uniqueEmail("suspended"));
    const memberId = await idOf(member);
    const own = await publishFixture(member, "tiny.mp4");
    const thumb = await uploadFixture(member, "thumb.jpg");
    const bytes = fixture("tiny.mp4");
    const signedBefore = await signUpload(member, "tiny.mp4", "video/mp4", bytes.byteLength);
    const theirs = await makeContent((await makeUser()).id);
    await suspend(memberId);

    const token = "token=anything";
    const calls: [string, string, unknown?][] = [
      ["POST", "/api/uploads/sign", { filename: "a.mp4", contentType: "video/mp4", fileSize: 100 }],
      ["GET", `/api/uploads/multipart?${token}`],
      ["PUT", `/api/uploads/multipart/part?${token}&part=1`],
      ["POST", `/api/uploads/multipart/complete?${token}`],
      ["DELETE", `/api/uploads/multipart?${token}`],
      ["POST", "/api/content/finalize", { r2_key: thumb, type: "video", title: "x" }],
      ["POST", `/api/content/${theirs.id}/like`],
      ["DELETE", `/api/content/${theirs.id}/like`],
      ["POST", `/api/content/${theirs.id}/report`, { reason: "spam" }],
      ["PATCH", `/api/content/${own}`, { title: "New", description: "", tags: [] }],
      ["PATCH", `/api/content/${own}/thumbnail`, { thumbnail_key: thumb }],
      ["DELETE", `/api/content/${own}`],
    ];
    for (const [method, path, body] of calls) {
      const res = await member.fetch(path, { method, ...(body ? { body: JSON.stringify(body) } : {}) });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await res.json(), `${method} ${path}`).toEqual(REFUSED);
    }
    // A URL signed before the suspension is refused too.
    const put = await member.fetch(signedBefore.uploadUrl, {
      method: "PUT",
      body: bytes,
      headers: { "content-type": "video/mp4" },
    });
    expect(put.status).toBe(403);
    // The item is still there.
    expect((await member.fetch(`/api/content/${own}`)).status).toBe(200);
  });

  it("may still sign in, read the wallet and their items, and watch, but earns nothing", async () => {
    const email = uniqueEmail("suspended");
    const member = await signedInBrowser(email);
    const memberId = await idOf(member);
    await publishFixture(member, "tiny.mp4");
    await suspend(memberId);

    const again = await signedInBrowser(email);
    const me = await (await again.fetch("/api/users/me")).json<CurrentUserJson>();
    expect(me).toMatchObject({ id: memberId, suspended: true });
    for (const path of [
      "/api/me/wallet",
      "/api/content/mine",
      "/api/content/liked",
      "/api/challenges/progress",
      `/api/me/views?date=${new Date().toISOString().slice(0, 10)}`,
    ]) {
      expect((await again.fetch(path)).status, path).toBe(200);
    }
    expect((await again.fetch("/api/earnings/calculate", { method: "POST" })).status).toBe(200);

    const creator = await makeUser();
    const item = await makeContent(creator.id, { durationMs: 10_000 });
    const { viewId, qualified } = await watchPaced(again, memberId, item.id, 10_000);
    expect(qualified).toBe(true);
    await runEarningsCron();
    const views = await (
      await again.fetch(`/api/me/views?date=${new Date().toISOString().slice(0, 10)}`)
    ).json<MyViewsResponse>();
    expect(views.views.find((v) => v.id === viewId)).toMatchObject({
      outcome: "not_earned",
      reason: "suspended",
      amount_usd: 0,
    });
    const wallet = await (await again.fetch("/api/me/wallet")).json<{ viewer_balance: number }>();
    expect(wallet.viewer_balance).toBe(0);
  });

  it("is in good standing again once reinstated", async () => {
    const member = await signedInBrowser(uniqueEmail("reinstated"));
    const memberId = await idOf(member);
    const item = await makeContent((await makeUser()).id);
    await suspend(memberId);
    expect((await member.fetch(`/api/content/${item.id}/like`, { method: "POST" })).status).toBe(403);
    const admin = await signedInBrowser("admin@example.com");
    expect(
      (await admin.json(`/api/admin/moderation/users/${memberId}`, "POST", { action: "unsuspend", note: "" })).status,
    ).toBe(200);
    expect((await member.fetch(`/api/content/${item.id}/like`, { method: "POST" })).status).toBe(200);
    expect((await (await member.fetch("/api/users/me")).json<CurrentUserJson>()).suspended).toBe(false);
  });
});
