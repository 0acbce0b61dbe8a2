import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../db/client";
import { adminAnalyticsRows } from "../db/queries/views/admin-analytics";
import { BONUS_RISK_REASONS_SQL, checkAndAwardBonuses } from "../db/queries/reviews/bonus-risk";
import { refreshChallengeProgress } from "../db/queries/challenges/challenge-progress";
import { readContentStats } from "../db/queries/content/content-stats";
import { loadCandidates, loadFallbackCandidates } from "../db/queries/recommendations/recommendations";
import { minIndependentViewsSql } from "../db/queries/challenges/viewer-independence";
import { bonuses, challengeProgress, challenges, views } from "../db/schema";
import { runDataLifecycle } from "../domain/archive/run-lifecycle";
import { viewsDataset } from "../domain/archive/views-dataset";
import { runReviewSweep } from "../domain/reviews/sweep";
import { newId } from "../lib/ids";
import { nowIso } from "../lib/time";
import { deleteItem } from "../test/deletion";
import { makeContent, makeQualifiedView, makeUser, testDb } from "../test/factories";
import { signedInBrowser } from "../test/http";
import { member } from "../test/members";
import { runEarningsCron } from "../test/views";
import { sideNameSql } from "../db/queries/archive/kept-numbers";
import type { MyViewsResponse } from "../../common/schemas/my-views";

// docs/decisions/053: a farm once deleted its own items to erase the views the fraud rules read
// (decision 028). Archiving views must not become a new way to erase that evidence: once a view has left D1
// for R2, every rule that read it still sees what it needs (view_pairs, view_addresses and the totals the view
// triggers keep), a view still evidence stays in D1, and nothing but the archive job's permit deletes a view.

const DAY_MS = 24 * 3600_000;
const ago = (days: number, hour = 12) =>
  new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10) + `T${String(hour).padStart(2, "0")}:00:00.000Z`;
type Item = { id: string; createdBy: string; durationMs: number };

/**
 * A view of `days` ago as the watch-session object writes it: qualified but paid nothing (`unearnable`, the
 * viewer's cap was reached) or never qualified (`ended`). Rewarded views wait for the period close's fold
 * (i29-ledger) to leave D1; these need none, so they leave with their day.
 */
async function oldView(
  viewerId: string,
  item: Item,
  o: { days: number; ip?: string; status?: "unearnable" | "ended"; hour?: number },
) {
  const at = ago(o.days, o.hour);
  const qualified = (o.status ?? "unearnable") === "unearnable";
  const id = newId();
  await testDb()
    .insert(views)
    .values({
      id,
      contentId: item.id,
      viewerId,
      creatorId: item.createdBy,
      discoveryMethod: o.days % 2 ? "search" : "browse",
      startedAt: at,
      lastEventAt: at,
      maxPositionMs: qualified ? item.durationMs : 1000,
      watchTimeMs: qualified ? item.durationMs : 1000,
      status: qualified ? "unearnable" : "ended",
      qualifiedAt: qualified ? at : null,
      qualifiedDay: qualified ? at.slice(0, 10) : null,
      endReason: qualified ? null : "expired",
      ipHash: o.ip ?? "",
    });
  return id;
}

/** Runs the data lifecycle over the views dataset until no day is due (small parts, so days take several). */
async function archiveEveryDueDay(rowsPerPart = 2) {
  for (let run = 0; run < 50; run++) {
    const report = await runDataLifecycle({
      ctx: { env },
      input: { nowMs: Date.now(), budget: { rowsPerPart, partsPerRun: 50, timeMs: 10_000 }, datasets: [viewsDataset] },
    });
    const views = report.datasets[0]!;
    expect(views.error).toBeNull();
    if (views.parts === 0 && views.days_done.length === 0) return;
  }
  throw new Error("the archive never finished");
}

