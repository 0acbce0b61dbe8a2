import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { PaymentJson } from "../../../common/schemas/payments";
import type { Browser } from "../../test/http";
import { member } from "../../test/members";
import { admin, memberWith, openRequest, payTo } from "../../test/payouts";

// The admin's money fields under the member-text rule (docs/decisions/106): a payment, a correction, a payout's
// reference or a rejection is evidence an audit reads for good, so a NUL or a lone surrogate is never stored, an
// invisible-only required field is refused, and limits count UTF-16 units as the text boxes do (zod's `.max`
// counted code points, so emoji passed at twice the length). Good text is stored as typed.

/** Everything money that belongs to the member: rows counted and their words, so a refused call provably wrote nothing. */
const moneyState = async (userId: string) =>
  env.DB.prepare(
    `select
       (select count(*) || ':' || coalesce(group_concat(description, '|'), '') from earnings where user_id = ?1) as earnings,
       (select count(*) || ':' || coalesce(group_concat(description, '|'), '') from bonuses where user_id = ?1) as bonuses,
       (select count(*) || ':' || coalesce(group_concat(
          payment_method || '|' || coalesce(payment_reference, '') || '|' || coalesce(notes, '') || '|' || status, '/'), '')
          from payments where user_id = ?1) as payments,
       (select count(*) from payment_reversals where user_id = ?1) as reversals,
       (select coalesce(group_concat(status || '|' || coalesce(reason, ''), '/'), '') from payout_requests
          where user_id = ?1) as requests,
       (select coalesce(group_concat(recorded_at, '/'), '') from payout_batches
          where id in (select batch_id from payout_requests where user_id = ?1)) as batches,
       (select count(*) || ':' || coalesce(group_concat(payout_address, '|'), '') from payout_destinations
          where user_id = ?1) as destinations`,
  )
    .bind(userId)
    .first();

/** One money endpoint: who calls it, where, and the body with one field set to the text under test. */
type Endpoint = {
  caller: Browser;
  userId: string;
  method: string;
  path: string;
  body: (field: string, text: string) => unknown;
};

type Field = {
  name: string;
  /** The field as the error names it (a nested one: "returned.0.reason"). */
  at?: string;
  label?: string;
  max: number;
  required?: string;
  oneLine?: boolean;
};

const emoji = (units: number) => "💸".repeat(units / 2);

/** A NUL, a lone surrogate, an invisible-only required field and emoji one past the limit: 400 in words, nothing written. */
async function expectRefusals(e: Endpoint, field: Field) {
  const label = field.label ?? field.name;
  const cases: [string, string][] = [
    ["Paid\u0000 by hand", `${label} contains characters that cannot be shown`],
    ["Paid \ud800 by hand", `${label} contains characters that cannot be shown`],
    ["Paid\u007f", `${label} contains characters that cannot be shown`],
    // Within the limit in code points (what zod's .max counted), past it in UTF-16 units.
    [`${emoji(field.max)}💸`, `${label} must be at most ${field.max} characters`],
  ];
  if (field.required) cases.push(["\u200b\u200b \u2060", field.required]);
  if (field.oneLine) cases.push(["PayPal\nline two", `${label} must be on one line`]);
  for (const [text, words] of cases) {
    const before = await moneyState(e.userId);
    const res = await e.caller.json(e.path, e.method, e.body(field.name, text));
    expect(res.status, `${field.name} ${JSON.stringify(text)}`).toBe(400);
    expect(await res.json(), `${field.name} ${JSON.stringify(text)}`).toMatchObject({
      error: `${field.at ?? field.name}: ${words}`,
    });
    expect(await moneyState(e.userId), `${field.name} ${JSON.stringify(text)}`).toEqual(before);
  }
}

/** Text that is fine, as it should be stored: accents, emoji (exactly at a limit), CJK, right-to-left, HTML. */
const good = (max: number, oneLine = true) => {
  const text = `Émile ✓ 中文 مرحبا <b>&amp;</b>${oneLine ? "" : "\nsecond line"}`;
  const rest = max - text.length;
  return `${text}${emoji(rest - (rest % 2))}${rest % 2 ? "a" : ""}`;
};

