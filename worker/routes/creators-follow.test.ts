import { describe, expect, it } from "vitest";
import type { ContentListResponse } from "../../common/schemas/content";
import type { CreatorPageJson } from "../../common/schemas/users";
import type { FollowingJson, FollowStateJson } from "../../common/schemas/follows";
import { makeContent, makeUser } from "../test/factories";
import { Browser } from "../test/http";
import { member } from "../test/members";
import { suspend, takeDown } from "../test/moderation";

// Following creators (docs/decisions/046): idempotent both ways, never oneself, 404 for unknown and suspended
// creators, counted on the creator page, and pages of whom one follows and what they uploaded.

const follow = (b: Browser, id: string) => b.fetch(`/api/creators/${id}/follow`, { method: "PUT" });
const unfollow = (b: Browser, id: string) => b.fetch(`/api/creators/${id}/follow`, { method: "DELETE" });
const page = async (b: Browser, id: string) => (await b.fetch(`/api/users/${id}`)).json<CreatorPageJson>();
const iso = (ms: number) => new Date(ms).toISOString();

describe("following a creator", () => {
  it("is idempotent both ways and counted on the creator page", async () => {
    const creator = await makeUser({ username: `c${Date.now().toString(36)}` });
    const [a, b] = [await member("fan"), await member("fan")];

    for (let i = 0; i < 2; i++) {
      const res = await follow(a.browser, creator.id);
      expect(res.status).toBe(200);
      expect(await res.json<FollowStateJson>()).toEqual({ following: true, followers: 1 });
    }
    expect(await (await follow(b.browser, creator.id)).json<FollowStateJson>()).toEqual({
      following: true,
      followers: 2,
    });
    expect(await page(a.browser, creator.id)).toMatchObject({ followers: 2, following: true });
    // A visitor sees the count, following nobody.
    expect(await page(new Browser(), creator.id)).toMatchObject({ followers: 2, following: false });

    for (let i = 0; i < 2; i++)
      expect(await (await unfollow(a.browser, creator.id)).json<FollowStateJson>()).toEqual({
        following: false,
        followers: 1,
      });
    expect(await page(a.browser, creator.id)).toMatchObject({ followers: 1, following: false });
  });

  it("refuses oneself (400), unknown and suspended creators (404), and visitors (401)", async () => {
    const me = await member();
    const self = await follow(me.browser, me.id);
    expect(self.status).toBe(400);
    expect(await self.json()).toMatchObject({ code: "follow_self" });

    const unknown = (await makeUser()).id.replace(/.$/, (ch) => (ch === "0" ? "1" : "0"));
    expect((await follow(me.browser, unknown)).status).toBe(404);
    expect((await unfollow(me.browser, unknown)).status).toBe(404);
    expect((await follow(me.browser, "not-an-id")).status).toBe(404);

    const suspended = await makeUser();
    await suspend(suspended.id);
    expect((await follow(me.browser, suspended.id)).status).toBe(404);

    expect((await follow(new Browser(), (await makeUser()).id)).status).toBe(401);
  });

  it("is refused to a suspended member, who may still unfollow", async () => {
    const creator = await makeUser();
    const fan = await member();
    await follow(fan.browser, creator.id);
    await suspend(fan.id);
    expect((await follow(fan.browser, (await makeUser()).id)).status).toBe(403);
    expect((await unfollow(fan.browser, creator.id)).status).toBe(200);
  });
});

describe("whom I follow and what they uploaded", () => {
  it("lists followed creators most recent first in keyset pages, and leaves out suspended ones", async () => {
    const fan = await member();
    const creators = [];
    for (let i = 0; i < 5; i++) {
      const c = await makeUser({ username: `f${i}${Date.now().toString(36)}` });
      creators.push(c);
      await follow(fan.browser, c.id);
      await new Promise((r) => setTimeout(r, 3));
    }
    await suspend(creators[4]!.id);
    const first = await (await fan.browser.fetch("/api/me/following?limit=2")).json<FollowingJson>();
    expect(first.items.map((c) => c.id)).toEqual([creators[3]!.id, creators[2]!.id]);
    const second = await (
      await fan.browser.fetch(`/api/me/following?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`)
    ).json<FollowingJson>();
    expect(second.items.map((c) => c.id)).toEqual([creators[1]!.id, creators[0]!.id]);
    expect(second.nextCursor).toBeNull();

    expect((await fan.browser.fetch("/api/me/following?limit=0")).status).toBe(400);
    expect((await fan.browser.fetch("/api/me/following?cursor=%%%")).status).toBe(400);
    expect((await new Browser().fetch("/api/me/following")).status).toBe(401);
  });

  it("pages the followed creators' visible uploads newest first, and nobody else's", async () => {
    const fan = await member();
    const [ava, ben, stranger] = [await makeUser(), await makeUser(), await makeUser()];
    await follow(fan.browser, ava.id);
    await follow(fan.browser, ben.id);
    const t = Date.now();
    const a1 = await makeContent(ava.id, { createdAt: iso(t - 4000) });
    const b1 = await makeContent(ben.id, { createdAt: iso(t - 3000) });
    const a2 = await makeContent(ava.id, { createdAt: iso(t - 2000) });
    const hidden = await makeContent(ben.id, { createdAt: iso(t - 1000) });
    await takeDown(hidden.id);
    await makeContent(stranger.id, { createdAt: iso(t) });

    const first = await (await fan.browser.fetch("/api/me/following/uploads?limit=2")).json<ContentListResponse>();
    expect(first.items.map((c) => c.id)).toEqual([a2.id, b1.id]);
    const rest = await (
      await fan.browser.fetch(`/api/me/following/uploads?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`)
    ).json<ContentListResponse>();
    expect(rest).toMatchObject({ items: [{ id: a1.id }], nextCursor: null });
  });
});

describe("the follower count", () => {
  it("counts each follow once, however many times and however concurrently it is sent", async () => {
    const creator = await makeUser();
    const fans = await Promise.all([member("fan"), member("fan"), member("fan")]);
    await Promise.all(fans.flatMap((f) => [follow(f.browser, creator.id), follow(f.browser, creator.id)]));
    expect(await page(fans[0]!.browser, creator.id)).toMatchObject({ followers: 3 });
    await Promise.all([
      unfollow(fans[0]!.browser, creator.id),
      unfollow(fans[0]!.browser, creator.id),
      unfollow(fans[1]!.browser, creator.id),
    ]);
    expect(await page(fans[2]!.browser, creator.id)).toMatchObject({ followers: 1, following: true });
  });
});