const viewsInD1 = async (ids: string[]) =>
  Number(
    (await env.DB.prepare(`select count(*) as n from views where id in (select value from json_each(?1))`)
      .bind(JSON.stringify(ids))
      .first<{ n: number }>())!.n,
  );

async function farmPair(createdDaysAgo: number) {
  const [a, b] = [
    await makeUser({ createdAt: ago(createdDaysAgo, 9) }),
    await makeUser({ createdAt: ago(createdDaysAgo, 10) }),
  ];
  const [itemA, itemB] = [
    await makeContent(a.id, { durationMs: 20_000 }),
    await makeContent(b.id, { durationMs: 20_000 }),
  ];
  return { a, b, itemA, itemB };
}

async function pendingBonus(userId: string) {
  const id = newId();
  await testDb().insert(bonuses).values({
    id,
    userId,
    kind: "signon",
    challengeIds: "test",
    totalMicros: 75_000_000,
    status: "pending",
    description: "Sign-on challenge bonus",
    createdAt: nowIso(),
  });
  return id;
}

/** A challenge row for progress rows to name; inactive, so no new member is enrolled in it. */
async function aChallenge() {
  const id = newId();
  await testDb()
    .insert(challenges)
    .values({
      id,
      name: "Long challenge",
      description: "test",
      requirementType: "streams_completed",
      requirementValue: 1,
      bonusMicros: 1_000_000,
      timeLimitHours: 24 * 365,
      isActive: false,
      createdAt: ago(400),
      updatedAt: ago(400),
    });
  return id;
}

const bonusRow = (id: string) =>
  env.DB.prepare("select status, review_reasons as reasons from bonuses where id = ?")
    .bind(id)
    .first<{ status: string; reasons: string | null }>();

