import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { FollowedUploadsJson } from "../../common/schemas/follows";
import type { NotificationsJson } from "../../common/schemas/notifications";
import { makeContent, makeUser } from "../test/factories";
import { Browser } from "../test/http";
import { member } from "../test/members";
import { suspend, takeDown } from "../test/moderation";

// The following feed (docs/decisions/101): the listed uploads of followed creators, newest published first, keyset
// pages, each marked unread exactly when the bell counts it; opening the feed reads them in the bell, and reading
// them in the bell clears the feed's marks.

const HOUR_MS = 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const feed = async (b: Browser, query = "") => {
  const res = await b.fetch(`/api/me/following/uploads${query}`);
  expect(res.status).toBe(200);
  return res.json<FollowedUploadsJson>();
};
const bell = async (b: Browser) => (await b.fetch("/api/me/notifications")).json<NotificationsJson>();
const readThrough = (b: Browser, newestId: string) =>
  b.json("/api/me/following/uploads/read", "POST", { newest_id: newestId });

/** A fan who follows `creators`, the follows dated an hour ago (so uploads since are new to them). */
async function fanOf(...creators: string[]) {
  const fan = await member("fan");
  for (const id of creators) await fan.browser.fetch(`/api/creators/${id}/follow`, { method: "PUT" });
  await env.DB.prepare("update follows set created_at = ?2 where follower_id = ?1")
    .bind(fan.id, iso(Date.now() - HOUR_MS))
    .run();
  return fan;
}

/** The unread uploads the bell counts and the feed marks, both ways. */
async function marks(b: Browser) {
  const [n, f] = [await bell(b), await feed(b, "?limit=50")];
  return {
    bell: n.unread,
    bellUnread: n.items.filter((i) => i.kind === "upload" && !i.read).map((i) => i.subject_id),
    feedUnread: f.items.filter((i) => i.unread).map((i) => i.id),
  };
}

