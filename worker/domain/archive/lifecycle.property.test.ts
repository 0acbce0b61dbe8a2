import { env } from "cloudflare:test";
import fc from "fast-check";
import { expect, it } from "vitest";
import type { MyViewsResponse } from "../../../common/schemas/my-views";
import { TRAFFIC_RANGES } from "../../../common/traffic-ranges";
import { adminAnalyticsRows } from "../../db/queries/views/admin-analytics";
import { archivedDays, dayParts } from "../../db/queries/archive/archive";
import { BONUS_RISK_REASONS_SQL } from "../../db/queries/reviews/bonus-risk";
import { insertManualCredit, MANUAL_EARNINGS } from "../../db/queries/earnings/credit-writes";
import { earningsReport } from "../../db/queries/earnings/earnings-report";
import { owedTo } from "../../db/queries/earnings/owed";
import { insertPayment } from "../../db/queries/wallet/payment-writes";
import { settleReview } from "../../db/queries/reviews/reviews";
import { findBonusCandidates, findSweepCandidates } from "../../db/queries/reviews/review-sweep";
import { walletParts } from "../../db/queries/wallet/wallet";
import { bonuses, challengeProgress, challenges, views } from "../../db/schema";
import { newId } from "../../lib/ids";
import { usd } from "../../lib/money";
import { makeContent, makeUser, testDb } from "../../test/factories";
import { storeVisitNow } from "../../test/traffic-queue";
import { signedInBrowser, type Browser } from "../../test/http";
import { runEarningsJob } from "../earnings/run-job";
import { runReviewSweep } from "../reviews/sweep";
import { rollPageTotals } from "../traffic/page-totals";
import { trafficDashboard } from "../traffic/dashboard-figures";
import { decodeLines } from "./part-file";
import { verifyArchivedDay } from "./read-archive";
import { runDataLifecycle } from "./run-lifecycle";

// The headline property of the data lifecycle (docs/decisions/051–053): it changes no answer. A small
// world lives through a random sequence of days on a fake clock (page visits through the tracker's own path,
// views credited by the real earnings job, flags opened by the real sweep and settled, manual earnings, a payment),
// and at random moments the lifecycle runs with a random small budget and the windows at their minimums. Right
// before each run every reader's answer is taken, and right after it every answer must be the same: wallets,
// calendars (member and admin) and the admin CSVs, the traffic dashboard over every range (site and a creator),
// today's cap state and the poll's, the sweep's findings, the pair's bonus risk, admin analytics, and the reason
// for every view (a day that became archived says so, with a summary equal to what its list said before). At the
// end every archived day verifies, the chain holds, and archived rewards plus D1's are the ledger.

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const HOLD_DAYS = 3;
/** The views window's minimum with that hold (max(8, hold + 7)), and the visits window's (91). */
const VIEWS_WINDOW = 10;
const VISITS_WINDOW = 91;
const REWARD_MICROS = 3000;

const viewEvent = fc.record({ viewer: fc.nat(4), item: fc.nat(3), hour: fc.nat(10), qualified: fc.boolean() });
const visitEvent = fc.record({ who: fc.nat(6), page: fc.nat(3), hour: fc.nat(10), session: fc.nat(3) });
const lifecycle = fc.record({
  rowsPerPart: fc.integer({ min: 1, max: 50 }),
  partsPerRun: fc.integer({ min: 1, max: 3 }),
});
/** `arb` on about one day in `n`, else null. */
const rarely = <T>(arb: fc.Arbitrary<T>, n: number) =>
  fc.oneof({ weight: n - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });
const day = fc.record({
  advance: fc.integer({ min: 1, max: 2 }),
  visits: fc.array(visitEvent, { maxLength: 4 }),
  views: fc.array(viewEvent, { maxLength: 5 }),
  job: fc.boolean(),
  sweep: fc.nat(5),
  decide: fc.constantFrom("none", "none", "reverse", "clear"),
  manual: rarely(fc.record({ who: fc.nat(4), micros: fc.integer({ min: 1, max: 9000 }) }), 10),
  pay: rarely(fc.record({ who: fc.nat(4), micros: fc.integer({ min: 1, max: 5000 }) }), 15),
  // A run on about one day in eight: between runs several days become due, so parts and days split at random.
  life: rarely(lifecycle, 8),
});
const world = fc.record({
  days: fc.array(day, { minLength: 40, maxLength: 60 }),
  // Idle checkpoints after the last busy day, so the visits' 91-day window is passed too.
  tail: fc.array(fc.record({ advance: fc.integer({ min: 10, max: 40 }), life: lifecycle }), {
    minLength: 1,
    maxLength: 3,
  }),
});

// Worlds start in year 1000: shrinking a failure runs hundreds of worlds, and report ranges may not pass today.
let year = 1000;
const put = (key: string, value: string) =>
  env.DB.prepare(
    `insert into settings (key, value, updated_at) values (?1, ?2, '') on conflict (key) do update set value = excluded.value`,
  )
    .bind(key, value)
    .run();