describe("a farm's history, archived", () => {
  it("still holds the ring's sign-on bonus: reciprocal new accounts and a shared address, read from the aggregates once the views left D1", async () => {
    const farm = await farmPair(100);
    const ring = [
      await oldView(farm.a.id, farm.itemB, { days: 95, ip: "farm-address" }),
      await oldView(farm.b.id, farm.itemA, { days: 95, ip: "farm-address" }),
      await oldView(farm.b.id, farm.itemA, { days: 94, ip: "farm-address", status: "ended" }),
    ];
    // An honest newcomer of the same days, watched by and watching independent members from their own addresses.
    const honest = await farmPair(100);
    await oldView(honest.a.id, honest.itemB, { days: 95, ip: "home-a" });
    const fan = await makeUser({ createdAt: ago(300) });
    await oldView(fan.id, honest.itemA, { days: 95, ip: "home-fan" });

    await archiveEveryDueDay();
    expect(await viewsInD1(ring)).toBe(0);
    const done = await env.DB.prepare(
      "select count(*) as n from archive_days where dataset = 'views' and status = 'done' and day in (?1, ?2)",
    )
      .bind(ago(95).slice(0, 10), ago(94).slice(0, 10))
      .first<{ n: number }>();
    expect(done?.n).toBe(2);

    const [farmBonus, honestBonus] = [await pendingBonus(farm.a.id), await pendingBonus(honest.a.id)];
    const db = createDb(env.DB);
    await checkAndAwardBonuses(db, nowIso(), { userId: farm.a.id });
    await checkAndAwardBonuses(db, nowIso(), { userId: honest.a.id });
    const held = await bonusRow(farmBonus);
    expect(held?.status).toBe("pending");
    expect(held?.reasons?.split(",")).toEqual(expect.arrayContaining(["reciprocal_new_accounts", "shared_ip"]));
    expect(await bonusRow(honestBonus)).toMatchObject({ status: "awarded", reasons: "" });
  });

  it("is still flagged by the sweep: a new view from the address its creator watched from months ago (archived) is a shared_ip flag; an honest viewer is paid", async () => {
    const { a, b, itemB } = await farmPair(200);
    const elsewhere = await makeContent((await makeUser()).id, { durationMs: 20_000 });
    // Months ago, the creator watched something from the farm's address; that day is archived.
    const old = await oldView(b.id, elsewhere, { days: 90, ip: "farm-address" });
    await archiveEveryDueDay();
    expect(await viewsInD1([old])).toBe(0);

    // Now the viewer watches the creator's item from that address, and an honest member from their own.
    const honest = await makeUser({ createdAt: ago(200) });
    for (const [viewer, ip] of [
      [a.id, "farm-address"],
      [honest.id, "honest-address"],
    ] as const) {
      // The address is written with the view, as the watch-session object writes it (the view's triggers record it).
      await makeQualifiedView(viewer, itemB, nowIso(), ip);
    }
    await runEarningsCron();
    await runReviewSweep({ ctx: { db: createDb(env.DB) }, input: { now: nowIso() } });
    const flags = await env.DB.prepare(
      "select rule, subject from reviews where rule = 'shared_ip' and subject in (?1, ?2)",
    )
      .bind(`${a.id}:${b.id}`, `${honest.id}:${b.id}`)
      .all<{ rule: string; subject: string }>();
    expect(flags.results.map((f) => f.subject)).toEqual([`${a.id}:${b.id}`]);
    const paid = await env.DB.prepare("select count(*) as n from earnings where user_id = ? and kind = 'viewer'")
      .bind(honest.id)
      .first<{ n: number }>();
    expect(paid?.n).toBe(1);
  });

  it("cannot be erased by deleting: the member's delete of an item after the archive changes no aggregate and no reason, and a plain delete of a view is refused", async () => {
    const farm = await farmPair(100);
    const browser = await signedInBrowser((farm.a as { email: string }).email);
    await oldView(farm.a.id, farm.itemB, { days: 92, ip: "farm-address" });
    await oldView(farm.b.id, farm.itemA, { days: 92, ip: "farm-address" });
    await archiveEveryDueDay();
    const aggregates = () =>
      env.DB.prepare(
        `select (select json_group_array(json_array(viewer_num, creator_num, views, qualified, credited)) from view_pairs
                   where (select num from users where id = ?1) in (viewer_num, creator_num)) as pairs,
           (select json_group_array(json_array(ip_hash, viewer_num, views)) from view_addresses
              where viewer_num in (select num from users where id in (?1, ?3))) as addresses,
           (select json_group_array(json_array(views, qualified, watch_ms)) from content_view_totals where content_id = ?2) as totals`,
      )
        .bind(farm.a.id, farm.itemA.id, farm.b.id)
        .first();
    const before = await aggregates();
    await deleteItem(browser, farm.itemA.id);
    expect(await aggregates()).toEqual(before);
    const bonus = await pendingBonus(farm.a.id);
    await checkAndAwardBonuses(createDb(env.DB), nowIso(), { userId: farm.a.id });
    expect((await bonusRow(bonus))?.reasons?.split(",")).toEqual(
      expect.arrayContaining(["reciprocal_new_accounts", "shared_ip"]),
    );

    // No code path deletes a view or an aggregate row without the archive's permit: not a recent view, not a
    // view of an archived day written after its parts (its id is past every part's range), not a cascade.
    const recent = await makeQualifiedView(farm.b.id, farm.itemA);
    const late = await oldView(farm.b.id, farm.itemA, { days: 92, hour: 13 });
    for (const [text, arg] of [
      ["delete from views where id = ?", recent],
      ["delete from views where id = ?", late],
      ["delete from content where id = ?", farm.itemA.id],
      ["delete from view_pairs where viewer_num = (select num from users where id = ?)", farm.a.id],
      ["delete from view_addresses where viewer_num = (select num from users where id = ?)", farm.a.id],
      ["delete from member_view_days where user_num = (select num from users where id = ?)", farm.a.id],
      ["delete from content_view_totals where content_id = ?", farm.itemA.id],
    ] as const) {
      await expect(env.DB.prepare(text).bind(arg).run(), text).rejects.toThrow(/permanent/);
    }
    expect(await viewsInD1([recent, late])).toBe(2);
  });

  it("keeps in D1 the views a sign-on claim that is not final may still judge, and counts them as kept", async () => {
    const claimant = await makeUser({ createdAt: ago(100, 8) });
    const other = await makeUser({ createdAt: ago(300) });
    const theirs = await makeContent(other.id, { durationMs: 20_000 });
    const mine = await makeContent(claimant.id, { durationMs: 20_000, createdAt: ago(99, 9) });
    // A long challenge (up to a year may be set), enrolled 100 days ago and completed; its bonus still pending.
    await testDb()
      .insert(challengeProgress)
      .values({
        userId: claimant.id,
        challengeId: await aChallenge(),
        requirementType: "streams_completed",
        requirementValue: 1,
        bonusMicros: 1_000_000,
        enrolledAt: ago(100, 8),
        deadlineAt: ago(10),
        progressValue: 1,
        completedAt: ago(98),
      });
    await pendingBonus(claimant.id);
    const evidence = [
      await oldView(claimant.id, theirs, { days: 98, ip: "c" }),
      await oldView(other.id, mine, { days: 98, ip: "o" }),
    ];
    const stranger = await makeUser({ createdAt: ago(300) });
    const unrelated = await oldView(stranger.id, theirs, { days: 98, ip: "s" });
    await archiveEveryDueDay();
    expect(await viewsInD1(evidence)).toBe(2);
    expect(await viewsInD1([unrelated])).toBe(0);
    const day = await env.DB.prepare("select status, rows, kept from archive_days where dataset = 'views' and day = ?")
      .bind(ago(98).slice(0, 10))
      .first();
    expect(day).toMatchObject({ status: "done", rows: 3, kept: 2 });
  });

  it("keeps a claim's evidence view with its rewards: the fold leaves them, so the view's reason still says it paid", async () => {
    const claimant = await member("claim-paid");
    const other = await makeUser({ createdAt: ago(300) });
    const theirs = await makeContent(other.id, { durationMs: 20_000 });
    await testDb()
      .insert(challengeProgress)
      .values({
        userId: claimant.id,
        challengeId: await aChallenge(),
        requirementType: "streams_completed",
        requirementValue: 100,
        bonusMicros: 1_000_000,
        enrolledAt: ago(100, 8),
        deadlineAt: new Date(Date.now() + 10 * DAY_MS).toISOString(),
        progressValue: 0,
      });
    // A view paid long ago, its rewards available (final): the period close alone would fold them.
    const view = await oldView(claimant.id, theirs, { days: 96, ip: "c" });
    await env.DB.batch([
      env.DB.prepare("update views set status = 'credited', credit_slot = 1 where id = ?1").bind(view),
      ...(["viewer", "creator"] as const).map((kind) =>
        env.DB.prepare(
          `insert into earnings (id, user_id, kind, view_id, content_id, amount_micros, description, created_at, available_at)
         values (?1, ?2, ?3, ?4, ?5, 3000, 'Reward', ?6, ?6)`,
        ).bind(newId(), kind === "viewer" ? claimant.id : other.id, kind, view, theirs.id, ago(96, 13)),
      ),
      // A newer reward elsewhere, so this one is not the earnings table's newest row (which the close keeps).
      env.DB.prepare(
        `insert into earnings (id, user_id, kind, amount_micros, description, created_at, available_at) values (?1, ?2, 'manual', 1, 'x', ?3, ?3)`,
      ).bind(newId(), other.id, nowIso()),
    ]);
    const day = ago(96).slice(0, 10);
    const read = async () => (await claimant.browser.fetch(`/api/me/views?date=${day}`)).json<MyViewsResponse>();
    const before = (await read()).views;
    expect(before).toMatchObject([{ id: view, outcome: "earned", amount_usd: 0.003 }]);
    await archiveEveryDueDay();
    expect(await viewsInD1([view])).toBe(1);
    const after = await read();
    expect(after.archived).toMatchObject({ views: 1, credited: 1 });
    expect(after.views).toEqual(before);
  });
});

