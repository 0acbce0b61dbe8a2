import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { normalizePayoutAddress } from "../../common/payouts";
import type { PayoutRequestJson } from "../../common/schemas/payout-requests";
import { newId } from "../lib/ids";
import { nowIso } from "../lib/time";
import { member } from "../test/members";
import { admin, memberWith, openRequest } from "../test/payouts";
import type { Browser } from "../test/http";

// One payout address is one address however it is written, and no money record reads backwards
// (docs/decisions/108). Each finding of the outside walk, measured through the API.

const BROKEN = "payout_address: The payout address contains characters that cannot be shown";

/** Bank details of their own per test run: "IBAN DE00 " and eight random digits. */
const iban = () => `IBAN DE00 ${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
/** The same text with its ASCII digits written fullwidth (U+FF10–FF19), as they look alike on screen. */
const fullwidthDigits = (text: string) => text.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));

const setBank = (b: Browser, address: string) =>
  b.json("/api/me/payout-destination", "PUT", { payment_method: "Bank Transfer", payout_address: address });
const count = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())!.n;
const destinationRows = () => count("select count(*) as n from payout_destinations");
const emailOf = async (b: Browser) => (await (await b.fetch("/api/users/me")).json<{ email: string }>()).email;

describe("one bank account is one payout address", () => {
  it("refuses another member's bank details written with invisible characters or fullwidth digits (409), as it refuses spaces and case", async () => {
    const holder = await member("holder");
    const address = iban();
    expect((await setBank(holder.browser, address)).status).toBe(200);
    const farm = await member("farm");
    const before = await destinationRows();
    for (const variant of [
      `${address}\u200b`, // zero-width space after
      `${address}\u2060`, // word joiner after
      `\ufeff${address}`, // byte-order mark before
      fullwidthDigits(address),
      `${fullwidthDigits(address)}\u200b`,
      // Letters of other scripts that read as the Latin ones (the usernames' table, decision 104): Cyrillic А, В, Е.
      address.replace("IBAN", "I\u0412\u0410N").replace("DE", "D\u0415"),
      // What was refused already: no spaces, other case, a no-break space, a trailing dot.
      address.replace(/ /g, ""),
      address.toLowerCase(),
      address.replace(" ", "\u00a0"),
      `${address}.`,
    ]) {
      const res = await setBank(farm.browser, variant);
      expect(res.status, JSON.stringify(variant)).toBe(409);
      expect(await res.json(), JSON.stringify(variant)).toMatchObject({ code: "address_taken" });
    }
    expect(await destinationRows()).toBe(before);
  });

  it("refuses invisible characters inside an address under every method (400 in words), and stores one trimmed of them at the ends", async () => {
    const m = await member("inside");
    const before = await destinationRows();
    const address = iban();
    for (const [method, text] of [
      ["Bank Transfer", address.replace(" ", " \u200b")],
      ["Bank Transfer", address.replace("DE", "D\u2060E")],
      ["Bank Transfer", address.replace("DE", "D\u3164E")], // the Hangul filler, default-ignorable
      ["PayPal", `a\u200bva-${m.id.toLowerCase()}@example.com`],
      ["Venmo", "(212) 555\u200c-0123"],
    ] as const) {
      const res = await m.browser.json("/api/me/payout-destination", "PUT", {
        payment_method: method,
        payout_address: text,
      });
      expect(res.status, JSON.stringify(text)).toBe(400);
      expect((await res.json<{ error: string }>()).error).toBe(BROKEN);
    }
    expect(await destinationRows()).toBe(before);
    const set = await setBank(m.browser, `\u200b ${address} \u2060`);
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ payout_address: address });
  });

  it("names on the admin's request every other account that named the address: refused, or holding a destination with its key", async () => {
    const a = await admin();
    const holder = await member("holder");
    const address = iban();
    expect((await setBank(holder.browser, address)).status).toBe(200);
    expect(
      (await a.json("/api/admin/earnings", "POST", { user_id: holder.id, amount_usd: 30, description: "Test credit" }))
        .status,
    ).toBe(201);
    const refused = await member("refused");
    expect((await setBank(refused.browser, fullwidthDigits(address))).status).toBe(409);
    // A member who got the address in before its key was folded (docs/decisions/108), their destination's key
    // now the same as the holder's, as an admin sees it once the keys agree.
    const sharer = await member("sharer");
    await env.DB.prepare(
      "insert into payout_destinations (id, user_id, payment_method, payout_address, address_key, created_at, usable_at) values (?1, ?2, 'Bank Transfer', ?3, ?4, ?5, ?5)",
    )
      .bind(newId(), sharer.id, `${address}\u200b`, normalizePayoutAddress("Bank Transfer", address), nowIso())
      .run();
    const req = await openRequest(holder.browser, 25);
    const listed = (await (await a.fetch("/api/admin/payout-requests?status=open")).json<PayoutRequestJson[]>()).find(
      (r) => r.id === req.id,
    )!;
    expect([...listed.address_also_named_by!].sort()).toEqual(
      [await emailOf(refused.browser), await emailOf(sharer.browser)].sort(),
    );
  });
});

describe("no money text that reads backwards", () => {
  it("refuses bidi controls in payout addresses and in the admin's payment text (400), keeps the marks right-to-left writers type", async () => {
    const m = await member("bidi");
    const before = await destinationRows();
    const spoof = `${iban()} \u202egnp.exe\u202c <b>x</b> 🦄`;
    for (const text of [spoof, `${iban()} \u2067x\u2069`, `${iban()}\u202a`]) {
      const res = await setBank(m.browser, text);
      expect(res.status, JSON.stringify(text)).toBe(400);
      expect((await res.json<{ error: string }>()).error).toBe(BROKEN);
    }
    expect(await destinationRows()).toBe(before);

    const a = await admin();
    const paid = await memberWith(30, "paid");
    const payments = () => count("select count(*) as n from payments");
    const paymentsBefore = await payments();
    for (const [field, value] of [
      ["payment_reference", "PP-1\u202eevil"],
      ["payment_method", "PayPal\u2066"],
      ["notes", "Paid \u202dtoday"],
    ] as const) {
      const res = await a.json("/api/admin/payments", "POST", {
        user_id: paid.id,
        amount_usd: 5,
        payment_method: "PayPal",
        [field]: value,
      });
      expect(res.status, field).toBe(400);
      expect((await res.json<{ error: string }>()).error).toBe(
        `${field}: ${field} contains characters that cannot be shown`,
      );
    }
    expect(await payments()).toBe(paymentsBefore);
    // A right-to-left mark in Hebrew notes is text as typed.
    const ok = await a.json("/api/admin/payments", "POST", {
      user_id: paid.id,
      amount_usd: 5,
      payment_method: "PayPal",
      notes: "שולם\u200f (PayPal)",
    });
    expect(ok.status).toBe(201);
    expect(await payments()).toBe(paymentsBefore + 1);
  });
});

describe("a payout batch's result names each request once", () => {
  it("refuses a result listing a returned request twice (400 in words), and a batch listing one twice; nothing is paid", async () => {
    const a = await admin();
    const members = [await memberWith(30), await memberWith(30)];
    const requests = [await openRequest(members[0]!.browser, 25), await openRequest(members[1]!.browser, 25)];
    const twiceInBatch = await a.json("/api/admin/payout-batches", "POST", {
      request_ids: [requests[0]!.id, requests[1]!.id, requests[0]!.id],
    });
    expect(twiceInBatch.status).toBe(400);
    expect((await twiceInBatch.json<{ error: string }>()).error).toBe(
      `request_ids: lists request ${requests[0]!.id} twice`,
    );
    const batch = await (
      await a.json("/api/admin/payout-batches", "POST", { request_ids: requests.map((r) => r.id) })
    ).json<{ id: number; count: number }>();
    expect(batch.count).toBe(2);
    const money = () =>
      count(
        "select (select count(*) from payments) + (select count(*) from payment_reversals) + (select count(*) from payout_requests where status <> 'sent') as n",
      );
    const before = await money();
    const res = await a.json(`/api/admin/payout-batches/${batch.id}/result`, "POST", {
      returned: [
        { request_id: requests[0]!.id, reason: "Receiver unregistered" },
        { request_id: requests[0]!.id, reason: "Receiver unregistered" },
      ],
    });
    expect(res.status).toBe(400);
    expect((await res.json<{ error: string }>()).error).toBe(`returned: lists request ${requests[0]!.id} twice`);
    expect(await money()).toBe(before);
    // Once each, the result is recorded.
    const once = await a.json(`/api/admin/payout-batches/${batch.id}/result`, "POST", {
      returned: [{ request_id: requests[0]!.id, reason: "Receiver unregistered" }],
    });
    expect(once.status).toBe(200);
    expect(await once.json()).toMatchObject({ paid_count: 1, returned_count: 1 });
  });
});