it("gives every reader the same answer right before and right after each lifecycle run, and the archive adds up to the ledger", async () => {
  await put("earnings_hold_days", String(HOLD_DAYS));
  await put("archive_views_after_days", "1"); // under the minimum: reads as the minimum, 33 days
  await put("archive_visits_after_days", String(VISITS_WINDOW));
  const adminBrowser = await signedInBrowser("admin@example.com");
  const admin = (await env.DB.prepare("select id from users where email = 'admin@example.com'").first<{
    id: string;
  }>())!;
  const seen = {
    runs: 0,
    parts: 0,
    kept: 0,
    viewDaysDone: 0,
    visitDaysDone: 0,
    becameArchived: 0,
    reversed: 0,
    cleared: 0,
    unjobbed: 0,
  };

  await fc.assert(
    fc.asyncProperty(world, async (w) => {
      // Each world two years after the last, so the lifecycle (oldest day first) and site-wide readers see only it.
      year += 2;
      const y = year;
      const start = Date.UTC(y, 0, 1);
      const iso = (ms: number) => new Date(ms).toISOString();
      const db = testDb();
      const joined = iso(start);
      // Viewers 0..1, creator 2, the pair 3 and 4 (accounts a day apart, watching each other from one address).
      const people = [
        await makeUser({ createdAt: iso(start - 400 * DAY) }),
        await makeUser({ createdAt: iso(start - 300 * DAY) }),
        await makeUser({ createdAt: iso(start - 500 * DAY) }),
        await makeUser({ createdAt: joined }),
        await makeUser({ createdAt: iso(start + 2 * HOUR) }),
      ];
      const items = [
        await makeContent(people[2]!.id, { durationMs: 40_000 }),
        await makeContent(people[2]!.id, { durationMs: 40_000 }),
        await makeContent(people[3]!.id, { durationMs: 40_000 }),
        await makeContent(people[4]!.id, { durationMs: 40_000 }),
      ];
      const browsers = new Map<string, Browser>();
      for (const p of people) browsers.set(p.id, await signedInBrowser(p.email));
      // Closed sign-on bonuses of the pair: the risk checks read all-time facts for them (decision 053).
      const bonusIds = [newId(), newId()];
      await testDb()
        .insert(bonuses)
        .values(
          bonusIds.map((id, i) => ({
            id,
            userId: people[3 + i]!.id,
            kind: "signon" as const,
            challengeIds: "x",
            totalMicros: 1,
            status: "rejected" as const,
            description: "closed",
            createdAt: joined,
          })),
        );
      // Sign-on claims not final yet keep the views they may judge in D1 (decision 053): viewer 0's challenge is
      // open for 300 days (past every busy day; the final drain comes after); the creator's is completed with its bonus pending (the earnings job decides it).
      const challengeId = newId();
      await testDb()
        .insert(challenges)
        .values({
          id: challengeId,
          name: "Long challenge",
          description: "test",
          requirementType: "streams_completed",
          requirementValue: 1000,
          bonusMicros: 1_000_000,
          timeLimitHours: 24 * 30,
          isActive: false,
          createdAt: joined,
          updatedAt: joined,
        });
      await testDb()
        .insert(challengeProgress)
        .values([
          {
            userId: people[0]!.id,
            challengeId,
            requirementType: "streams_completed",
            requirementValue: 1000,
            bonusMicros: 1_000_000,
            enrolledAt: joined,
            deadlineAt: iso(start + 300 * DAY),
            progressValue: 0,
          },
          {
            userId: people[2]!.id,
            challengeId,
            requirementType: "streams_completed",
            requirementValue: 1,
            bonusMicros: 1_000_000,
            enrolledAt: joined,
            deadlineAt: iso(start + 30 * DAY),
            progressValue: 1,
            completedAt: iso(start + 10 * DAY),
          },
        ]);
      await testDb()
        .insert(bonuses)
        .values({
          id: newId(),
          userId: people[2]!.id,
          kind: "signon",
          challengeIds: challengeId,
          totalMicros: 1_000_000,
          status: "pending",
          description: "Sign-on challenge bonus",
          createdAt: iso(start + 10 * DAY),
        });
      const ipOf = (viewer: number) =>
        viewer >= 3 ? "farm-address" : viewer === 1 ? "farm-address" : `home-${viewer}`;
      const pages = ["/", `/content/${items[0]!.id}`, `/creator/${people[2]!.id}`, `/content/${items[2]!.id}`];
      /** Member/side/day of every view written, for "the reason for every view". */
      const viewDays = new Set<string>();

      const snapshot = async (nowMs: number, reasonDays: Set<string>) => {
        const now = iso(nowMs);
        const today = now.slice(0, 10);
        const range = { startDate: `${y}-01-01`, endDate: `${y + 1}-12-31` };
        const csv = async (path: string) => {
          const res = await adminBrowser.fetch(path);
          expect(res.status).toBe(200);
          return res.text();
        };
        return {
          wallets: await Promise.all(people.map((p) => walletParts(db, p.id, now))),
          calendars: await Promise.all(
            (["daily", "monthly"] as const).flatMap((groupBy) => [
              earningsReport(db, { range, groupBy }),
              ...people.map((p) => earningsReport(db, { range, groupBy, userId: p.id })),
            ]),
          ),
          csv: await Promise.all([
            csv(`/api/admin/earnings/calendar.csv?startDate=${range.startDate}&endDate=${range.endDate}&groupBy=daily`),
            csv(
              `/api/admin/earnings/calendar.csv?startDate=${range.startDate}&endDate=${range.endDate}&userId=${people[3]!.id}`,
            ),
            csv("/api/admin/users.csv"),
          ]),
          traffic: await Promise.all(
            Object.values(TRAFFIC_RANGES).flatMap((rangeDays) => [
              trafficDashboard(db, { rangeDays, nowMs }),
              trafficDashboard(db, { rangeDays, nowMs, creatorId: people[2]!.id }),
            ]),
          ),
          // Today's places as the settle rules count them (settle-views.ts), and what each member's poll would settle.
          caps: (
            await env.DB.prepare(
              `select viewer_id, content_id, count(*) as places from views where qualified_day = ?1 and credit_slot is not null
             group by viewer_id, content_id order by viewer_id, content_id`,
            )
              .bind(today)
              .all()
          ).results,
          owed: await Promise.all(people.map((p) => owedTo(db, p.id, 25))),
          sweep: await Promise.all(
            // Every subject of the world judged, as the sweep did every minute before decision 080.
            (["shared_ip", "daily_cap", "same_day_accounts"] as const).map(async (r) =>
              findSweepCandidates(
                db,
                r,
                now,
                (
                  await env.DB.prepare(
                    r === "same_day_accounts" ? "select id from content" : "select id from users",
                  ).all<{
                    id: string;
                  }>()
                ).results.map((row) => row.id),
              ),
            ),
          ),
          bonusSweep: await findBonusCandidates(db, now),
          risk: (
            await env.DB.prepare(
              `select id, ${BONUS_RISK_REASONS_SQL} as reasons from bonuses where id in (?1, ?2) order by id`,
            )
              .bind(...bonusIds)
              .all()
          ).results,
          analytics: await adminAnalyticsRows(db),
          reasons: await reasonsOf(reasonDays),
        };
      };

      /** "The reason for every view" of each member and side with views on one of `days`, as the member reads it. */
      const reasonsOf = async (days: Set<string>) => {
        const out = new Map<string, MyViewsResponse>();
        const done = await doneViewDays();
        for (const key of viewDays) {
          const [userId, side, date] = key.split("|") as [string, "viewer" | "creator", string];
          // A day that finished during the run is read again by expectFinished.
          if (!days.has(date) || done.has(date)) continue;
          const res = await browsers.get(userId)!.fetch(`/api/me/views?date=${date}&as=${side}`);
          expect(res.status).toBe(200);
          out.set(key, await res.json<MyViewsResponse>());
        }
        return out;
      };
      const doneViewDays = async () =>
        new Set((await archivedDays(env.DB, "views", 10_000)).filter((d) => d.status === "done").map((d) => d.day));
      /**
       * The days a run may change (reading every day at every checkpoint costs minutes): those past the views
       * window and not done, in order, as many as its part budget plus the open day and one more; and the newest
       * of them, which no run within budget reaches, as a canary for a run that strays.
       */
      const reachable = async (nowMs: number, partsPerRun: number) => {
        const reach = iso(nowMs - (VIEWS_WINDOW - 1) * DAY).slice(0, 10);
        const done = await doneViewDays();
        const due = [...new Set([...viewDays].map((k) => k.split("|")[2]!))]
          .filter((d) => d <= reach && !done.has(d))
          .sort();
        return new Set([...due.slice(0, partsPerRun + 2), ...due.slice(-1)]);
      };

      /** Every answer equal, except a day's reasons, which may become archived (with a summary of what it listed). */
      const expectSame = (
        before: Awaited<ReturnType<typeof snapshot>>,
        after: Awaited<ReturnType<typeof snapshot>>,
        at: string,
      ) => {
        const { reasons: rb, ...b } = before;
        const { reasons: ra, ...a } = after;
        expect(a, at).toEqual(b);
        for (const [key, was] of rb) {
          const now = ra.get(key);
          if (!now) {
            // The day finished during the run: read it once more, it must say archived.
            continue;
          }
          if (!now.archived || was.archived) {
            if (was.archived) expect(now.archived, `${key} at ${at}`).toEqual(was.archived);
            else expect(now, `${key} at ${at}`).toEqual(was);
          } else {
            seen.becameArchived++;
            expect(now.archived, `${key} at ${at}`).toEqual(summaryOf(was));
          }
          // What is still listed is what was listed (views kept as evidence), unchanged.
          const listed = new Map(was.views.map((v) => [v.id, v]));
          for (const v of now.views) expect(v, `${key} at ${at}`).toEqual(listed.get(v.id));
        }
      };
      /** The reasons of days that finished during a run, read after it: archived, summing what they listed. */
      const expectFinished = async (
        before: Awaited<ReturnType<typeof snapshot>>,
        after: Awaited<ReturnType<typeof snapshot>>,
        at: string,
      ) => {
        for (const [key, was] of before.reasons) {
          if (after.reasons.has(key)) continue;
          const [userId, side, date] = key.split("|");
          const res = await browsers.get(userId!)!.fetch(`/api/me/views?date=${date}&as=${side}`);
          const now = await res.json<MyViewsResponse>();
          expect(now.archived, `${key} at ${at}`).toEqual(was.archived ?? summaryOf(was));
          if (!was.archived) seen.becameArchived++;
          const listed = new Map(was.views.map((v) => [v.id, v]));
          for (const v of now.views) expect(v, `${key} at ${at}`).toEqual(listed.get(v.id));
        }
      };

      const runLifecycle = async (nowMs: number, budget: { rowsPerPart: number; partsPerRun: number }) => {
        const days = await reachable(nowMs, budget.partsPerRun);
        const before = await snapshot(nowMs, days);
        const report = await runDataLifecycle({
          ctx: { env },
          input: { nowMs, budget: { ...budget, timeMs: 60_000 } },
        });
        seen.runs++;
        for (const d of report.datasets) {
          expect(d.error, `${d.dataset} at ${iso(nowMs)}`).toBeNull();
          seen.parts += d.parts;
          seen.kept += d.kept;
          if (d.dataset === "views") seen.viewDaysDone += d.days_done.length;
          else seen.visitDaysDone += d.days_done.length;
        }
        const after = await snapshot(nowMs, days);
        expectSame(before, after, iso(nowMs));
        await expectFinished(before, after, iso(nowMs));
        return report;
      };

      let dayIndex = 0;
      let visitN = 0;
      for (const d of w.days) {
        dayIndex += d.advance;
        const dayStart = start + dayIndex * DAY;
        for (const v of d.visits) {
          const actor = v.who < people.length ? { id: people[v.who]!.id } : null;
          // As the traffic queue's consumer stores it (docs/decisions/079), one visit at a time.
          await storeVisitNow(
            db,
            {
              session_id: `s-${y}-${dayIndex}-${v.session}`,
              page_path: pages[v.page]!,
              referrer: v.page === 1 ? "https://elsewhere.example/x" : null,
              visit_duration: 5 + v.hour,
              page_views: 1,
              device_type: v.session % 2 ? "mobile" : "desktop",
              browser: "chrome",
              user_agent: null,
              utm_source: v.session === 3 ? "news" : null,
              utm_medium: null,
              utm_campaign: v.session === 3 ? "launch" : null,
              utm_term: null,
              utm_content: null,
            },
            {
              actor,
              secret: "lifecycle-test",
              ip: `10.0.${v.who}.${visitN++ % 200}`,
              ownHost: "localhost",
              nowMs: dayStart + v.hour * HOUR + visitN * 1000,
            },
          );
        }
        for (const [i, v] of d.views.entries()) {
          const item = items[v.item]!;
          const at = iso(dayStart + v.hour * HOUR + i * 60_000);
          // As the watch-session object writes them: qualified (for the earnings job) or ended without qualifying.
          await testDb()
            .insert(views)
            .values({
              id: newId(),
              contentId: item.id,
              viewerId: people[v.viewer]!.id,
              creatorId: item.createdBy,
              discoveryMethod: i % 2 ? "search" : "browse",
              startedAt: at,
              lastEventAt: at,
              ipHash: ipOf(v.viewer),
              maxPositionMs: v.qualified ? item.durationMs : 1000,
              watchTimeMs: v.qualified ? item.durationMs : 1000,
              status: v.qualified ? "qualified" : "ended",
              qualifiedAt: v.qualified ? at : null,
              qualifiedDay: v.qualified ? at.slice(0, 10) : null,
              endReason: v.qualified ? null : "expired",
            });
          viewDays.add(`${people[v.viewer]!.id}|viewer|${at.slice(0, 10)}`);
          viewDays.add(`${item.createdBy}|creator|${at.slice(0, 10)}`);
        }
        const nowMs = dayStart + 12 * HOUR;
        const now = iso(nowMs);
        // A day without the job leaves its qualified views waiting: the lifecycle must wait for them.
        if (d.job) await runEarningsJob({ ctx: { db }, input: { now } });
        else if (d.views.some((v) => v.qualified)) seen.unjobbed++;
        if (d.sweep === 0) await runReviewSweep({ ctx: { db }, input: { now } });
        if (d.decide !== "none") {
          const open = await env.DB.prepare(
            `select id from reviews where status = 'open' and created_at >= ?1 order by created_at limit 1`,
          )
            .bind(joined)
            .first<{ id: string }>();
          if (open) {
            await settleReview(db, {
              reviewId: open.id,
              actorId: admin.id,
              now,
              note: "test",
              status: d.decide === "reverse" ? "reversed" : "cleared",
              auditId: newId(),
            });
            seen[d.decide === "reverse" ? "reversed" : "cleared"]++;
          }
        }
        if (d.manual) {
          await insertManualCredit(db, MANUAL_EARNINGS, {
            id: newId(),
            userId: people[d.manual.who]!.id,
            amountMicros: d.manual.micros,
            description: "Manual",
            actorId: admin.id,
            now,
          });
        }
        if (d.pay) {
          await insertPayment(
            db,
            {
              id: newId(),
              userId: people[d.pay.who]!.id,
              amountMicros: d.pay.micros,
              paymentMethod: "paypal",
              paymentReference: null,
              status: "completed",
              notes: null,
              processedAt: now,
            },
            { override: true, actorId: admin.id, now },
          );
        }
        // The cron's page totals, then (sometimes) the lifecycle, as scheduled.ts orders them.
        await rollPageTotals({ ctx: { env }, input: { nowMs } });
        if (d.life) await runLifecycle(nowMs, d.life);
      }
      let nowMs = start + dayIndex * DAY + 12 * HOUR;
      await runEarningsJob({ ctx: { db }, input: { now: iso(nowMs) } });
      for (const t of w.tail) {
        nowMs += t.advance * DAY;
        await runEarningsJob({ ctx: { db }, input: { now: iso(nowMs) } });
        await rollPageTotals({ ctx: { env }, input: { nowMs } });
        await runLifecycle(nowMs, t.life);
      }
      // Past every window: run until nothing is due (a large budget, to finish), each run still a checkpoint.
      nowMs = start + 400 * DAY;
      await rollPageTotals({ ctx: { env }, input: { nowMs } });
      for (let i = 0; ; i++) {
        expect(i, "the lifecycle never finished").toBeLessThan(200);
        const r = await runLifecycle(nowMs, { rowsPerPart: 50, partsPerRun: 100 });
        if (r.datasets.every((d) => d.parts === 0 && d.days_done.length === 0)) break;
      }

      // Every day of the world is archived and verifies; the chain links each day to the one before.
      const worldDay = (dd: string) => dd >= `${y}-01-01` && dd < `${y + 2}-01-01`;
      // Each day of views took its members' summaries along (decision 061).
      expect((await archivedDays(env.DB, "member-days", 10_000)).map((d) => d.day)).toEqual(
        (await archivedDays(env.DB, "views", 10_000)).map((d) => d.day),
      );
      for (const dataset of ["views", "member-days", "visits"] as const) {
        const days = (await archivedDays(env.DB, dataset, 10_000)).reverse();
        for (const [i, dd] of days.entries()) {
          expect(dd.status).toBe("done");
          expect(dd.prev_sha256, `${dataset} ${dd.day}`).toBe(i === 0 ? null : days[i - 1]!.sha256);
          if (worldDay(dd.day))
            expect(await verifyArchivedDay(env, dataset, dd.day), `${dataset} ${dd.day}`).toEqual({
              ok: true,
              problems: [],
            });
        }
        // Nothing of the world's traffic is left in D1 but the rollups the dashboards read.
        if (dataset === "visits") {
          // The raw visits: their objects' rows (decision 085) and the objects themselves.
          const left = await env.DB.prepare(
            `select count(*) as n from traffic_visit_batches where day >= ?1 and day < ?2`,
          )
            .bind(`${y}-01-01`, `${y + 2}-01-01`)
            .first<{ n: number }>();
          expect(left!.n, "raw visits objects left in D1").toBe(0);
          const objects = (await env.ARCHIVE.list({ prefix: "visits-batches/" })).objects;
          expect(objects.filter((o) => worldDay(o.key.slice(15, 25))).length, "raw visits objects left in R2").toBe(0);
        }
      }

      // The ledger: the rewards of archived views gone from D1 are exactly the opening balances, per member and
      // side; with D1's rewards they are two rewards per credited view.
      const ids = people.map((p) => p.id);
      const gone = new Map<string, number>();
      let credited = 0;
      for (const dd of (await archivedDays(env.DB, "views", 10_000)).filter((x) => worldDay(x.day))) {
        for (const p of await dayParts(env.DB, "views", dd.day)) {
          const lines = (await decodeLines(
            await (await env.ARCHIVE.get(p.object_key))!.arrayBuffer(),
          )) as ArchivedLine[];
          for (const line of lines) {
            const stillInD1 = await env.DB.prepare("select 1 as x from views where id = ?1").bind(line.view.id).first();
            if (stillInD1) continue;
            if (line.view.status === "credited") credited++;
            for (const { earning } of line.earnings) {
              const k = `${earning.user_id}|${earning.kind}`;
              gone.set(k, (gone.get(k) ?? 0) + earning.amount_micros);
            }
          }
        }
      }
      const opening = await env.DB.prepare(
        `select u.id || '|' || case o.side when 1 then 'creator' else 'viewer' end as k, sum(o.amount_micros) as m from opening_balances o join users u on u.num = o.user_num
          where u.id in (select value from json_each(?1)) group by 1`,
      )
        .bind(JSON.stringify(ids))
        .all<{ k: string; m: number }>();
      expect(new Map(opening.results.map((r) => [r.k, r.m]))).toEqual(gone);
      const inD1 = await env.DB.prepare(
        `select (select coalesce(sum(amount_micros), 0) from earnings where view_id is not null and user_id in (select value from json_each(?1))) as micros,
           (select count(*) from views where status = 'credited' and viewer_id in (select value from json_each(?1))) as credited`,
      )
        .bind(JSON.stringify(ids))
        .first<{ micros: number; credited: number }>();
      const goneMicros = [...gone.values()].reduce((n, m) => n + m, 0);
      expect(goneMicros + inD1!.micros).toBe(2 * REWARD_MICROS * (credited + inD1!.credited));
    }),
    // A fixed seed (real D1 writes per world); no shrinking, which would take minutes per step: the failing
    // assertion names the moment and the reader, and the counterexample is printed whole. Two worlds: the first two
    // of the eight it once ran (the same seed gives the same worlds), which reach every case the counters below
    // require (measured, and asserted below). The worlds left out were the dearest: a world runs on a database that
    // still holds the earlier worlds' rows, and every CI run replays the same worlds
    // (docs/decisions/076-ci-where-the-cpu-goes.md).
    { numRuns: 2, seed: 20261127, endOnFailure: true },
  );
  // The generated worlds reach every case.
  expect(seen.viewDaysDone).toBeGreaterThan(0);
  expect(seen.visitDaysDone).toBeGreaterThan(0);
  expect(seen.becameArchived).toBeGreaterThan(0);
  expect(seen.kept).toBeGreaterThan(0);
  expect(seen.reversed + seen.cleared).toBeGreaterThan(0);
  expect(seen.unjobbed).toBeGreaterThan(0);
  console.log("lifecycle property", JSON.stringify(seen));
  // About 5 s a world on an idle machine (real D1, R2 and HTTP reads at every checkpoint); the bound allows a busy one.
}, 900_000);

type ArchivedLine = {
  view: { id: string; status: string };
  earnings: { earning: { user_id: string; kind: "viewer" | "creator"; amount_micros: number } }[];
};

/** What an archived day's summary must say, from the day's list before: views, qualified, credited, paid, reversed. */
function summaryOf(r: MyViewsResponse) {
  const paid = r.views.filter((v) => v.outcome !== "not_earned");
  return {
    views: r.views.length,
    qualified: r.views.filter((v) => v.outcome !== "not_earned" || !NEVER_QUALIFIED.has(v.reason ?? "")).length,
    credited: paid.length,
    amount_usd: usd(
      paid.filter((v) => v.outcome !== "reversed").reduce((n, v) => n + Math.round(v.amount_usd * 1e6), 0),
    ),
    reversed: r.views.filter((v) => v.outcome === "reversed").length,
  };
}
/** The reasons a view was never qualified for (the rest of "not earned" qualified and went unpaid). */
const NEVER_QUALIFIED = new Set(["too_fast", "under_80", "another_session", "expired", "not_delivered"]);