describe("every reader of views gives the same answer before and after the archive", () => {
  it("admin analytics, address groups, bonus risk, challenge progress, recommendation inputs and studio stats", async () => {
    const { a, b, itemA, itemB } = await farmPair(150);
    const c = await makeUser({ createdAt: ago(150) });
    const itemC = await makeContent(c.id, { durationMs: 20_000, createdAt: ago(140) });
    // 20 days of mixed history, 130..111 days ago: qualified and ended views, addresses shared and not.
    for (let d = 111; d <= 130; d++) {
      await oldView(a.id, itemB, { days: d, ip: d % 3 ? "addr-1" : "addr-2" });
      await oldView(b.id, itemC, { days: d, ip: "addr-2", status: d % 2 ? "ended" : "unearnable" });
      await oldView(c.id, itemA, { days: d, ip: d % 5 ? "addr-3" : "" });
      if (d % 4 === 0) await oldView(a.id, itemC, { days: d, hour: 18 });
    }
    // A long challenge still open for d (its views in the window stay in D1), a closed one for c.
    const d = await makeUser({ createdAt: ago(125) });
    for (let day = 112; day <= 120; day++) await oldView(d.id, day % 2 ? itemA : itemB, { days: day, ip: "addr-d" });
    await testDb()
      .insert(challengeProgress)
      .values({
        userId: d.id,
        challengeId: await aChallenge(),
        requirementType: "streams_completed",
        requirementValue: 100,
        bonusMicros: 1,
        enrolledAt: ago(125),
        deadlineAt: new Date(Date.now() + 10 * DAY_MS).toISOString(),
        progressValue: 0,
      });
    const progress = {
      userId: c.id,
      challengeId: await aChallenge(),
      requirementType: "min_views_per_content" as const,
      requirementValue: 1,
      bonusMicros: 1_000_000,
      enrolledAt: ago(150),
      deadlineAt: ago(100),
      progressValue: 0,
    };
    await testDb().insert(challengeProgress).values(progress);
    const bonusIds: string[] = [];
    for (const who of [a, b, c]) {
      const id = newId();
      await testDb()
        .insert(bonuses)
        .values({
          id,
          userId: who.id,
          kind: "signon",
          challengeIds: "x",
          totalMicros: 1,
          status: "rejected",
          description: "closed",
          createdAt: ago(100),
        });
      bonusIds.push(id);
    }
    const db = createDb(env.DB);
    const answers = async () => ({
      analytics: await adminAnalyticsRows(db),
      risk: (
        await env.DB.prepare(
          `select id, ${BONUS_RISK_REASONS_SQL} as reasons from bonuses where id in (select value from json_each(?1)) order by id`,
        )
          .bind(JSON.stringify(bonusIds))
          .all()
      ).results,
      addressGroups: await env.DB.prepare(
        `select ${minIndependentViewsSql({ claimant: "?1", from: "?2", to: "?3" })} as n`,
      )
        .bind(c.id, progress.enrolledAt, progress.deadlineAt)
        .first(),
      progress: await (async () => {
        await refreshChallengeProgress(db, [{ userId: d.id, bonusId: newId() }], nowIso());
        return env.DB.prepare("select progress_value from challenge_progress where user_id = ?").bind(d.id).first();
      })(),
      candidates: (await loadCandidates(db, { viewerId: c.id, seeds: [[itemB.id, 1]] as never, tagQuery: null })).map(
        (r) => [r.id, r.popularity],
      ),
      fallback: (await loadFallbackCandidates(db, c.id)).map((r) => [r.id, r.popularity]),
      studio: await Promise.all([itemA, itemB, itemC].map((i) => readContentStats(db, i.id, ago(200).slice(0, 10)))),
      days: (
        await env.DB.prepare(
          `select u.id, m.* from member_view_days m join users u on u.num = m.user_num
          where u.id in (?1, ?2, ?3) order by u.id, m.side, m.day`,
        )
          .bind(a.id, b.id, c.id)
          .all()
      ).results,
    });
    const before = await answers();
    expect(before.analytics.discovery.length).toBeGreaterThan(0);
    expect(before.risk.map((r) => (r as { reasons: string }).reasons).join("")).toContain("shared_ip");
    expect(before.progress).toEqual({ progress_value: 2 });
    await archiveEveryDueDay(10);
    const left = await env.DB.prepare(
      "select viewer_id as viewer, count(*) as n from views where viewer_id in (?1, ?2, ?3, ?4) group by viewer_id",
    )
      .bind(a.id, b.id, c.id, d.id)
      .all<{ viewer: string; n: number }>();
    expect(left.results).toEqual([{ viewer: d.id, n: 9 }]);
    expect(await answers()).toEqual(before);
  }, 120_000);
});

