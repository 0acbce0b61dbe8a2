import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AuditEntryJson } from "../../common/schemas/admin-audit";
import type { PaymentsResponse } from "../../common/schemas/payments";
import type { PayoutPaidJson } from "../../common/schemas/admin-payout-requests";
import type { PayoutRequestJson, PayoutRequestsResponse } from "../../common/schemas/payout-requests";
import { Browser } from "../test/http";
import { member } from "../test/members";
import { admin, memberWith, payTo, requestPayout, viewReward, walletOf } from "../test/payouts";
import { suspend } from "../test/moderation";
import { makeAwardedBonus } from "../test/bonus";
import { testDb } from "../test/factories";
import { reviews } from "../db/schema";
import { newId } from "../lib/ids";
import { nowIso } from "../lib/time";

// Payout requests through the API (docs/decisions/036): the member asks, the amount is reserved, an admin
// pays it (the payment takes the reservation's place) or rejects it (the reservation is freed).

const request = (b: Browser, amount: number) => requestPayout(b, amount);
const wallet = walletOf;
const mine = async (b: Browser) => (await b.fetch("/api/me/payout-requests")).json<PayoutRequestsResponse>();

describe("POST /api/me/payout-requests", () => {
  it("opens a request for PayPal with the minimum available, reserves it, and lists it", async () => {
    const m = await memberWith(30);
    expect((await mine(m.browser)).days_to_minimum).toBeNull();
    const res = await request(m.browser, 25);
    expect(res.status).toBe(201);
    const created = await res.json<PayoutRequestJson>();
    expect(created).toMatchObject({
      amount_usd: 25,
      payment_method: "PayPal",
      payout_address: `${m.id.toLowerCase()}@example.com`,
      status: "open",
      user_id: m.id,
    });
    const w = await wallet(m.browser);
    // In flight: out of the balance (one line, "Payout in progress"), drawn from available money only.
    expect(w).toMatchObject({
      reserved_payout: 25,
      payout_in_flight: 25,
      available_balance: 5,
      creator_balance: 5,
      creator_payouts: 25,
      viewer_payouts: 0,
    });
    const list = await mine(m.browser);
    expect(list.requests.map((r) => r.id)).toEqual([created.id]);
    // A manual credit is no pace: nothing from qualified views in 7 days.
    expect(list.days_to_minimum).toBeNull();
  });

  it("refuses an amount below the minimum (400) and more than is available (409), in the member's words, whatever the amount", async () => {
    const m = await memberWith(20);
    const low = await request(m.browser, 10);
    expect(low.status).toBe(400);
    expect((await low.json<{ error: string }>()).error).toBe(
      "The minimum payout is $25.00; you have $20.00 available.",
    );
    for (const amount of [25, 1e9, 1e300]) {
      const over = await request(m.browser, amount);
      expect(over.status).toBe(409);
      expect((await over.json<{ error: string }>()).error).toMatch(
        /^You have \$20\.00 available; a payout of \$[\d,.]+ needs at least that much available\.$/,
      );
    }
    for (const amount of [25.001, -5, 0]) expect((await request(m.browser, amount)).status).toBe(400);
  });

  it("wants an email for PayPal and a known method; a destination before any request", async () => {
    const m = await member("nodest");
    await (await admin()).json("/api/admin/earnings", "POST", { user_id: m.id, amount_usd: 30 });
    const none = await request(m.browser, 25);
    expect(none.status).toBe(400);
    expect((await none.json<{ error: string }>()).error).toContain("Set where you want to be paid");
    const bad = await m.browser.json("/api/me/payout-destination", "PUT", {
      payment_method: "PayPal",
      payout_address: "not an email",
    });
    expect(bad.status).toBe(400);
    expect((await bad.json<{ error: string }>()).error).toContain("payout_address");
    const long = await payTo(m.browser, `${"a".repeat(153)}@example.com`);
    expect(long).toBe(400);
    const method = await m.browser.json("/api/me/payout-destination", "PUT", {
      payment_method: "Gold bars",
      payout_address: "x",
    });
    expect(method.status).toBe(400);
    expect((await method.json<{ error: string }>()).error).toContain("payment_method");
    expect(await payTo(m.browser, `@venmo-${m.id.slice(-8)}`, "Venmo")).toBe(200);
    // The first destination is usable at once.
    expect((await request(m.browser, 25)).status).toBe(201);
  });

  it("allows one open request at a time; cancelling frees the money for a new one", async () => {
    const m = await memberWith(60);
    const first = await (await request(m.browser, 25)).json<PayoutRequestJson>();
    const second = await request(m.browser, 25);
    expect(second.status).toBe(409);
    expect((await second.json<{ error: string }>()).error).toContain("payout request on its way");
    const cancelled = await m.browser.fetch(`/api/me/payout-requests/${first.id}/cancel`, { method: "POST" });
    expect(cancelled.status).toBe(200);
    expect((await cancelled.json<PayoutRequestJson>()).status).toBe("cancelled");
    expect((await wallet(m.browser)).payout_in_flight).toBe(0);
    expect((await wallet(m.browser)).available_balance).toBe(60);
    expect((await m.browser.fetch(`/api/me/payout-requests/${first.id}/cancel`, { method: "POST" })).status).toBe(409);
    expect((await request(m.browser, 60)).status).toBe(201);
  });

  it("keeps every request: the database refuses to delete one, open or decided, so its reservation and its history stay", async () => {
    const m = await memberWith(30);
    const open = await (await request(m.browser, 25)).json<PayoutRequestJson>();
    await expect(env.DB.prepare("delete from payout_requests where id = ?").bind(open.id).run()).rejects.toThrow(
      /permanent/,
    );
    await m.browser.fetch(`/api/me/payout-requests/${open.id}/cancel`, { method: "POST" });
    await expect(env.DB.prepare("delete from payout_requests where user_id = ?").bind(m.id).run()).rejects.toThrow(
      /permanent/,
    );
    expect((await mine(m.browser)).requests.map((r) => r.status)).toEqual(["cancelled"]);
  });

  it("hides another member's request (404) and wants a signed-in caller (401)", async () => {
    const m = await memberWith(30);
    const other = await member("other");
    const created = await (await request(m.browser, 25)).json<PayoutRequestJson>();
    expect((await other.browser.fetch(`/api/me/payout-requests/${created.id}/cancel`, { method: "POST" })).status).toBe(
      404,
    );
    expect((await mine(other.browser)).requests).toEqual([]);
    const anonymous = new Browser();
    expect((await anonymous.fetch("/api/me/payout-requests")).status).toBe(401);
    expect((await request(anonymous, 25)).status).toBe(401);
  });

  it("refuses a suspended member's request (403) but still lists theirs", async () => {
    const m = await memberWith(30);
    await suspend(m.id);
    const res = await request(m.browser, 25);
    expect(res.status).toBe(403);
    expect((await res.json<{ code: string }>()).code).toBe("suspended");
    expect((await m.browser.fetch("/api/me/payout-requests")).status).toBe(200);
  });

  it("estimates the days to the minimum from qualified views only, never one-off credits", async () => {
    const m = await memberWith(7);
    expect(await mine(m.browser)).toMatchObject({ pace_per_day: 0, days_to_minimum: null });
    // $0.70 of view rewards this week: $0.10 a day; $18 more takes 180 days.
    for (let i = 0; i < 7; i++)
      await viewReward(m.id, 100_000, { side: i % 2 ? "viewer" : "creator", availableAt: "2999-01-01T00:00:00.000Z" });
    // The $0.70 is still on its hold, and counts first: $17.30 is left for the pace, 173 days.
    expect(await mine(m.browser)).toMatchObject({ pace_per_day: 0.1, releasing_usd: 0.7, days_to_minimum: 173 });
    const idle = await member("idle");
    expect((await mine(idle.browser)).days_to_minimum).toBeNull();
  });
});