const setAdminPayment = async (a: Browser, userId: string) => {
  const res = await a.json("/api/admin/payments", "POST", { user_id: userId, amount_usd: 1, payment_method: "PayPal" });
  expect(res.status).toBe(201);
  return res.json<PaymentJson>();
};

describe("the admin's money fields hold text under the member-text rule", () => {
  it("manual earnings and bonuses: the description", async () => {
    const a = await admin();
    const m = await member("text-credit");
    const field = { name: "description", max: 500, oneLine: true };
    for (const [path, amount] of [
      ["/api/admin/earnings", "amount_usd"],
      ["/api/admin/bonuses", "total_bonus_amount"],
    ] as const) {
      const e: Endpoint = {
        caller: a,
        userId: m.id,
        method: "POST",
        path,
        body: (name, text) => ({ user_id: m.id, [amount]: 1, [name]: text }),
      };
      await expectRefusals(e, field);
      const text = good(500);
      expect(text.length).toBe(500);
      expect((await a.json(path, "POST", e.body("description", text))).status).toBe(201);
    }
    const stored = await moneyState(m.id);
    expect(stored).toMatchObject({ earnings: `1:${good(500)}`, bonuses: `1:${good(500)}` });
  });

  it("payments, created and changed: method, reference and notes", async () => {
    const a = await admin();
    const m = await memberWith(30, "text-payment");
    const base = { user_id: m.id, amount_usd: 1, payment_method: "PayPal" };
    const fields: Field[] = [
      { name: "payment_method", max: 100, required: "payment_method is required", oneLine: true },
      { name: "payment_reference", max: 200, oneLine: true },
      { name: "notes", max: 1000 },
    ];
    const created = await setAdminPayment(a, m.id);
    for (const [method, path] of [
      ["POST", "/api/admin/payments"],
      ["PATCH", `/api/admin/payments/${created.id}`],
    ] as const) {
      const e: Endpoint = {
        caller: a,
        userId: m.id,
        method,
        path,
        body: (name, text) => ({ ...base, [name]: text }),
      };
      for (const field of fields) await expectRefusals(e, field);
    }
    const body = {
      ...base,
      payment_method: good(100),
      payment_reference: good(200),
      notes: good(1000, false),
    };
    const changed = await a.json(`/api/admin/payments/${created.id}`, "PATCH", body);
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      payment_method: body.payment_method,
      payment_reference: body.payment_reference,
      notes: body.notes,
    });
    const row = await env.DB.prepare("select payment_method, payment_reference, notes from payments where id = ?1")
      .bind(created.id)
      .first();
    expect(row).toEqual({
      payment_method: body.payment_method,
      payment_reference: body.payment_reference,
      notes: body.notes,
    });
    // An optional field of only invisible characters says nothing: kept as none.
    const blank = await a.json(`/api/admin/payments/${created.id}`, "PATCH", { ...base, notes: "\u200b \u200d" });
    expect(await blank.json()).toMatchObject({ notes: null });
  });

  it("a payment's correction: the reason", async () => {
    const a = await admin();
    const m = await memberWith(30, "text-correction");
    const payment = await setAdminPayment(a, m.id);
    const e: Endpoint = {
      caller: a,
      userId: m.id,
      method: "POST",
      path: `/api/admin/payments/${payment.id}/reversal`,
      body: (name, text) => ({ [name]: text }),
    };
    await expectRefusals(e, { name: "reason", max: 500, required: "reason is required" });
    const reason = good(500, false);
    expect((await a.json(e.path, "POST", { reason })).status).toBe(200);
    const row = await env.DB.prepare("select reason from payment_reversals where payment_id = ?1")
      .bind(payment.id)
      .first();
    expect(row).toEqual({ reason });
  });

  it("a payout request paid or rejected: the reference, the notes, the reason", async () => {
    const a = await admin();
    const m = await memberWith(60, "text-payout");
    const request = await openRequest(m.browser, 25);
    const pay: Endpoint = {
      caller: a,
      userId: m.id,
      method: "POST",
      path: `/api/admin/payout-requests/${request.id}/pay`,
      body: (name, text) => ({ [name]: text }),
    };
    await expectRefusals(pay, { name: "payment_reference", max: 200, oneLine: true });
    await expectRefusals(pay, { name: "notes", max: 1000 });
    const reject: Endpoint = { ...pay, path: `/api/admin/payout-requests/${request.id}/reject` };
    await expectRefusals(reject, { name: "reason", max: 500, required: "reason is required" });

    const paid = { payment_reference: good(200), notes: good(1000, false) };
    expect((await a.json(pay.path, "POST", paid)).status).toBe(200);
    const payment = await env.DB.prepare("select payment_reference, notes from payments where request_id = ?1")
      .bind(request.id)
      .first();
    expect(payment).toEqual(paid);

    const second = await openRequest(m.browser, 25);
    const reason = good(500, false);
    expect((await a.json(`/api/admin/payout-requests/${second.id}/reject`, "POST", { reason })).status).toBe(200);
    const row = await env.DB.prepare("select status, reason from payout_requests where id = ?1")
      .bind(second.id)
      .first();
    expect(row).toEqual({ status: "rejected", reason });
  });

  it("a payout batch's result: each return's reason and the batch reference", async () => {
    const a = await admin();
    const paidMember = await memberWith(30, "text-batch-paid");
    const returnedMember = await memberWith(30, "text-batch-returned");
    const paidRequest = await openRequest(paidMember.browser, 25);
    const returnedRequest = await openRequest(returnedMember.browser, 25);
    const created = await a.json("/api/admin/payout-batches", "POST", {
      request_ids: [paidRequest.id, returnedRequest.id],
    });
    expect(created.status).toBe(201);
    const batch = await created.json<{ id: number }>();
    const path = `/api/admin/payout-batches/${batch.id}/result`;
    const returned = (reason: string) => [{ request_id: returnedRequest.id, reason }];
    for (const userId of [paidMember.id, returnedMember.id]) {
      await expectRefusals(
        { caller: a, userId, method: "POST", path, body: (_, text) => ({ returned: returned(text) }) },
        {
          name: "reason",
          at: "returned.0.reason",
          max: 500,
          required: "Give the reason PayPal returned it",
          oneLine: true,
        },
      );
      await expectRefusals(
        {
          caller: a,
          userId,
          method: "POST",
          path,
          body: (name, text) => ({ returned: returned("Unclaimed"), [name]: text }),
        },
        { name: "payment_reference", max: 200, oneLine: true },
      );
    }
    const reason = good(500);
    const reference = good(200);
    expect((await a.json(path, "POST", { returned: returned(reason), payment_reference: reference })).status).toBe(200);
    const rows = await env.DB.prepare(
      `select r.status, r.reason, p.payment_reference from payout_requests r left join payments p on p.request_id = r.id
       where r.id in (?1, ?2) order by r.status`,
    )
      .bind(paidRequest.id, returnedRequest.id)
      .all();
    expect(rows.results).toEqual([
      { status: "paid", reason: null, payment_reference: reference },
      { status: "returned", reason, payment_reference: null },
    ]);
  });

  it("a member's payout address keeps its own rules, and broken characters are refused under every method", async () => {
    const m = await member("text-destination");
    for (const method of ["Bank Transfer", "PayPal", "Venmo"]) {
      for (const address of [`Chase\u0000 ${m.id}`, `Chase \ud800 ${m.id}`]) {
        const before = await moneyState(m.id);
        const res = await m.browser.json("/api/me/payout-destination", "PUT", {
          payment_method: method,
          payout_address: address,
        });
        expect(res.status, `${method} ${JSON.stringify(address)}`).toBe(400);
        expect(await res.json()).toMatchObject({
          error: "payout_address: The payout address contains characters that cannot be shown",
        });
        expect(await moneyState(m.id)).toEqual(before);
      }
    }
    const invisible = await m.browser.json("/api/me/payout-destination", "PUT", {
      payment_method: "Bank Transfer",
      payout_address: "\u200b\u200b",
    });
    expect(await invisible.json()).toMatchObject({ error: "payout_address: Enter your bank account details" });
    const address = `Banque Épargne 中国银行 بنك <b>${m.id}</b> 💸`;
    expect(await payTo(m.browser, address, "Bank Transfer")).toBe(200);
    expect(await moneyState(m.id)).toMatchObject({ destinations: `1:${address}` });
  });
});
