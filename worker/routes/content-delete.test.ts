import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ContentJson } from "../../common/schemas/content";
import type { ModerationUserResponse } from "../../common/schemas/moderation";
import { earnings } from "../db/schema";
import { newId } from "../lib/ids";
import { addMs, nowIso } from "../lib/time";
import { makeContent, makeQualifiedView, makeUser, testDb } from "../test/factories";
import { deleteItem, evidenceOf, purgeAt, tombstone } from "../test/deletion";
import { Browser, signedInBrowser, uniqueEmail } from "../test/http";
import { publishFixture, uploadFixture } from "../test/uploads";
import { runEarningsCron, watchPaced } from "../test/views";

// Deleting an item is a tombstone (docs/decisions/028): gone from the product for everyone at once, media
// removed by the cron after the grace period, and everything the money rules and the moderators read kept.

const DAY_MS = 24 * 3600_000;
const idOf = async (b: Browser) => (await (await b.fetch("/api/users/me")).json<{ id: string }>()).id;
const ids = async (b: Browser, path: string) => {
  const res = await b.fetch(path);
  expect(res.status, path).toBe(200);
  const body = await res.json<{ items?: ContentJson[]; suggestions?: ContentJson[] }>();
  return (body.items ?? body.suggestions ?? []).map((i) => i.id);
};

/** A creator's real item (media and thumbnail) that a member watched (paid), liked and reported; a sibling. */
async function scene() {
  const word = `dl${Math.random().toString(36).slice(2, 8)}`;
  const creator = await signedInBrowser(uniqueEmail("creator"));
  const creatorId = await idOf(creator);
  const thumb = await uploadFixture(creator, "thumb.jpg");
  const itemId = await publishFixture(creator, "clip-6s.mp4", {
    title: `${word} reel`,
    tags: [word],
    thumbnail_key: thumb,
  });
  const item = await (await creator.fetch(`/api/content/${itemId}`)).json<ContentJson>();
  const sibling = await makeContent((await makeUser()).id, { title: `${word} sibling`, tags: word });
  const member = await signedInBrowser(uniqueEmail("member"));
  const memberId = await idOf(member);
  expect((await watchPaced(member, memberId, itemId, item.duration * 1000)).qualified).toBe(true);
  await runEarningsCron();
  for (const id of [itemId, sibling.id])
    expect((await member.fetch(`/api/content/${id}/like`, { method: "POST" })).status).toBe(200);
  expect((await member.json(`/api/content/${itemId}/report`, "POST", { reason: "spam" })).status).toBe(201);
  const admin = await signedInBrowser("admin@example.com");
  return { word, creator, creatorId, itemId, item, thumb, sibling, member, memberId, admin, anonymous: new Browser() };
}

