import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PaymentJson } from "../../common/schemas/payments";
import type { PayoutPaidJson } from "../../common/schemas/admin-payout-requests";
import type { PayoutRequestJson, PayoutRequestsResponse } from "../../common/schemas/payout-requests";
import type { NotificationsJson } from "../../common/schemas/notifications";
import type { PayoutBatchJson } from "../../common/schemas/payout-batches";
import { member } from "../test/members";
import { admin, memberWith, openRequest, payTo, requestPayout, viewReward, walletOf } from "../test/payouts";

// Paid exactly once, to the right person (docs/decisions/066). The attack measured from outside:
// $30 credited → request $25 → admin pays → the admin deletes (or edits down) the payment that settled it → the
// $25 is available again → a second request is paid: $50 paid against $30 earned.

const DAY_MS = 24 * 60 * 60 * 1000;
const mine = async (m: Awaited<ReturnType<typeof memberWith>>) =>
  (await m.browser.fetch("/api/me/payout-requests")).json<PayoutRequestsResponse>();
const paidNet = async (userId: string) =>
  (await env.DB.prepare(
    `select (select coalesce(sum(amount_micros), 0) from payments where user_id = ?1)
          - (select coalesce(sum(amount_micros), 0) from payment_reversals where user_id = ?1) as net`,
  )
    .bind(userId)
    .first<{ net: number }>())!.net;

afterEach(() => vi.useRealTimers());

async function paidRequest(usd: number, amount: number) {
  const a = await admin();
  const m = await memberWith(usd);
  const created = await openRequest(m.browser, amount);
  const res = await a.json(`/api/admin/payout-requests/${created.id}/pay`, "POST", { payment_reference: "PP-1" });
  expect(res.status).toBe(200);
  return { a, m, created, paid: await res.json<PayoutPaidJson>() };
}

