import { describe, expect, it } from "vitest";
import type { EarningsReport } from "../../common/schemas/earnings-report";
import type { PaymentsResponse } from "../../common/schemas/payments";
import type { WalletJson } from "../../common/schemas/wallet";
import { bonuses, earnings } from "../db/schema";
import { newId } from "../lib/ids";
import { makeUser, testDb } from "../test/factories";
import { signedInBrowser, uniqueEmail, type Browser } from "../test/http";

const adminBrowser = () => signedInBrowser("admin@example.com");

const idOf = async (b: Browser) => (await (await b.fetch("/api/users/me")).json<{ id: string }>()).id;

async function earn(
  userId: string,
  kind: "viewer" | "creator" | "manual",
  micros: number,
  createdAt: string,
  viewId: string | null = kind === "manual" ? null : newId(),
) {
  await testDb().insert(earnings).values({ id: newId(), userId, kind, viewId, amountMicros: micros, createdAt });
}

describe("GET /api/me/wallet", () => {
  it("derives balances from records and draws payments from the viewer balance first", async () => {
    const b = await signedInBrowser(uniqueEmail());
    const me = await idOf(b);
    const at = new Date().toISOString();
    await earn(me, "viewer", 5_000_000, at);
    await earn(me, "creator", 8_000_000, at);
    await earn(me, "manual", 2_000_000, at);
    await testDb()
      .insert(bonuses)
      .values([
        {
          id: newId(),
          userId: me,
          kind: "manual",
          challengeIds: "Manual",
          totalMicros: 1_000_000,
          status: "awarded",
          createdAt: at,
        },
        {
          id: newId(),
          userId: me,
          kind: "signon",
          challengeIds: "c",
          totalMicros: 75_000_000,
          status: "pending",
          createdAt: at,
        },
      ]);
    // An admin records a pending payment of 7: it fixes its viewer part from the viewer side's available money
    // first (docs/decisions/066).
    expect(
      (
        await (
          await adminBrowser()
        ).json("/api/admin/payments", "POST", {
          user_id: me,
          amount_usd: 7,
          payment_method: "PayPal",
          status: "pending",
        })
      ).status,
    ).toBe(201);
    const wallet = await (await b.fetch("/api/me/wallet")).json<WalletJson>();
    const byCause = { review: 0, takedown: 0, suspension: 0 };
    expect(wallet).toEqual({
      viewer_balance: 0, // 5 + 1 awarded bonus − 6 of the 7 paid
      creator_balance: 9, // 8 + 2 manual − the remaining 1
      viewer_earnings: 5,
      creator_earnings: 8, // view rewards only; the admin's 2 are an adjustment
      bonuses: 1,
      signon_bonus: 0,
      viewer_adjustments: 1,
      creator_adjustments: 2,
      adjustments: expect.arrayContaining([
        expect.objectContaining({ side: "creator", amount_usd: 2 }),
        expect.objectContaining({ side: "viewer", amount_usd: 1 }),
      ]),
      viewer_payouts: 6,
      creator_payouts: 1,
      paid_out: 0, // the payment is still pending
      payout_in_flight: 7,
      pending_payouts: 7,
      minimum_payout: 25,
      // Nothing here is held: records written without a hold were available when written.
      available_balance: 9,
      viewer_available: 0,
      creator_available: 9,
      reserved_payout: 0,
      pending_balance: 0,
      viewer_pending: 0,
      creator_pending: 0,
      viewer_reversed: 0,
      creator_reversed: 0,
      viewer_reversed_by: byCause,
      creator_reversed_by: byCause,
      viewer_given_back: 0,
      creator_given_back: 0,
      next_available_at: null,
    });
    const paid = await (await b.fetch("/api/me/payments")).json<PaymentsResponse>();
    expect(paid.payments).toHaveLength(1);
    expect(paid.payments[0]).toMatchObject({ amount_usd: 7, payment_method: "PayPal", status: "pending" });
  });

  it("says what each side paid out, so each card adds up, and counts only completed payments as paid", async () => {
    const b = await signedInBrowser(uniqueEmail());
    const me = await idOf(b);
    const at = new Date().toISOString();
    await earn(me, "viewer", 4_000_000, at);
    await earn(me, "creator", 10_000_000, at);
    await testDb().insert(bonuses).values({
      id: newId(),
      userId: me,
      kind: "manual",
      challengeIds: "Manual",
      totalMicros: 2_000_000,
      status: "awarded",
      createdAt: at,
    });
    const a = await adminBrowser();
    expect(
      (
        await a.json("/api/admin/payments", "POST", {
          user_id: me,
          amount_usd: 5,
          payment_method: "PayPal",
          status: "completed",
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await a.json("/api/admin/payments", "POST", {
          user_id: me,
          amount_usd: 3,
          payment_method: "Venmo",
          status: "pending",
        })
      ).status,
    ).toBe(201);
    const w = await (await b.fetch("/api/me/wallet")).json<WalletJson>();
    // Payments draw on the viewer side's available money first: 5 of the first, 1 of the second; 2 from the creator side.
    expect(w).toMatchObject({
      viewer_payouts: 6,
      creator_payouts: 2,
      paid_out: 5,
      pending_payouts: 3,
      payout_in_flight: 3,
    });
    expect(w.viewer_earnings + w.bonuses - w.viewer_payouts).toBe(w.viewer_balance);
    expect(w.creator_earnings - w.creator_payouts).toBe(w.creator_balance);
    expect(w.viewer_balance + w.creator_balance).toBe(
      w.viewer_earnings + w.bonuses + w.creator_earnings - w.paid_out - w.payout_in_flight,
    );
  });

  it("shows only the caller's own money", async () => {
    const other = await makeUser();
    await earn(other.id, "viewer", 3000, new Date().toISOString());
    const b = await signedInBrowser(uniqueEmail());
    expect(await (await b.fetch("/api/me/wallet")).json()).toMatchObject({ viewer_balance: 0, creator_balance: 0 });
  });
});

describe("earnings calendar", () => {
  it("groups by day, week and month with a summary", async () => {
    const b = await signedInBrowser(uniqueEmail());
    const me = await idOf(b);
    // Monday 2026-06-01 … Wednesday 2026-06-10, plus May.
    await earn(me, "viewer", 3000, "2026-06-01T10:00:00.000Z");
    await earn(me, "creator", 3000, "2026-06-01T11:00:00.000Z");
    await earn(me, "viewer", 3000, "2026-06-03T10:00:00.000Z");
    await earn(me, "manual", 1_000_000, "2026-06-10T10:00:00.000Z");
    await earn(me, "viewer", 3000, "2026-05-31T23:59:59.000Z");
    const get = async (qs: string) => {
      const res = await b.fetch(`/api/me/earnings/calendar?${qs}`);
      expect(res.status, qs).toBe(200);
      return res.json<EarningsReport>();
    };
    const daily = await get("startDate=2026-06-01&endDate=2026-06-10&groupBy=daily");
    expect(daily.earnings).toEqual([
      { date: "2026-06-01", total_earnings: 0.006, view_count: 2, viewer_earnings: 0.003, creator_earnings: 0.003 },
      { date: "2026-06-03", total_earnings: 0.003, view_count: 1, viewer_earnings: 0.003, creator_earnings: 0 },
      { date: "2026-06-10", total_earnings: 1, view_count: 0, viewer_earnings: 0, creator_earnings: 1 },
    ]);
    // Unique users are the distinct viewers of the views counted (docs/decisions/066): here the member, who watched.
    expect(daily.summary).toEqual({ totalEarnings: 1.009, totalViews: 3, uniqueUsers: 1, avgDaily: 0.1009 });
    const weekly = await get("startDate=2026-05-31&endDate=2026-06-10&groupBy=weekly");
    expect(weekly.earnings.map((r) => [r.date, r.total_earnings])).toEqual([
      ["2026-05-25", 0.003],
      ["2026-06-01", 0.009],
      ["2026-06-08", 1],
    ]);
    const monthly = await get("startDate=2026-05-01&endDate=2026-06-30&groupBy=monthly");
    expect(monthly.earnings.map((r) => [r.date, r.total_earnings])).toEqual([
      ["2026-05-01", 0.003],
      ["2026-06-01", 1.009],
    ]);
  });

  it("refuses impossible date ranges with clear 400s", async () => {
    const b = await signedInBrowser(uniqueEmail());
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    for (const [qs, error] of [
      [`startDate=${tomorrow}`, "startDate: cannot be after today"],
      ["startDate=2026-06-10&endDate=2026-06-01", "endDate: cannot be before startDate"],
      ["startDate=2026-02-30", "startDate: must be a date like 2026-01-31"],
      ["startDate=yesterday", "startDate: must be a date like 2026-01-31"],
      ["groupBy=hourly", "groupBy: groupBy must be daily, weekly or monthly"],
    ]) {
      const res = await b.fetch(`/api/me/earnings/calendar?${qs}`);
      expect(res.status, qs).toBe(400);
      expect((await res.json<{ error: string }>()).error, qs).toBe(error);
    }
  });

  it("counts a paid view once, not once per side it paid (admin, admin CSV and the member's own)", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const viewer = await signedInBrowser(uniqueEmail());
    const viewerId = await idOf(viewer);
    const creator = await makeUser();
    // A day no other test writes to, so the site-wide figures are this test's alone.
    const day = "2023-07-19";
    for (let i = 0; i < 20; i++) {
      const viewId = newId();
      const at = `${day}T10:00:${String(i).padStart(2, "0")}.000Z`;
      await earn(viewerId, "viewer", 3000, at, viewId);
      await earn(creator.id, "creator", 3000, at, viewId);
    }
    await earn(creator.id, "manual", 1_000_000, `${day}T12:00:00.000Z`);
    const qs = `startDate=${day}&endDate=${day}`;
    const site = await (await admin.fetch(`/api/admin/earnings/calendar?${qs}`)).json<EarningsReport>();
    // One viewer watched all 20 (unique users are the distinct viewers, not the people paid: docs/decisions/066).
    expect(site.earnings).toEqual([{ date: day, total_earnings: 1.12, view_count: 20, unique_users: 1 }]);
    expect(site.summary).toMatchObject({ totalEarnings: 1.12, totalViews: 20, uniqueUsers: 1 });
    const csv = await (await admin.fetch(`/api/admin/earnings/calendar.csv?${qs}`)).text();
    expect(csv).toBe(`date,total_earnings,view_count,unique_users\r\n${day},1.12,20,1\r\n`);
    const one = await (
      await admin.fetch(`/api/admin/earnings/calendar?${qs}&userId=${creator.id}`)
    ).json<EarningsReport>();
    expect(one.summary).toMatchObject({ totalViews: 20 });
    const own = await (await viewer.fetch(`/api/me/earnings/calendar?${qs}`)).json<EarningsReport>();
    expect(own.summary).toMatchObject({ totalEarnings: 0.06, totalViews: 20 });
  });

  it("gives admins the site-wide report with unique users, filtered by user on request", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const a = await makeUser();
    const b = await makeUser();
    const day = "2025-03-04";
    await earn(a.id, "viewer", 3000, `${day}T01:00:00.000Z`);
    await earn(b.id, "viewer", 3000, `${day}T02:00:00.000Z`);
    const all = await (
      await admin.fetch(`/api/admin/earnings/calendar?startDate=${day}&endDate=${day}`)
    ).json<EarningsReport>();
    expect(all.earnings[0]!.unique_users).toBeGreaterThanOrEqual(2);
    const one = await (
      await admin.fetch(`/api/admin/earnings/calendar?startDate=${day}&endDate=${day}&userId=${a.id}`)
    ).json<EarningsReport>();
    expect(one.earnings).toEqual([{ date: day, total_earnings: 0.003, view_count: 1, unique_users: 1 }]);
    expect(one.summary).toMatchObject({ totalEarnings: 0.003, totalViews: 1, uniqueUsers: 1 });
  });
});