describe("a deleted item", () => {
  it("leaves every list and answers 404 to everyone, its creator and admins included; its evidence stays", async () => {
    const s = await scene();
    expect(await ids(s.anonymous, `/api/content?search=${s.word}`)).toContain(s.itemId);
    const before = await evidenceOf(s.itemId);
    expect(before).toEqual({ views: 1, likes: 1, reports: 1, rewards: 2 });

    await deleteItem(s.creator, s.itemId);

    for (const [who, b] of Object.entries({
      anonymous: s.anonymous,
      member: s.member,
      creator: s.creator,
      admin: s.admin,
    })) {
      expect(await ids(b, "/api/content?limit=60"), `gallery for ${who}`).not.toContain(s.itemId);
      const search = await ids(b, `/api/content?search=${s.word}`);
      expect(search, `search for ${who}`).toEqual([s.sibling.id]);
      expect(await ids(b, `/api/content?creator=${s.creatorId}`), `creator page for ${who}`).toEqual([]);
      expect(await (await b.fetch(`/api/users/${s.creatorId}`)).json(), `counts for ${who}`).toMatchObject({
        video_count: 0,
        audio_count: 0,
      });
      expect((await b.fetch(`/api/content/${s.itemId}`)).status, `details for ${who}`).toBe(404);
      expect((await b.fetch(`/api/content/${s.itemId}/thumbnail`)).status, `thumbnail for ${who}`).toBe(404);
      if (b === s.anonymous) continue;
      expect(await ids(b, "/api/content/liked"), `liked for ${who}`).not.toContain(s.itemId);
      expect(await ids(b, "/api/content/recommendations?limit=50"), `recommendations for ${who}`).not.toContain(
        s.itemId,
      );
      expect(await ids(b, `/api/content/${s.sibling.id}/suggestions?limit=20`), `Up Next for ${who}`).not.toContain(
        s.itemId,
      );
      expect((await b.fetch(`/api/content/${s.itemId}/stream`)).status, `stream for ${who}`).toBe(404);
      expect((await b.fetch(`/api/content/${s.itemId}/suggestions`)).status, `suggestions for ${who}`).toBe(404);
      const start = {
        content_id: s.itemId,
        event_type: "start",
        second_mark: 0,
        discovery_method: "browse",
        device_fingerprint: "fp",
      };
      expect((await b.json("/api/playback-events", "POST", start)).status, `playback for ${who}`).toBe(404);
    }
    expect(await ids(s.member, "/api/content/liked")).toEqual([s.sibling.id]);
    expect(await ids(s.creator, "/api/content/mine")).toEqual([]);
    // Nothing about it can be changed any more, by anyone: like, unlike, report, edit, thumbnail, delete.
    for (const method of ["POST", "DELETE"])
      expect((await s.member.fetch(`/api/content/${s.itemId}/like`, { method })).status).toBe(404);
    expect((await s.member.json(`/api/content/${s.itemId}/report`, "POST", { reason: "other" })).status).toBe(404);
    for (const b of [s.creator, s.admin]) {
      expect(
        (await b.json(`/api/content/${s.itemId}`, "PATCH", { title: "Back", description: "", tags: [] })).status,
      ).toBe(404);
      expect((await b.json(`/api/content/${s.itemId}/thumbnail`, "PATCH", { thumbnail_key: s.thumb })).status).toBe(
        404,
      );
      expect((await b.fetch(`/api/content/${s.itemId}`, { method: "DELETE" })).status).toBe(404);
    }

    // Kept: the row, its views, the like, the report, both rewards; its media until the grace period ends.
    expect(await evidenceOf(s.itemId)).toEqual(before);
    expect(await env.MEDIA.head(s.item.r2_key)).not.toBeNull();
    expect(await env.MEDIA.head(s.thumb)).not.toBeNull();
    const row = await env.DB.prepare("select deleted_at, deleted_by, title from content where id = ?")
      .bind(s.itemId)
      .first<{ deleted_at: string; deleted_by: string }>();
    expect(row).toMatchObject({ deleted_by: s.creatorId, title: `${s.word} reel` });
    // The deletion is on the record, in the member's moderation page with the report of the item.
    const record = await (
      await s.admin.fetch(`/api/admin/moderation/users/${s.creatorId}`)
    ).json<ModerationUserResponse>();
    expect(record.reports_received).toEqual([
      expect.objectContaining({ content_id: s.itemId, content_deleted: true, reason: "spam" }),
    ]);
    expect(record.actions).toEqual([
      expect.objectContaining({ action: "delete", entity: "content", entity_id: s.itemId }),
    ]);
    // The creator renaming themselves touches the search rows of their items, the deleted one no longer among them.
    expect((await s.creator.json("/api/users/me/username", "PATCH", { username: `${s.word}new` })).status).toBe(200);
    expect(await ids(s.anonymous, `/api/content?search=${s.word}new`)).toEqual([]);
    // Its upload rows stay used: the keys can never be attached again.
    const reuse = await s.creator.json("/api/content/finalize", "POST", {
      r2_key: s.item.r2_key,
      type: "video",
      title: "Again",
    });
    expect(reuse.status).toBe(409);
  });

  it("may be deleted by its creator or an admin, not by another member; two deletions at once apply once", async () => {
    const creator = await signedInBrowser(uniqueEmail("creator"));
    const [a, b] = [await makeContent(await idOf(creator)), await makeContent(await idOf(creator))];
    const other = await signedInBrowser(uniqueEmail("other"));
    expect((await other.fetch(`/api/content/${a.id}`, { method: "DELETE" })).status).toBe(403);
    expect((await other.fetch("/api/content/01ARZ3NDEKTSV4RRFFQ69G5FAV", { method: "DELETE" })).status).toBe(404);
    const admin = await signedInBrowser("admin@example.com");
    await deleteItem(admin, a.id);
    const both = await Promise.all([creator, admin].map((x) => x.fetch(`/api/content/${b.id}`, { method: "DELETE" })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 404]);
    const audit = await env.DB.prepare(
      "select count(*) as n from audit_log where entity = 'content' and entity_id = ? and action = 'delete'",
    )
      .bind(b.id)
      .first();
    expect(audit).toEqual({ n: 1 });
  });

  it("is never a removed row: the database refuses to delete views, rewards, audit rows or accounts", async () => {
    const creator = await makeUser();
    const viewer = await makeUser();
    const item = await makeContent(creator.id);
    await makeQualifiedView(viewer.id, item);
    await runEarningsCron();
    expect(await tombstone(item.id, creator.id)).toBe(true);
    for (const statement of [
      ["delete from content where id = ?", item.id],
      ["delete from views where content_id = ?", item.id],
      ["delete from earnings where user_id = ?", viewer.id],
      ["delete from users where id = ?", viewer.id],
      ["delete from audit_log where entity_id = ?", item.id],
    ] as const) {
      await expect(env.DB.prepare(statement[0]).bind(statement[1]).run(), statement[0]).rejects.toThrow(/permanent/);
    }
    expect(await evidenceOf(item.id)).toMatchObject({ views: 1, rewards: 2 });
    // Every guard is there (a later migration that rebuilds one of these tables must create its trigger again).
    const { results } = await env.DB.prepare(
      "select name from sqlite_master where type = 'trigger' and name like '%permanent' order by name",
    ).all();
    expect(results.map((r) => r.name)).toEqual([
      "audit_rows_are_permanent",
      "bonus_reversals_are_permanent",
      "content_view_totals_are_permanent",
      "member_view_days_are_permanent",
      "payment_reversals_are_permanent",
      "payout_address_holders_are_permanent",
      "payout_batches_are_permanent",
      "payout_destinations_are_permanent",
      "payout_requests_are_permanent",
      "reports_are_permanent",
      "reversals_are_permanent",
      "settled_payments_are_permanent",
      "signon_bonuses_are_permanent",
      "users_are_permanent",
      "view_addresses_are_permanent",
      "view_discovery_totals_are_permanent",
      "view_pairs_are_permanent",
      "view_rewards_are_permanent",
      "viewer_view_totals_are_permanent",
      "views_are_permanent",
    ]);
  });
});