describe("GET /api/me/payout-requests: money already pending", () => {
  it("names the day pending releases reach the minimum, and what is released by then; the pace is not needed", async () => {
    const m = await memberWith(0);
    // $75.015 held until Dec 7 (a sign-on bonus's size), $10 more later: the first release is enough.
    await viewReward(m.id, 75_015_000, { availableAt: "2999-12-07T10:00:00.000Z" });
    await viewReward(m.id, 10_000_000, { availableAt: "2999-12-20T10:00:00.000Z" });
    expect(await mine(m.browser)).toMatchObject({
      available_balance: 0,
      releasing_usd: 85.015,
      minimum_released: { day: "2999-12-07", amount_usd: 75.015, on_one_day: true },
      days_to_minimum: null,
    });
  });

  it("counts an awarded sign-on bonus on its hold, and not one held for an admin's review", async () => {
    // The walk's member: all challenges done, the $75 bonus approved and on its 7-day hold, $0.015 of views beside it.
    const m = await memberWith(0);
    const bonus = await makeAwardedBonus(m.id, { holdDays: 7 });
    await viewReward(m.id, 15_000, { availableAt: bonus.availableAt });
    expect(await mine(m.browser)).toMatchObject({
      available_balance: 0,
      releasing_usd: 75.015,
      minimum_released: { day: bonus.availableAt.slice(0, 10), amount_usd: 75.015, on_one_day: true },
      days_to_minimum: null,
    });
    // A bonus the sweep flagged waits for an admin's decision, not a date: no day is promised for it.
    const held = await memberWith(0);
    const flagged = await makeAwardedBonus(held.id, { holdDays: 7 });
    await testDb()
      .insert(reviews)
      .values({
        id: newId(),
        rule: "bonus_risk",
        subject: flagged.id,
        userIds: JSON.stringify([held.id]),
        evidence: "[]",
        status: "open",
        createdAt: nowIso(),
      });
    expect(await mine(held.browser)).toMatchObject({ releasing_usd: 0, minimum_released: null });
  });

  it("adds releases day by day until the minimum, and says when it took several days", async () => {
    const m = await memberWith(5);
    await viewReward(m.id, 12_000_000, { availableAt: "2999-12-01T10:00:00.000Z" });
    await viewReward(m.id, 4_000_000, { availableAt: "2999-12-03T08:00:00.000Z" });
    await viewReward(m.id, 4_000_000, { availableAt: "2999-12-03T20:00:00.000Z" });
    await viewReward(m.id, 9_000_000, { availableAt: "2999-12-05T10:00:00.000Z" });
    // $5 available + $12 + $8 (two releases the same UTC day) = $25 on Dec 3.
    expect(await mine(m.browser)).toMatchObject({
      releasing_usd: 29,
      minimum_released: { day: "2999-12-03", amount_usd: 20, on_one_day: false },
      days_to_minimum: null,
    });
  });
});

