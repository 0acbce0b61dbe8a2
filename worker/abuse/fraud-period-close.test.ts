import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { tellCredits } from "../db/queries/earnings/credit-notices";
import { owedTo } from "../db/queries/earnings/owed";
import { FOLD_VIEW_EARNINGS_SQL, foldViewEarningsStatements, keptViewSql } from "../db/queries/archive/period-close";
import { walletParts } from "../db/queries/wallet/wallet";
import { balancesOf } from "../domain/wallet/balances";
import { newId } from "../lib/ids";
import { makeContent, makeUser, testDb } from "../test/factories";
import { creditedView, foldPart, viewReward } from "../test/period-close";

// The period close (docs/decisions/052) moves view rewards out of `earnings` into opening balances. The farm's
// angles: delete rewards without archiving them, fold the same part twice to be credited twice, or get a
// reward that is still held or under review folded, so it escapes the hold, the review and the reversal.

const DAY = "2025-01-10";
const CLOSE_AT = "2025-03-20T00:00:00.000Z";

/** A creator, a viewer and `n` credited views of `day`, each paying both sides 3,000, available after a week. */
async function world(n: number, day = DAY) {
  const creator = await makeUser();
  const viewer = await makeUser();
  const item = await makeContent(creator.id);
  const views: { id: string; viewerEarning: string; creatorEarning: string }[] = [];
  for (let i = 0; i < n; i++) {
    const startedAt = `${day}T1${i}:00:00.000Z`;
    const id = await creditedView({ viewerId: viewer.id, creatorId: creator.id, contentId: item.id, startedAt });
    const reward = {
      viewId: id,
      contentId: item.id,
      micros: 3000,
      createdAt: startedAt,
      availableAt: `${day}T23:00:00.000Z`,
    };
    const viewerEarning = await viewReward({ ...reward, userId: viewer.id, kind: "viewer" });
    const creatorEarning = await viewReward({ ...reward, userId: creator.id, kind: "creator" });
    views.push({ id, viewerEarning, creatorEarning });
  }
  // A later reward elsewhere holds the table's newest rowid, which a close never frees.
  const other = await makeUser();
  const later = await creditedView({
    viewerId: other.id,
    creatorId: creator.id,
    contentId: item.id,
    startedAt: "2025-12-01T00:00:00.000Z",
  });
  await viewReward({
    userId: other.id,
    kind: "viewer",
    viewId: later,
    contentId: item.id,
    micros: 1,
    createdAt: "2025-12-01T00:00:00.000Z",
    availableAt: "2025-12-08T00:00:00.000Z",
  });
  return { creator, viewer, item, views };
}

const remaining = async (ids: string[]) =>
  (await env.DB.prepare(`select count(*) as n from earnings where id in (select value from json_each(?1))`)
    .bind(JSON.stringify(ids))
    .first<{ n: number }>())!.n;
const opening = async (userId: string) =>
  (await env.DB.prepare(
    "select coalesce(sum(amount_micros), 0) as micros, coalesce(sum(rows), 0) as rows from opening_balances where user_num = (select num from users where id = ?)",
  )
    .bind(userId)
    .first<{ micros: number; rows: number }>())!;
const balance = async (userId: string, now = CLOSE_AT) => balancesOf((await walletParts(testDb(), userId, now)).parts);

