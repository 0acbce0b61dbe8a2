import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { NotificationsJson } from "../../common/schemas/notifications";
import { creditQualifiedViews } from "../domain/earnings/credit-views";
import { makeContent, makeQualifiedView, makeUser, testDb } from "../test/factories";
import { signedInBrowser } from "../test/http";
import { member } from "../test/members";
import { HOUR_WINDOW_MS, WINDOW_MS, windowStart } from "../lib/rate-window";
import { FOLLOWS_PER_HOUR, FOLLOWS_PER_MINUTE } from "../middleware/rate-limit";
import { notAtTheEndOfAnHour, startOfAWindow, WINDOW_TEST_TIMEOUT_MS } from "../test/rate-window";

// Attacks on follows and the bell (docs/decisions/046): reading or marking someone else's notifications, writing
// rows through guessed ids, follow spam that would cost a creator's followers a row each per upload, and follow
// bursts, limited per member (docs/decisions/064).

const bell = async (b: { fetch: (p: string) => Promise<Response> }) =>
  (await b.fetch("/api/me/notifications")).json<NotificationsJson>();

describe("the bell is the caller's own", () => {
  it("marking another member's notification ids read changes nothing of theirs", async () => {
    const creator = await makeUser();
    const victim = await makeUser();
    await makeQualifiedView(victim.id, await makeContent(creator.id));
    await creditQualifiedViews(testDb(), new Date().toISOString(), 25, 100);
    const victimBrowser = await signedInBrowser(victim.email);
    const [line] = (await bell(victimBrowser)).items;
    expect(line).toMatchObject({ kind: "views_credited", read: false });

    const attacker = await member("attacker");
    // The attacker guesses the row id (it is the table's rowid, so neighbours are easy to guess).
    const guessed = Array.from({ length: 100 }, (_, i) => String(Math.max(1, Number(line!.id) - 50 + i)));
    expect((await attacker.browser.json("/api/me/notifications/read", "POST", { ids: guessed })).status).toBe(200);
    expect((await bell(attacker.browser)).items).toEqual([]);
    expect((await bell(victimBrowser)).items[0]).toMatchObject({ id: line!.id, read: false });
  });

  it("upload ids of creators one does not follow write no rows", async () => {
    const attacker = await member("attacker");
    const items = await Promise.all([0, 1, 2].map(async () => makeContent((await makeUser()).id)));
    const res = await attacker.browser.json("/api/me/notifications/read", "POST", {
      ids: items.map((i) => `u-${i.id}`),
    });
    expect(res.status).toBe(200);
    const rows = await env.DB.prepare(
      "select count(*) as n from notifications where user_num = (select num from users where id = ?1)",
    )
      .bind(attacker.id)
      .first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });
});

describe("follow spam", () => {
  it("an upload writes no row per follower, so fifty followers (or 100k) cost the upload nothing", async () => {
    const creator = await makeUser();
    const fans = await Promise.all(Array.from({ length: 50 }, () => makeUser()));
    const now = new Date(Date.now() - 1000).toISOString();
    await env.DB.batch(
      fans.map((f) =>
        env.DB.prepare("insert into follows (follower_id, creator_id, created_at) values (?1, ?2, ?3)").bind(
          f.id,
          creator.id,
          now,
        ),
      ),
    );
    const before = await env.DB.prepare("select count(*) as n from notifications").first<{ n: number }>();
    const item = await makeContent(creator.id);
    const after = await env.DB.prepare("select count(*) as n from notifications").first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
    // Yet every follower's bell tells it.
    const fan = await signedInBrowser(fans[7]!.email);
    expect((await bell(fan)).items).toMatchObject([{ kind: "upload", subject_id: item.id, read: false }]);
  });

  it("one cannot follow oneself to fill one's own bell, even past the route (the table refuses it)", async () => {
    const me = await makeUser();
    await expect(
      env.DB.prepare("insert into follows (follower_id, creator_id, created_at) values (?1, ?1, ?2)")
        .bind(me.id, new Date().toISOString())
        .run(),
    ).rejects.toThrow(/CHECK/);
  });
});

describe("follow bursts (docs/decisions/064)", () => {
  const followsOf = async (id: string) =>
    (await env.DB.prepare("select count(*) as n from follows where follower_id = ?").bind(id).first<{ n: number }>())!
      .n;

  it(
    "97 follows in a burst: FOLLOWS_PER_MINUTE are taken, the rest get 429 with a clear error; the next minute follows again",
    async () => {
      await startOfAWindow();
      await notAtTheEndOfAnHour();
      const creators = await Promise.all(Array.from({ length: 97 }, () => makeUser()));
      const script = await member("script");
      const statuses: number[] = [];
      for (let i = 0; i < creators.length; i += 20) {
        const batch = await Promise.all(
          creators.slice(i, i + 20).map((c) => script.browser.fetch(`/api/creators/${c.id}/follow`, { method: "PUT" })),
        );
        statuses.push(...batch.map((r) => r.status));
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(FOLLOWS_PER_MINUTE);
      expect(statuses.filter((s) => s === 429)).toHaveLength(97 - FOLLOWS_PER_MINUTE);
      expect(await followsOf(script.id)).toBe(FOLLOWS_PER_MINUTE);
      // Unfollowing counts too: flipping one creator back and forth is no way around the limit.
      const refused = await script.browser.fetch(`/api/creators/${creators[0]!.id}/follow`, { method: "DELETE" });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({
        code: "rate_limited",
        error: "You're following and unfollowing too fast. Please wait a minute and try again.",
      });
      // Another member is not held back.
      const other = await member("other");
      expect((await other.browser.fetch(`/api/creators/${creators[0]!.id}/follow`, { method: "PUT" })).status).toBe(
        200,
      );
      // The next minute: the clock moves the count into a past window (the row the limit writes), and one follows again.
      await env.DB.prepare("update rate_limits set window_start = ? where key = ? and window_start = ?")
        .bind(windowStart(Date.now() - WINDOW_MS), `follow:${script.id}`, windowStart(Date.now()))
        .run();
      const next = await script.browser.fetch(`/api/creators/${creators[96]!.id}/follow`, { method: "PUT" });
      expect(next.status).toBe(200);
      expect(await followsOf(script.id)).toBe(FOLLOWS_PER_MINUTE + 1);
    },
    WINDOW_TEST_TIMEOUT_MS,
  );

  it("refuses past FOLLOWS_PER_HOUR in the hour, even a minute at a time within the minute limit", async () => {
    await notAtTheEndOfAnHour();
    const creator = await makeUser();
    const script = await member("script-hour");
    // The hour's count as ten busy minutes before this one would have left it (the same row the limit writes).
    await env.DB.prepare("insert into rate_limits (key, window_start, count) values (?, ?, ?)")
      .bind(`hourly:follow:${script.id}`, windowStart(Date.now(), HOUR_WINDOW_MS), FOLLOWS_PER_HOUR - 1)
      .run();
    expect((await script.browser.fetch(`/api/creators/${creator.id}/follow`, { method: "PUT" })).status).toBe(200);
    const refused = await script.browser.fetch(`/api/creators/${creator.id}/follow`, { method: "DELETE" });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      code: "rate_limited",
      error: "You have followed and unfollowed too many creators in the last hour. Please wait a while and try again.",
    });
  });
});
