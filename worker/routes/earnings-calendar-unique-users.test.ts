import { describe, expect, it } from "vitest";
import type { EarningsReport } from "../../common/schemas/earnings-report";
import { makeContent, makeQualifiedView, makeUser, testDb } from "../test/factories";
import { signedInBrowser, uniqueEmail, type Browser } from "../test/http";
import { newId } from "../lib/ids";
import { earnings, reversals } from "../db/schema";

// Decision 066: "Unique Users" is one figure with one meaning on every calendar (the member's on /wallet, the
// admin's log, its CSV, with or without a member): the distinct viewers of the views counted in "Views" for
// that period, so it is never more than the views and at least 1 when there is a view.

const idOf = async (b: Browser) => (await (await b.fetch("/api/users/me")).json<{ id: string }>()).id;

/** A qualified view of `item` by `viewerId` at `at`, paid to both sides as the earnings job pays it. */
async function paidView(viewerId: string, item: { id: string; createdBy: string; durationMs: number }, at: string) {
  const viewId = await makeQualifiedView(viewerId, item, at);
  await testDb()
    .insert(earnings)
    .values([
      { id: newId(), userId: viewerId, kind: "viewer", viewId, contentId: item.id, amountMicros: 3000, createdAt: at },
      {
        id: newId(),
        userId: item.createdBy,
        kind: "creator",
        viewId,
        contentId: item.id,
        amountMicros: 3000,
        createdAt: at,
      },
    ]);
  return viewId;
}

async function report(b: Browser, path: string, qs: string) {
  const res = await b.fetch(`${path}?${qs}`);
  expect(res.status, `${path}?${qs}`).toBe(200);
  return res.json<EarningsReport>();
}

describe("earnings report: unique users", () => {
  it("counts the distinct viewers of the counted views, on the member's calendar and the admin's alike", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const viewer = await signedInBrowser(uniqueEmail());
    const viewerId = await idOf(viewer);
    const creator = await signedInBrowser(uniqueEmail());
    const creatorId = await idOf(creator);
    const second = await makeUser();
    const manualOnly = await makeUser();
    const item = await makeContent(creatorId);
    // A day no other test writes to, so the site-wide figures are this test's alone.
    const day = "2019-02-13";
    const qs = `startDate=${day}&endDate=${day}`;
    // The viewer watches three times, a second member once; someone else is paid a manual earning, and one of
    // the viewer's rewards is reversed (a reversal carries no view and names no viewer).
    const reversedView = await paidView(viewerId, item, `${day}T10:00:00.000Z`);
    await paidView(viewerId, item, `${day}T11:00:00.000Z`);
    await paidView(viewerId, item, `${day}T12:00:00.000Z`);
    await paidView(second.id, item, `${day}T13:00:00.000Z`);
    await testDb()
      .insert(earnings)
      .values({
        id: newId(),
        userId: manualOnly.id,
        kind: "manual",
        amountMicros: 1_000_000,
        createdAt: `${day}T14:00:00.000Z`,
      });
    const viewerEarning = (await testDb().query.earnings.findFirst({
      where: (e, { and, eq }) => and(eq(e.viewId, reversedView), eq(e.kind, "viewer")),
    }))!;
    await testDb()
      .insert(reversals)
      .values({
        earningId: viewerEarning.id,
        userId: viewerId,
        side: "viewer",
        viewId: reversedView,
        amountMicros: -3000,
        reason: "ring",
        reviewId: newId(),
        createdBy: "admin",
        createdAt: `${day}T15:00:00.000Z`,
      });

    // The member who watched: three views, all their own, so one viewer (themselves), never 0.
    const own = await report(viewer, "/api/me/earnings/calendar", qs);
    expect(own.summary).toMatchObject({ totalViews: 3, uniqueUsers: 1 });
    // The creator: four views by two distinct viewers.
    const mine = await report(creator, "/api/me/earnings/calendar", qs);
    expect(mine.summary).toMatchObject({ totalViews: 4, uniqueUsers: 2 });

    // The admin's log, site-wide: four views by two viewers, not the five people paid or reversed that day.
    const site = await report(admin, "/api/admin/earnings/calendar", qs);
    expect(site.earnings).toEqual([{ date: day, total_earnings: 1.021, view_count: 4, unique_users: 2 }]);
    expect(site.summary).toMatchObject({ totalViews: 4, uniqueUsers: 2 });
    const csv = await (await admin.fetch(`/api/admin/earnings/calendar.csv?${qs}`)).text();
    expect(csv).toBe(`date,total_earnings,view_count,unique_users\r\n${day},1.021,4,2\r\n`);

    // The admin's log of one member says what that member's own calendar says.
    for (const [who, theirs] of [
      [viewerId, own],
      [creatorId, mine],
    ] as const) {
      const one = await report(admin, "/api/admin/earnings/calendar", `${qs}&userId=${who}`);
      expect(one.summary).toEqual(theirs.summary);
      expect(one.earnings.map((r) => [r.date, r.view_count, r.unique_users])).toEqual([
        [day, theirs.summary.totalViews, theirs.summary.uniqueUsers],
      ]);
    }
    // A member paid only a manual earning: no views, so no unique users either.
    const manual = await report(admin, "/api/admin/earnings/calendar", `${qs}&userId=${manualOnly.id}`);
    expect(manual.summary).toMatchObject({ totalEarnings: 1, totalViews: 0, uniqueUsers: 0 });
  });

  it("never counts more unique users than views, nor none when there are views, in any grouping", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const creator = await makeUser();
    const item = await makeContent(creator.id);
    const viewers = [await makeUser(), await makeUser(), await makeUser()];
    // Days no other test writes to: 2019-03-04 (Monday) … 2019-03-12.
    const plan: [number, string][] = [
      [0, "2019-03-04"],
      [1, "2019-03-04"],
      [0, "2019-03-05"],
      [2, "2019-03-11"],
      [2, "2019-03-12"],
    ];
    for (const [i, d] of plan) await paidView(viewers[i]!.id, item, `${d}T09:00:00.000Z`);
    for (const groupBy of ["daily", "weekly", "monthly"]) {
      const site = await report(
        admin,
        "/api/admin/earnings/calendar",
        `startDate=2019-03-04&endDate=2019-03-12&groupBy=${groupBy}`,
      );
      for (const r of site.earnings) {
        expect(r.unique_users, `${groupBy} ${r.date}`).toBeLessThanOrEqual(r.view_count);
        if (r.view_count > 0) expect(r.unique_users, `${groupBy} ${r.date}`).toBeGreaterThanOrEqual(1);
      }
      expect(site.summary).toMatchObject({ totalViews: 5, uniqueUsers: 3 });
    }
    const daily = await report(admin, "/api/admin/earnings/calendar", "startDate=2019-03-04&endDate=2019-03-12");
    expect(daily.earnings.map((r) => [r.date, r.view_count, r.unique_users])).toEqual([
      ["2019-03-04", 2, 2],
      ["2019-03-05", 1, 1],
      ["2019-03-11", 1, 1],
      ["2019-03-12", 1, 1],
    ]);
  });
});