describe("the reason for every view, for an archived day", () => {
  it("says the day is archived and gives its summary per side; a day still in D1 lists its views as before", async () => {
    const viewer = await member("archived-day");
    const creator = await makeUser({ createdAt: ago(300) });
    const item = await makeContent(creator.id, { durationMs: 20_000 });
    await oldView(viewer.id, item, { days: 97, hour: 8 });
    await oldView(viewer.id, item, { days: 97, hour: 9 });
    await oldView(viewer.id, item, { days: 97, hour: 10, status: "ended" });
    const day = ago(97).slice(0, 10);
    const read = async (as: "viewer" | "creator", b = viewer.browser) => {
      const res = await b.fetch(`/api/me/views?date=${day}&as=${as}`);
      expect(res.status, await res.clone().text()).toBe(200);
      return res.json<MyViewsResponse>();
    };
    const before = await read("viewer");
    expect(before.views).toHaveLength(3);
    expect(before.archived).toBeNull();

    await archiveEveryDueDay(10);
    const after = await read("viewer");
    expect(after.views).toEqual([]);
    expect(after.archived).toEqual({ views: 3, qualified: 2, credited: 0, amount_usd: 0, reversed: 0 });
    // The creator's side of the same day: the same views, from their side.
    const creatorBrowser = await signedInBrowser(creator.email);
    expect((await read("creator", creatorBrowser)).archived).toEqual({
      views: 3,
      qualified: 2,
      credited: 0,
      amount_usd: 0,
      reversed: 0,
    });
    // A member with no views that day sees an archived day with nothing in it, not someone else's figures.
    expect((await read("creator")).archived).toEqual({
      views: 0,
      qualified: 0,
      credited: 0,
      amount_usd: 0,
      reversed: 0,
    });
  });

  it("counts what a day paid each side from the reward's insert on, so the summary needs no view row", async () => {
    const viewer = await makeUser({ createdAt: ago(300) });
    const creator = await makeUser({ createdAt: ago(300) });
    const item = await makeContent(creator.id, { durationMs: 20_000 });
    await makeQualifiedView(viewer.id, item);
    await runEarningsCron();
    const rows = await env.DB.prepare(
      `select u.id as user, ${sideNameSql("m.side")} as side, views, qualified, credited, micros from member_view_days m
        join users u on u.num = m.user_num where u.id in (?1, ?2) order by m.side desc`,
    )
      .bind(viewer.id, creator.id)
      .all();
    const reward = await env.DB.prepare("select amount_micros as m from earnings where user_id = ? and kind = 'viewer'")
      .bind(viewer.id)
      .first<{ m: number }>();
    expect(reward?.m).toBeGreaterThan(0);
    expect(rows.results).toEqual([
      { user: creator.id, side: "creator", views: 1, qualified: 1, credited: 1, micros: reward!.m },
      { user: viewer.id, side: "viewer", views: 1, qualified: 1, credited: 1, micros: reward!.m },
    ]);
  });
});
