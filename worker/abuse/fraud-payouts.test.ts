import { describe, expect, it } from "vitest";
import type { PayoutRequestJson } from "../../common/schemas/payout-requests";
import { admin, memberWith, walletOf } from "../test/payouts";

// Attacks on payout requests (docs/decisions/036): drawing the same available money twice, by a request
// racing an admin payment, two requests at once, or two admins paying one request. Each race has one winner,
// and what the member was paid never exceeds what they had available.

const body = (amount: number) => ({ amount_usd: amount });
const wallet = walletOf;

describe("payout request races", () => {
  it("a request and an admin payment for the same $30: one wins, nothing is drawn twice", async () => {
    const a = await admin();
    const m = await memberWith(30);
    const [req, pay] = await Promise.all([
      m.browser.json("/api/me/payout-requests", "POST", body(30)),
      a.json("/api/admin/payments", "POST", { user_id: m.id, amount_usd: 30, payment_method: "PayPal" }),
    ]);
    expect([req.status, pay.status].sort()).toEqual([201, 409]);
    const w = await wallet(m.browser);
    expect(w.available_balance).toBe(0);
    expect(w.reserved_payout + w.paid_out + w.pending_payouts).toBe(30);
  });

  it("an admin payment cannot take money an open request reserved", async () => {
    const a = await admin();
    const m = await memberWith(30);
    expect((await m.browser.json("/api/me/payout-requests", "POST", body(25))).status).toBe(201);
    const pay = await a.json("/api/admin/payments", "POST", {
      user_id: m.id,
      amount_usd: 10,
      payment_method: "PayPal",
    });
    expect(pay.status).toBe(409);
  });

  it("five requests at once: one is opened", async () => {
    const m = await memberWith(100);
    const statuses = (
      await Promise.all(
        [25, 30, 40, 50, 100].map((amount) => m.browser.json("/api/me/payout-requests", "POST", body(amount))),
      )
    ).map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(4);
  });

  it("two admins paying one request: one payment, the other 409", async () => {
    const m = await memberWith(30);
    const created = await (await m.browser.json("/api/me/payout-requests", "POST", body(30))).json<PayoutRequestJson>();
    const [a1, a2] = [await admin(), await admin()];
    const results = await Promise.all([
      a1.json(`/api/admin/payout-requests/${created.id}/pay`, "POST", {}),
      a2.json(`/api/admin/payout-requests/${created.id}/pay`, "POST", {}),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const w = await wallet(m.browser);
    expect(w).toMatchObject({ paid_out: 30, reserved_payout: 0, available_balance: 0 });
  });

  it("a member cancelling while an admin pays: either paid or cancelled, never both", async () => {
    const a = await admin();
    const m = await memberWith(30);
    const created = await (await m.browser.json("/api/me/payout-requests", "POST", body(30))).json<PayoutRequestJson>();
    const [pay, cancel] = await Promise.all([
      a.json(`/api/admin/payout-requests/${created.id}/pay`, "POST", {}),
      m.browser.fetch(`/api/me/payout-requests/${created.id}/cancel`, { method: "POST" }),
    ]);
    expect([pay.status, cancel.status].sort()).toEqual([200, 409]);
    const w = await wallet(m.browser);
    expect(w.paid_out).toBe(pay.status === 200 ? 30 : 0);
    expect(w.available_balance).toBe(pay.status === 200 ? 0 : 30);
  });
});