describe("media removal after the grace period", () => {
  it("the cron removes a deleted item's objects once, after 14 days, and never while its money or a report is open", async () => {
    const creator = await signedInBrowser(uniqueEmail("creator"));
    const creatorId = await idOf(creator);
    const thumb = await uploadFixture(creator, "thumb.jpg");
    const id = await publishFixture(creator, "tiny.mp4", { thumbnail_key: thumb });
    const item = await (await creator.fetch(`/api/content/${id}`)).json<ContentJson>();
    const keep = await publishFixture(creator, "tiny.mp4");
    const reporter = await signedInBrowser(uniqueEmail("reporter"));
    expect((await reporter.json(`/api/content/${id}/report`, "POST", { reason: "copyright" })).status).toBe(201);
    // A reward of one of its views still held a month from now (a long hold, or a late credit).
    const viewer = await makeUser();
    const viewId = await makeQualifiedView(viewer.id, { id, createdBy: creatorId, durationMs: item.duration * 1000 });
    const now = nowIso();
    await testDb()
      .insert(earnings)
      .values({
        id: newId(),
        userId: creatorId,
        kind: "creator",
        viewId,
        contentId: id,
        amountMicros: 3000,
        createdAt: now,
        availableAt: addMs(now, 30 * DAY_MS),
      });
    await deleteItem(creator, id);
    const stored = async () => [await env.MEDIA.head(item.r2_key), await env.MEDIA.head(thumb)].map((o) => o !== null);
    const purgedAt = async () =>
      (await env.DB.prepare("select media_purged_at as at from content where id = ?")
        .bind(id)
        .first<{ at: string | null }>())!.at;

    await purgeAt(addMs(now, 13 * DAY_MS));
    expect(await stored()).toEqual([true, true]);
    // Past the grace period, but a report is open and a reward is still held: kept.
    await purgeAt(addMs(now, 15 * DAY_MS));
    expect(await stored()).toEqual([true, true]);
    const admin = await signedInBrowser("admin@example.com");
    expect(
      (await admin.json(`/api/admin/moderation/content/${id}`, "POST", { action: "dismiss", note: "" })).status,
    ).toBe(200);
    await purgeAt(addMs(now, 15 * DAY_MS));
    expect(await stored()).toEqual([true, true]);
    // Once the reward is released, the objects go, and the item says when.
    const later = addMs(now, 31 * DAY_MS);
    expect(await purgeAt(later)).toBeGreaterThanOrEqual(1);
    expect(await stored()).toEqual([false, false]);
    expect(await purgedAt()).toBe(later);
    // Once: a later run leaves the record as it was. Live items are never touched.
    await purgeAt(addMs(now, 40 * DAY_MS));
    expect(await purgedAt()).toBe(later);
    const kept = await (await creator.fetch(`/api/content/${keep}`)).json<ContentJson>();
    expect(await env.MEDIA.head(kept.r2_key)).not.toBeNull();
  });
});