describe("the period close cannot be turned into money", () => {
  it("refuses to delete a view reward that no archive part covers, and allows it once one does", async () => {
    const { views } = await world(2);
    const [a, b] = views as [(typeof views)[0], (typeof views)[0]];
    await expect(env.DB.prepare("delete from earnings where id = ?").bind(a.viewerEarning).run()).rejects.toThrow(
      /view rewards are permanent/,
    );
    // A permit for another day, or for a key range that stops short of the view, covers nothing.
    const [low, high] = [a.id, b.id].sort() as [string, string];
    await env.DB.prepare(
      `insert into archive_parts (dataset, day, part, after_key, last_key, rows, bytes, sha256, object_key, created_at)
       values ('views', '2025-01-11', 1, '', 'zzzz', 0, 0, '', 'x', ?1), ('views', ?2, 900, '', ?3, 0, 0, '', 'x', ?1),
              ('visits', ?2, 901, '', 'zzzz', 0, 0, '', 'x', ?1)`,
    )
      .bind(CLOSE_AT, DAY, low)
      .run();
    const highEarning = views.find((v) => v.id === high)!.viewerEarning;
    const lowEarning = views.find((v) => v.id === low)!.viewerEarning;
    await expect(env.DB.prepare("delete from earnings where id = ?").bind(highEarning).run()).rejects.toThrow(
      /view rewards are permanent/,
    );
    // The part that covers it lets the archive batch remove it.
    await env.DB.prepare("delete from earnings where id = ?").bind(lowEarning).run();
    expect(await remaining([lowEarning, highEarning])).toBe(1);
  });

  it("a fold without its archive_parts permit fails whole: nothing is folded, nothing leaves", async () => {
    const { viewer, views } = await world(2);
    const before = await balance(viewer.id);
    const ids = views.flatMap((v) => [v.viewerEarning, v.creatorEarning]);
    await expect(
      env.DB.batch(foldViewEarningsStatements(env.DB, DAY, "", "zzzzzzzzzzzzzzzzzzzzzzzzzz", CLOSE_AT)),
    ).rejects.toThrow(/view rewards are permanent/);
    expect(await remaining(ids)).toBe(4);
    expect(await opening(viewer.id)).toEqual({ micros: 0, rows: 0 });
    expect(await balance(viewer.id)).toEqual(before);
  });

  it("a part folded twice pays once: the repeated batch fails on the part's key and changes nothing", async () => {
    const { viewer, creator, views } = await world(3);
    const before = [await balance(viewer.id), await balance(creator.id)];
    expect(before[0]!.viewerBalance).toBe(9000);
    const last = views
      .map((v) => v.id)
      .sort()
      .at(-1)!;
    const part = await foldPart(DAY, "", last, CLOSE_AT);
    expect(await remaining(views.flatMap((v) => [v.viewerEarning, v.creatorEarning]))).toBe(0);
    expect(await opening(viewer.id)).toEqual({ micros: 9000, rows: 3 });
    // The same part again (a retried run, or two runs racing): the whole batch is refused.
    await expect(foldPart(DAY, "", last, CLOSE_AT, part)).rejects.toThrow(/UNIQUE|constraint/i);
    // The next part number over the same range finds nothing left to fold.
    await foldPart(DAY, "", last, CLOSE_AT);
    expect(await opening(viewer.id)).toEqual({ micros: 9000, rows: 3 });
    expect(await opening(creator.id)).toEqual({ micros: 9000, rows: 3 });
    expect([await balance(viewer.id), await balance(creator.id)]).toEqual(before);
  });

  it("never folds a reward still held, reversed, or named by a review (open or decided): those views stay whole", async () => {
    const { viewer, creator, item, views } = await world(4);
    const [reversed, open, cleared, clean] = views as [
      (typeof views)[0],
      (typeof views)[0],
      (typeof views)[0],
      (typeof views)[0],
    ];
    // A view of the same day whose rewards are still in their hold at the close.
    const late = await creditedView({
      viewerId: viewer.id,
      creatorId: creator.id,
      contentId: item.id,
      startedAt: `${DAY}T20:00:00.000Z`,
    });
    const lateReward = {
      viewId: late,
      contentId: item.id,
      micros: 3000,
      createdAt: `${DAY}T20:00:00.000Z`,
      availableAt: "2025-04-01T00:00:00.000Z",
    };
    const held = [
      await viewReward({ ...lateReward, userId: viewer.id, kind: "viewer" }),
      await viewReward({ ...lateReward, userId: creator.id, kind: "creator" }),
    ];
    const admin = await makeUser();
    const reviewOf = async (earningId: string, status: "open" | "cleared" | "reversed") => {
      const id = newId();
      await env.DB.batch([
        env.DB.prepare(
          `insert into reviews (id, rule, subject, user_ids, evidence, status, created_at) values (?1, 'shared_ip', ?1, '[]', '[]', ?2, ?3)`,
        ).bind(id, status, `${DAY}T12:00:00.000Z`),
        env.DB.prepare(`insert into review_earnings (review_id, earning_id, rule) values (?1, ?2, 'shared_ip')`).bind(
          id,
          earningId,
        ),
      ]);
      return id;
    };
    const reversedBy = await reviewOf(reversed.viewerEarning, "reversed");
    await env.DB.prepare(
      `insert into reversals (earning_id, user_id, side, view_id, amount_micros, reason, review_id, created_by, created_at)
       values (?1, ?2, 'viewer', ?3, -3000, 'shared_ip', ?4, ?5, ?6)`,
    )
      .bind(reversed.viewerEarning, viewer.id, reversed.id, reversedBy, admin.id, `${DAY}T13:00:00.000Z`)
      .run();
    await reviewOf(open.creatorEarning, "open");
    await reviewOf(cleared.creatorEarning, "cleared");
    const before = [await balance(viewer.id), await balance(creator.id)];

    const ids = [...views.map((v) => v.id), late].sort();
    // What the views archive asks before its delete: exactly the views with an unfinal reward stay.
    const stay = await env.DB.prepare(
      `select v.id from views v where v.id in (select value from json_each(?1)) and ${keptViewSql("v", "?2")} order by v.id`,
    )
      .bind(JSON.stringify(ids), CLOSE_AT)
      .all<{ id: string }>();
    expect(stay.results.map((r) => r.id)).toEqual([reversed.id, open.id, cleared.id, late].sort());
    await foldPart(DAY, "", ids.at(-1)!, CLOSE_AT);

    // Only the clean view's rewards are folded; every reward of a view with one unfinal reward stays, both sides.
    const kept = [...[reversed, open, cleared].flatMap((v) => [v.viewerEarning, v.creatorEarning]), ...held];
    expect(await remaining(kept)).toBe(kept.length);
    expect(await remaining([clean.viewerEarning, clean.creatorEarning])).toBe(0);
    expect(await opening(viewer.id)).toEqual({ micros: 3000, rows: 1 });
    expect(await opening(creator.id)).toEqual({ micros: 3000, rows: 1 });
    expect([await balance(viewer.id), await balance(creator.id)]).toEqual(before);
    // The held reward still waits for its day; the one under an open review is still pending; the reversal stands.
    const parts = (await walletParts(testDb(), viewer.id, CLOSE_AT)).parts;
    expect(parts.viewerPending).toBe(3000);
    expect(parts.viewerReversed).toBe(3000);
    expect((await walletParts(testDb(), creator.id, CLOSE_AT)).parts.creatorPending).toBe(6000);
  });

  it("a fold neither hides a credit from the member's notice nor tells it twice", async () => {
    const { viewer, views } = await world(3);
    const db = testDb();
    // The member is told of nothing before the close; the close folds all three untold rewards.
    await foldPart(
      DAY,
      "",
      views
        .map((v) => v.id)
        .sort()
        .at(-1)!,
      CLOSE_AT,
    );
    const mark = await owedTo(db, viewer.id, 25);
    expect(mark.notice.pending).toBe(true);
    // Two polls race with the same mark: one tells 9,000, the other nothing.
    const told = await Promise.all([
      tellCredits(db, viewer.id, mark.notice.seenRowid),
      tellCredits(db, viewer.id, mark.notice.seenRowid),
    ]);
    expect(told.sort()).toEqual([0, 9000]);
    expect((await owedTo(db, viewer.id, 25)).notice.pending).toBe(false);
  });

  it("never frees the earnings table's newest row, so a new reward never reuses a rowid a notice mark has passed", async () => {
    const { viewer, views } = await world(2);
    const newest = views.at(-1)!;
    // A final, available reward of the same day written last: the table's newest row.
    const item = await makeContent(viewer.id);
    const lastView = await creditedView({
      viewerId: viewer.id,
      creatorId: item.createdBy,
      contentId: item.id,
      startedAt: `${DAY}T23:30:00.000Z`,
    });
    const lastReward = await viewReward({
      userId: viewer.id,
      kind: "viewer",
      viewId: lastView,
      contentId: item.id,
      micros: 7,
      createdAt: `${DAY}T23:30:00.000Z`,
      availableAt: `${DAY}T23:31:00.000Z`,
    });
    const top = () =>
      env.DB.prepare("select id from earnings where rowid = (select max(rowid) from earnings)").first<{ id: string }>();
    expect((await top())!.id).toBe(lastReward);
    await foldPart(DAY, "", [...views.map((v) => v.id), lastView].sort().at(-1)!, CLOSE_AT);
    // The other views' rewards are folded; the view holding the newest row stays whole.
    expect(await remaining([newest.viewerEarning, newest.creatorEarning])).toBe(0);
    expect(await remaining([lastReward])).toBe(1);
    expect(await opening(viewer.id)).toEqual({ micros: 6000, rows: 2 });
    expect((await top())!.id).toBe(lastReward);
  });

  it("folds through indexes: the part's key range, then each view's rewards, never a scan of the ledger", async () => {
    for (const text of FOLD_VIEW_EARNINGS_SQL) {
      const plan = await env.DB.prepare(`explain query plan ${text}`)
        .bind(DAY, "", "z", CLOSE_AT)
        .all<{ detail: string }>();
      const details = plan.results.map((r) => r.detail).join("\n");
      // The key range, on the views or (the same range, by the join) on the rewards' view ids.
      expect(details).toMatch(
        /SEARCH (v USING INDEX sqlite_autoindex_views_1 \(id>\? AND id<\?\)|v USING (COVERING )?INDEX views_day_id_idx \(<expr>=\? AND id>\? AND id<\?\)|e USING INDEX earnings_view_side_unique \(view_id>\? AND view_id<\?\))/,
      );
      expect(details).not.toMatch(/SCAN (v|e|k|earnings|views|reversals|review_earnings)\b(?! USING)/);
    }
  });
});
