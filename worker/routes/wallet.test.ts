import { describe, expect, it } from "vitest";
import type { EarningsReport, PaymentsResponse, WalletJson } from "../api-types";
import { bonuses, earnings, payments } from "../db/schema";
import { newId } from "../lib/ids";
import { makeUser, testDb } from "../test/factories";
import { signedInBrowser, uniqueEmail, type Browser } from "../test/http";

const idOf = async (b: Browser) => (await (await b.fetch("/api/users/me")).json<{ id: string }>()).id;

async function earn(userId: string, kind: "viewer" | "creator" | "manual", micros: number, createdAt: string, viewId: string | null = kind === "manual" ? null : newId()) {
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
    await testDb().insert(bonuses).values([
      { id: newId(), userId: me, kind: "manual", challengeIds: "Manual", totalMicros: 1_000_000, status: "awarded", createdAt: at },
      { id: newId(), userId: me, kind: "signon", challengeIds: "c", totalMicros: 75_000_000, status: "pending", createdAt: at },
    ]);
    await testDb().insert(payments).values({
      id: newId(), userId: me, amountMicros: 7_000_000, paymentMethod: "PayPal", status: "pending", createdAt: at,
    });
    const wallet = await (await b.fetch("/api/me/wallet")).json<WalletJson>();
    expect(wallet).toEqual({
      viewer_balance: 0, // 5 + 1 awarded bonus − 6 of the 7 paid
      creator_balance: 9, // 8 + 2 manual − the remaining 1
      viewer_earnings: 5,
      creator_earnings: 10,
      bonuses: 1,
      paid_out: 7,
      minimum_payout: 25,
    });
    const paid = await (await b.fetch("/api/me/payments")).json<PaymentsResponse>();
    expect(paid.payments).toHaveLength(1);
    expect(paid.payments[0]).toMatchObject({ amount_usd: 7, payment_method: "PayPal", status: "pending" });
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
    expect(daily.summary).toEqual({ totalEarnings: 1.009, totalViews: 3, uniqueUsers: 0, avgDaily: 0.1009 });
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

  it("gives admins the site-wide report with unique users, filtered by user on request", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const a = await makeUser();
    const b = await makeUser();
    const day = "2025-03-04";
    await earn(a.id, "viewer", 3000, `${day}T01:00:00.000Z`);
    await earn(b.id, "creator", 3000, `${day}T02:00:00.000Z`);
    const all = await (await admin.fetch(`/api/admin/earnings/calendar?startDate=${day}&endDate=${day}`)).json<EarningsReport>();
    expect(all.earnings[0]!.unique_users).toBeGreaterThanOrEqual(2);
    const one = await (await admin.fetch(`/api/admin/earnings/calendar?startDate=${day}&endDate=${day}&userId=${a.id}`)).json<EarningsReport>();
    expect(one.earnings).toEqual([{ date: day, total_earnings: 0.003, view_count: 1, unique_users: 1 }]);
    expect(one.summary).toMatchObject({ totalEarnings: 0.003, totalViews: 1, uniqueUsers: 1 });
  });
});