describe("a payment that settled a request is permanent", () => {
  it("the double-payment attack: delete and edit-down are refused (409, and by the database); a second request finds nothing", async () => {
    const { a, m, created, paid } = await paidRequest(30, 25);
    const del = await a.fetch(`/api/admin/payments/${paid.payment.id}`, { method: "DELETE" });
    expect(del.status).toBe(409);
    expect(await del.json()).toMatchObject({
      code: "permanent_payment",
      error: expect.stringContaining("Record a correction instead"),
    });
    const edit = await a.json(`/api/admin/payments/${paid.payment.id}`, "PATCH", {
      user_id: m.id,
      amount_usd: 0.01,
      payment_method: "PayPal",
      payment_reference: null,
      status: "completed",
      notes: null,
    });
    expect(edit.status).toBe(409);
    // The cheapest client of the database itself is refused too.
    await expect(env.DB.prepare("delete from payments where id = ?").bind(paid.payment.id).run()).rejects.toThrow(
      /permanent/,
    );
    await expect(
      env.DB.prepare("update payments set amount_micros = 10000 where id = ?").bind(paid.payment.id).run(),
    ).rejects.toThrow(/permanent/);
    await expect(
      env.DB.prepare("update payments set status = 'pending' where id = ?").bind(paid.payment.id).run(),
    ).rejects.toThrow(/permanent/);

    const list = await mine(m);
    expect(list.requests.find((r) => r.id === created.id)).toMatchObject({
      status: "paid",
      payment_id: paid.payment.id,
    });
    expect(list.available_balance).toBe(5);
    const second = await requestPayout(m.browser, 25);
    expect(second.status).toBe(409);
    expect((await second.json<{ error: string }>()).error).toContain("You have $5.00 available");
    expect(await paidNet(m.id)).toBe(25_000_000);
  });

  it("a correction that closes the request gives the money back once; a second correction is refused", async () => {
    const { a, m, created, paid } = await paidRequest(30, 25);
    const needsChoice = await a.json(`/api/admin/payments/${paid.payment.id}/reversal`, "POST", {
      reason: "PayPal returned it",
    });
    expect(needsChoice.status).toBe(400);
    const res = await a.json(`/api/admin/payments/${paid.payment.id}/reversal`, "POST", {
      reason: "PayPal returned it",
      request: "close",
    });
    expect(res.status).toBe(200);
    expect(await res.json<PaymentJson>()).toMatchObject({
      request_id: created.id,
      reversal: { reason: "PayPal returned it", request_outcome: "closed" },
    });
    expect(
      (await a.json(`/api/admin/payments/${paid.payment.id}/reversal`, "POST", { reason: "again", request: "close" }))
        .status,
    ).toBe(409);
    // A corrected payment stays a fact.
    expect((await a.fetch(`/api/admin/payments/${paid.payment.id}`, { method: "DELETE" })).status).toBe(409);

    const list = await mine(m);
    expect(list.requests[0]).toMatchObject({
      id: created.id,
      status: "returned",
      reason: "PayPal returned it",
      correction: { outcome: "closed", reason: "PayPal returned it" },
    });
    expect(list.available_balance).toBe(30);
    const w = await walletOf(m.browser);
    expect(w).toMatchObject({ paid_out: 0, payout_in_flight: 0, creator_payouts: 0, creator_balance: 30 });
    // The member is told, and the audit log keeps the correction and the request's change.
    const bell = await (await m.browser.fetch("/api/me/notifications")).json<NotificationsJson>();
    expect(bell.items.map((n) => n.kind)).toContain("payout_corrected");
    const audit = await (
      await a.fetch("/api/admin/audit")
    ).json<{ entity_id: string; action: string; after: string | null }[]>();
    expect(audit.filter((e) => e.entity_id === paid.payment.id).map((e) => e.action)).toEqual(["update", "create"]);
    expect(audit.filter((e) => e.entity_id === created.id)).toHaveLength(2);

    // The money can be asked for again, and paid: what was paid, net, is what was earned and available.
    const again = await openRequest(m.browser, 30);
    expect((await a.json(`/api/admin/payout-requests/${again.id}/pay`, "POST", {})).status).toBe(200);
    expect(await paidNet(m.id)).toBe(30_000_000);
    expect((await requestPayout(m.browser, 25)).status).toBe(409);
  });

  it("a correction that reopens the request reserves it again, to be paid again; never paid twice net", async () => {
    const { a, m, created, paid } = await paidRequest(30, 25);
    const res = await a.json(`/api/admin/payments/${paid.payment.id}/reversal`, "POST", {
      reason: "Sent to a closed account",
      request: "reopen",
    });
    expect(res.status).toBe(200);
    const list = await mine(m);
    expect(list.requests[0]).toMatchObject({
      id: created.id,
      status: "open",
      payment_id: null,
      correction: { outcome: "reopened" },
    });
    expect(list.available_balance).toBe(5);
    expect(await walletOf(m.browser)).toMatchObject({ paid_out: 0, payout_in_flight: 25 });
    expect((await requestPayout(m.browser, 5)).status).toBe(409);
    expect((await a.json(`/api/admin/payout-requests/${created.id}/pay`, "POST", {})).status).toBe(200);
    expect(await paidNet(m.id)).toBe(25_000_000);
    expect(await walletOf(m.browser)).toMatchObject({ paid_out: 25, payout_in_flight: 0, available_balance: 5 });
  });

  it("a manual payment keeps the spec's edit and delete until it is corrected", async () => {
    const a = await admin();
    const m = await memberWith(30);
    const created = await (
      await a.json("/api/admin/payments", "POST", { user_id: m.id, amount_usd: 10, payment_method: "Venmo" })
    ).json<PaymentJson>();
    expect(created.request_id).toBeNull();
    expect((await a.json(`/api/admin/payments/${created.id}/reversal`, "POST", { reason: "typo" })).status).toBe(200);
    expect((await a.fetch(`/api/admin/payments/${created.id}`, { method: "DELETE" })).status).toBe(409);
    const other = await (
      await a.json("/api/admin/payments", "POST", { user_id: m.id, amount_usd: 5, payment_method: "Venmo" })
    ).json<PaymentJson>();
    expect((await a.fetch(`/api/admin/payments/${other.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await walletOf(m.browser)).available_balance).toBe(30);
  });
});

describe("one payout destination belongs to one person", () => {
  it("refuses another member's address however it is typed, and the admin sees both accounts", async () => {
    const a = await admin();
    const holder = await memberWith(30, "holder");
    const farm = await member("farm");
    const address = `${holder.id.toLowerCase()}@example.com`;
    const res = await farm.browser.json("/api/me/payout-destination", "PUT", {
      payment_method: "PayPal",
      payout_address: `  ${address.toUpperCase()} `,
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      code: "address_taken",
      error: expect.stringContaining("used by another Reelpay account"),
    });
    // The same email as a Venmo recipient is the same person's address.
    expect(await payTo(farm.browser, address, "Venmo")).toBe(409);
    const req = await openRequest(holder.browser, 25);
    const listed = (await (await a.fetch("/api/admin/payout-requests?status=open")).json<PayoutRequestJson[]>()).find(
      (r) => r.id === req.id,
    )!;
    const farmEmail = (await (await farm.browser.fetch("/api/users/me")).json<{ email: string }>()).email;
    expect(listed.address_also_named_by).toEqual([farmEmail]);
  });

  it("a changed address waits 7 days, says so on the bell, and the member sees when it may be used", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    const m = await memberWith(60);
    const changed = await m.browser.json("/api/me/payout-destination", "PUT", {
      payment_method: "PayPal",
      payout_address: `new-${m.id.toLowerCase()}@example.com`,
    });
    expect(changed.status).toBe(200);
    const dest = await changed.json<{ usable_from: string; changed_at: string }>();
    expect(Date.parse(dest.usable_from) - Date.parse(dest.changed_at)).toBe(7 * DAY_MS);
    expect((await mine(m)).destination).toMatchObject({
      payout_address: `new-${m.id.toLowerCase()}@example.com`,
      usable_from: dest.usable_from,
    });
    const early = await requestPayout(m.browser, 25);
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({
      code: "destination_waiting",
      error: expect.stringContaining("can be used from"),
    });
    const bell = await (await m.browser.fetch("/api/me/notifications")).json<NotificationsJson>();
    expect(bell.items.find((n) => n.kind === "payout_address_changed")).toBeTruthy();
    // The same address typed again is no new change: the date stays.
    const same = await (
      await m.browser.json("/api/me/payout-destination", "PUT", {
        payment_method: "PayPal",
        payout_address: `NEW-${m.id.toLowerCase()}@example.com`,
      })
    ).json<{ usable_from: string }>();
    expect(same.usable_from).toBe(dest.usable_from);
    vi.setSystemTime(start + 7 * DAY_MS - 60_000);
    expect((await requestPayout(m.browser, 25)).status).toBe(409);
    vi.setSystemTime(start + 7 * DAY_MS + 60_000);
    const ok = await requestPayout(m.browser, 25);
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ payout_address: `NEW-${m.id.toLowerCase()}@example.com` });
  });
});

describe("payouts draw available money only, and each side's lines hold", () => {
  it("$30.004 available and $0.003 held, paid $30.00: nothing held looks paid out", async () => {
    const a = await admin();
    const m = await memberWith(30.004);
    await viewReward(m.id, 3000, { availableAt: new Date(Date.now() + 7 * DAY_MS).toISOString() });
    const created = await openRequest(m.browser, 30);
    expect((await a.json(`/api/admin/payout-requests/${created.id}/pay`, "POST", {})).status).toBe(200);
    const w = await walletOf(m.browser);
    expect(w).toMatchObject({
      viewer_balance: 0.003,
      viewer_pending: 0.003,
      viewer_available: 0,
      viewer_payouts: 0,
      creator_balance: 0.004,
      creator_available: 0.004,
      creator_pending: 0,
      creator_payouts: 30,
      creator_earnings: 0,
      creator_adjustments: 30.004,
      paid_out: 30,
      payout_in_flight: 0,
      available_balance: 0.004,
      pending_balance: 0.003,
    });
    expect(w.adjustments).toEqual([
      expect.objectContaining({ side: "creator", amount_usd: 30.004, description: "Test credit" }),
    ]);
  });
});

describe("payout batches", () => {
  it("sends the open requests in one step, exports PayPal's file, and records paid and returned", async () => {
    const a = await admin();
    const members = [await memberWith(30), await memberWith(40), await memberWith(50)];
    const requests = [
      await openRequest(members[0]!.browser, 25),
      await openRequest(members[1]!.browser, 30),
      await openRequest(members[2]!.browser, 50),
    ];
    const bank = await member("bank");
    await a.json("/api/admin/earnings", "POST", { user_id: bank.id, amount_usd: 30 });
    expect(await payTo(bank.browser, `DE89 3704 0044 0532 ${bank.id.slice(-6)}`, "Bank Transfer")).toBe(200);
    // A bank transfer cannot go in a PayPal batch.
    const bankReq = await openRequest(bank.browser, 25);
    const refused = await a.json("/api/admin/payout-batches", "POST", { request_ids: [requests[0]!.id, bankReq.id] });
    expect(refused.status).toBe(400);

    const created = await a.json("/api/admin/payout-batches", "POST", { request_ids: requests.map((r) => r.id) });
    expect(created.status).toBe(201);
    const batch = await created.json<{ id: number; count: number; total_usd: number }>();
    expect(batch).toMatchObject({ count: 3, total_usd: 105 });
    // Sent: no longer cancellable, not in another batch, still reserved.
    const cancel = await members[0]!.browser.fetch(`/api/me/payout-requests/${requests[0]!.id}/cancel`, {
      method: "POST",
    });
    expect(cancel.status).toBe(409);
    expect((await a.json("/api/admin/payout-batches", "POST", { request_ids: [requests[0]!.id] })).status).toBe(409);
    expect((await mine(members[0]!)).requests[0]).toMatchObject({
      status: "sent",
      batch_id: batch.id,
      sent_at: expect.stringMatching(/^\d{4}-/),
    });
    expect(await walletOf(members[0]!.browser)).toMatchObject({ payout_in_flight: 25, available_balance: 5 });

    const csv = await a.fetch(`/api/admin/payout-batches/${batch.id}/csv`);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(
      `${members[0]!.id.toLowerCase()}@example.com,25.00,USD,${requests[0]!.id},Reelpay payout (batch ${batch.id}),PAYPAL`,
    );

    const result = await a.json(`/api/admin/payout-batches/${batch.id}/result`, "POST", {
      returned: [{ request_id: requests[1]!.id, reason: "Receiver unregistered" }],
      payment_reference: "PAYPAL-BATCH-9",
    });
    expect(result.status).toBe(200);
    expect(await result.json<PayoutBatchJson>()).toMatchObject({
      status: "recorded",
      paid_count: 2,
      paid_usd: 75,
      returned_count: 1,
      returned_usd: 30,
    });
    expect((await a.json(`/api/admin/payout-batches/${batch.id}/result`, "POST", {})).status).toBe(409);

    expect(await walletOf(members[0]!.browser)).toMatchObject({
      paid_out: 25,
      payout_in_flight: 0,
      available_balance: 5,
    });
    expect(await walletOf(members[1]!.browser)).toMatchObject({
      paid_out: 0,
      payout_in_flight: 0,
      available_balance: 40,
    });
    expect((await mine(members[1]!)).requests[0]).toMatchObject({
      status: "returned",
      reason: "Receiver unregistered",
    });
    const bell = await (await members[1]!.browser.fetch("/api/me/notifications")).json<NotificationsJson>();
    expect(bell.items.map((n) => n.kind)).toContain("payout_returned");
    const payments = (await (await members[2]!.browser.fetch("/api/me/payments")).json<{ payments: PaymentJson[] }>())
      .payments;
    expect(payments).toEqual([
      expect.objectContaining({
        amount_usd: 50,
        request_id: requests[2]!.id,
        payment_reference: "PAYPAL-BATCH-9",
        status: "completed",
        notes: expect.stringMatching(new RegExp(`^Payout batch ${batch.id} to `)),
      }),
    ]);
    // Batch payments are as permanent as any that settled a request.
    expect((await a.fetch(`/api/admin/payments/${payments[0]!.id}`, { method: "DELETE" })).status).toBe(409);
    const listed = await (await a.fetch("/api/admin/payout-batches")).json<PayoutBatchJson[]>();
    expect(listed.find((b) => b.id === batch.id)).toMatchObject({ count: 3, total_usd: 105 });
  });

  it("refuses a result naming a request the batch did not send, and an unknown batch", async () => {
    const a = await admin();
    const m = await memberWith(30);
    const r = await openRequest(m.browser, 25);
    const batch = await (
      await a.json("/api/admin/payout-batches", "POST", { request_ids: [r.id] })
    ).json<{ id: number }>();
    const other = await memberWith(30);
    const stray = await openRequest(other.browser, 25);
    expect(
      (
        await a.json(`/api/admin/payout-batches/${batch.id}/result`, "POST", {
          returned: [{ request_id: stray.id, reason: "x" }],
        })
      ).status,
    ).toBe(400);
    expect((await a.json("/api/admin/payout-batches/999999/result", "POST", {})).status).toBe(404);
    expect((await a.fetch("/api/admin/payout-batches/abc/csv")).status).toBe(400);
    expect((await m.browser.fetch("/api/admin/payout-batches")).status).toBe(403);
  });
});
