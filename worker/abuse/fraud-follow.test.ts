import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { NotificationsJson } from "../../common/schemas/notifications";
import { creditQualifiedViews } from "../domain/earnings/credit-views";
import { makeContent, makeQualifiedView, makeUser, testDb } from "../test/factories";
import { signedInBrowser } from "../test/http";
import { member } from "../test/members";

// Attacks on follows and the bell (docs/decisions/046): reading or marking someone else's notifications, writing
// rows through guessed ids, and follow spam that would cost a creator's followers a row each per upload.

const bell = async (b: { fetch: (p: string) => Promise<Response> }) => (await b.fetch("/api/me/notifications")).json<NotificationsJson>();

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
    const res = await attacker.browser.json("/api/me/notifications/read", "POST", { ids: items.map((i) => `u-${i.id}`) });
    expect(res.status).toBe(200);
    const rows = await env.DB.prepare("select count(*) as n from notifications where user_num = (select num from users where id = ?1)").bind(attacker.id).first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });
});

describe("follow spam", () => {
  it("an upload writes no row per follower, so fifty followers (or 100k) cost the upload nothing", async () => {
    const creator = await makeUser();
    const fans = await Promise.all(Array.from({ length: 50 }, () => makeUser()));
    const now = new Date(Date.now() - 1000).toISOString();
    await env.DB.batch(fans.map((f) => env.DB.prepare("insert into follows (follower_id, creator_id, created_at) values (?1, ?2, ?3)").bind(f.id, creator.id, now)));
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
    await expect(env.DB.prepare("insert into follows (follower_id, creator_id, created_at) values (?1, ?1, ?2)").bind(me.id, new Date().toISOString()).run()).rejects.toThrow(/CHECK/);
  });
});