describe("admin payout requests", () => {
  it("lists open requests first; paying records the completed payment, closes the request, audits both; the balance adds up", async () => {
    const a = await admin();
    const m = await memberWith(30);
    const created = await (await request(m.browser, 25)).json<PayoutRequestJson>();
    const open = await (await a.fetch("/api/admin/payout-requests?status=open")).json<PayoutRequestJson[]>();
    expect(open.find((r) => r.id === created.id)).toMatchObject({
      status: "open",
      user_email: expect.stringContaining("payout-"),
      address_also_named_by: [],
    });
    expect(open.every((r) => r.status === "open")).toBe(true);

    const res = await a.json(`/api/admin/payout-requests/${created.id}/pay`, "POST", { payment_reference: "PP-123" });
    expect(res.status).toBe(200);
    const paid = await res.json<PayoutPaidJson>();
    expect(paid.request).toMatchObject({ status: "paid", payment_id: paid.payment.id });
    expect(paid.payment).toMatchObject({
      amount_usd: 25,
      status: "completed",
      payment_method: "PayPal",
      payment_reference: "PP-123",
    });

    const w = await wallet(m.browser);
    expect(w).toMatchObject({
      reserved_payout: 0,
      payout_in_flight: 0,
      paid_out: 25,
      available_balance: 5,
      creator_balance: 5,
    });
    expect(
      (await (await m.browser.fetch("/api/me/payments")).json<PaymentsResponse>()).payments.map((p) => p.id),
    ).toEqual([paid.payment.id]);
    const audit = await (await a.fetch("/api/admin/audit")).json<AuditEntryJson[]>();
    expect(audit.filter((e) => e.entity_id === created.id).map((e) => e.action)).toEqual(["update"]);
    expect(audit.filter((e) => e.entity_id === paid.payment.id).map((e) => e.action)).toEqual(["create"]);

    const all = await (await a.fetch("/api/admin/payout-requests")).json<PayoutRequestJson[]>();
    const firstClosed = all.findIndex((r) => r.status !== "open");
    expect(all.slice(firstClosed).every((r) => r.status !== "open")).toBe(true);
  });

  it("rejecting with a reason frees the reservation; a second decision is 409", async () => {
    const a = await admin();
    const m = await memberWith(30);
    const created = await (await request(m.browser, 30)).json<PayoutRequestJson>();
    expect((await a.json(`/api/admin/payout-requests/${created.id}/reject`, "POST", { reason: "" })).status).toBe(400);
    const res = await a.json(`/api/admin/payout-requests/${created.id}/reject`, "POST", {
      reason: "PayPal account not found",
    });
    expect(res.status).toBe(200);
    expect(await res.json<PayoutRequestJson>()).toMatchObject({
      status: "rejected",
      reason: "PayPal account not found",
    });
    expect((await wallet(m.browser)).available_balance).toBe(30);
    expect((await a.json(`/api/admin/payout-requests/${created.id}/pay`, "POST", {})).status).toBe(409);
    expect((await m.browser.fetch(`/api/me/payout-requests/${created.id}/cancel`, { method: "POST" })).status).toBe(
      409,
    );
  });

  it("is for administrators only (403), and an unknown request is 404", async () => {
    const m = await memberWith(0);
    expect((await m.browser.fetch("/api/admin/payout-requests")).status).toBe(403);
    expect((await m.browser.json("/api/admin/payout-requests/nope/pay", "POST", {})).status).toBe(403);
    expect(
      (await (await admin()).json("/api/admin/payout-requests/aaaaaaaaaaaaaaaaaaaaa/pay", "POST", {})).status,
    ).toBe(404);
  });
});