describe("GET /api/me/following/uploads", () => {
  it("pages the followed creators' listed uploads newest published first, and nothing else", async () => {
    const [ava, ben, stranger] = [await makeUser(), await makeUser(), await makeUser()];
    const fan = await fanOf(ava.id, ben.id);
    const t = Date.now();
    const a1 = await makeContent(ava.id, { createdAt: iso(t - 50_000) });
    // Made first, published later (a scheduled item whose time came): it sorts by when it became public.
    const b1 = await makeContent(ben.id, {
      createdAt: iso(t - 60_000),
      visibility: "private",
      publishAt: iso(t - 40_000),
      publishedAt: iso(t - 40_000),
    });
    const a2 = await makeContent(ava.id, { createdAt: iso(t - 30_000) });
    const b2 = await makeContent(ben.id, { createdAt: iso(t - 20_000) });
    // Never listed: private (after being public), unlisted, scheduled before its time, taken down, a stranger's.
    await makeContent(ava.id, { createdAt: iso(t - 10_000), visibility: "private", publishedAt: iso(t - 10_000) });
    await makeContent(ava.id, { createdAt: iso(t - 9000), visibility: "unlisted", publishedAt: null });
    await makeContent(ben.id, {
      createdAt: iso(t - 8000),
      visibility: "private",
      publishAt: iso(t + HOUR_MS),
      publishedAt: iso(t + HOUR_MS),
    });
    const down = await makeContent(ben.id, { createdAt: iso(t - 7000) });
    await takeDown(down.id);
    await makeContent(stranger.id, { createdAt: iso(t - 1000) });

    const first = await feed(fan.browser, "?limit=3");
    expect(first.items.map((i) => i.id)).toEqual([b2.id, a2.id, b1.id]);
    expect(first.items[0]).toMatchObject({ created_by: ben.id, title: b2.title, unread: true });
    const rest = await feed(fan.browser, `?limit=3&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(rest.items.map((i) => i.id)).toEqual([a1.id]);
    expect(rest.nextCursor).toBeNull();

    // Unfollowing a creator takes their uploads out; a suspended creator's are hidden.
    await fan.browser.fetch(`/api/creators/${ava.id}/follow`, { method: "DELETE" });
    expect((await feed(fan.browser)).items.map((i) => i.id)).toEqual([b2.id, b1.id]);
    await suspend(ben.id);
    expect((await feed(fan.browser)).items).toEqual([]);
  });

  it("marks unread exactly what the bell counts: new since the follow, not read, uploads not turned off", async () => {
    const creator = await makeUser();
    const fan = await fanOf(creator.id);
    const t = Date.now();
    const before = await makeContent(creator.id, { createdAt: iso(t - 2 * HOUR_MS) });
    const x = await makeContent(creator.id, { createdAt: iso(t - 3000) });
    const y = await makeContent(creator.id, { createdAt: iso(t - 2000) });

    let m = await marks(fan.browser);
    expect(m.bell).toBe(2);
    expect(m.feedUnread.sort()).toEqual([x.id, y.id].sort());
    expect(m.bellUnread.sort()).toEqual(m.feedUnread.sort());
    // Listed in the feed, but from before the follow: the bell never told it, so it is not new.
    expect((await feed(fan.browser)).items.find((i) => i.id === before.id)).toMatchObject({ unread: false });

    // Read one in the bell: the feed's mark goes with it.
    await fan.browser.json("/api/me/notifications/read", "POST", { ids: [`u-${x.id}`] });
    m = await marks(fan.browser);
    expect(m).toMatchObject({ bell: 1, feedUnread: [y.id], bellUnread: [y.id] });

    // Uploads turned off: the bell counts none, and the feed marks none.
    await fan.browser.json("/api/me/notifications/settings", "PUT", { muted: ["uploads"] });
    expect(await marks(fan.browser)).toMatchObject({ bell: 0, feedUnread: [] });
    await fan.browser.json("/api/me/notifications/settings", "PUT", { muted: [] });

    // "Mark all read" in the bell clears the feed.
    await fan.browser.json("/api/me/notifications/read", "POST", { all: true });
    expect(await marks(fan.browser)).toMatchObject({ bell: 0, feedUnread: [] });
  });

  it("refuses visitors (401) and a bad cursor or limit (400, in words)", async () => {
    expect((await new Browser().fetch("/api/me/following/uploads")).status).toBe(401);
    const fan = await member();
    for (const [query, message] of [
      ["?cursor=nonsense", "cursor: invalid pagination cursor"],
      [`?cursor=${btoa(JSON.stringify([1, "x"]))}`, "cursor: invalid pagination cursor"],
      ["?limit=0", "limit must be between 1 and 50"],
      ["?limit=abc", "limit must be a number"],
    ]) {
      const res = await fan.browser.fetch(`/api/me/following/uploads${query}`);
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
  });
});

describe("POST /api/me/following/uploads/read", () => {
  it("reads the feed up to the newest shown, in the bell too, and nothing newer", async () => {
    const creator = await makeUser();
    const fan = await fanOf(creator.id);
    const t = Date.now();
    const x = await makeContent(creator.id, { createdAt: iso(t - 3000) });
    const y = await makeContent(creator.id, { createdAt: iso(t - 2000) });
    expect((await marks(fan.browser)).bell).toBe(2);

    // The feed showed y (its newest): opening it reads x and y.
    const res = await readThrough(fan.browser, y.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ unread: 0 });
    expect(await marks(fan.browser)).toMatchObject({ bell: 0, feedUnread: [], bellUnread: [] });

    // An upload after what was shown stays new in both; reading an older item again moves nothing back.
    const z = await makeContent(creator.id);
    expect(await (await readThrough(fan.browser, x.id)).json()).toEqual({ unread: 1 });
    expect(await marks(fan.browser)).toMatchObject({ bell: 1, feedUnread: [z.id], bellUnread: [z.id] });
  });

  it("writes nothing for an item of a creator not followed, a future one, or a guessed id; one row per member", async () => {
    const [creator, stranger] = [await makeUser(), await makeUser()];
    const fan = await fanOf(creator.id);
    const t = Date.now();
    const mine = await makeContent(creator.id, { createdAt: iso(t - 2000) });
    const theirs = await makeContent(stranger.id, { createdAt: iso(t - 1000) });
    const future = await makeContent(creator.id, {
      createdAt: iso(t - 1000),
      visibility: "private",
      publishAt: iso(t + HOUR_MS),
      publishedAt: iso(t + HOUR_MS),
    });
    for (const id of [theirs.id, future.id, "01ARZ3NDEKTSV4RRFFQ69G5FAV"])
      expect(await (await readThrough(fan.browser, id)).json()).toEqual({ unread: 1 });
    expect(await marks(fan.browser)).toMatchObject({ feedUnread: [mine.id] });

    await readThrough(fan.browser, mine.id);
    const rows = await env.DB.prepare(
      `select (select count(*) from notification_settings where user_id = ?1) as settings,
        (select count(*) from notifications where user_num = (select num from users where id = ?1)) as notes`,
    )
      .bind(fan.id)
      .first<{ settings: number; notes: number }>();
    expect(rows).toEqual({ settings: 1, notes: 0 });
  });

  it("refuses visitors (401) and what is not a content id (400, in words)", async () => {
    const res = await new Browser().json("/api/me/following/uploads/read", "POST", {
      newest_id: "01ARZ3NDEKTSV4RRFFQ69G5FAV",
    });
    expect(res.status).toBe(401);
    const fan = await member();
    for (const [body, words] of [
      [{}, "newest_id is required"],
      [{ newest_id: "nope" }, "newest_id must be a content id"],
      [{ newest_id: 5 }, "newest_id must be text"],
    ] as const) {
      const bad = await fan.browser.json("/api/me/following/uploads/read", "POST", body);
      expect(bad.status).toBe(400);
      expect((await bad.json<{ error: string }>()).error).toContain(words);
    }
  });
});
