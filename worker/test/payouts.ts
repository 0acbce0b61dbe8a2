import { env } from "cloudflare:test";
import { expect } from "vitest";
import type { PayoutRequestJson } from "../../common/schemas/payout-requests";
import type { WalletJson } from "../../common/schemas/wallet";
import { newId } from "../lib/ids";
import { nowIso } from "../lib/time";
import { signedInBrowser, type Browser } from "./http";
import { member } from "./members";

// Payouts in tests (docs/decisions/066): a member with money, a payout address of their own, and requests.

export const admin = () => signedInBrowser("admin@example.com");
export const walletOf = async (b: Browser) => (await b.fetch("/api/me/wallet")).json<WalletJson>();

/** Sets where the member is paid (PUT /api/me/payout-destination); the answer's status is returned. */
export const payTo = async (b: Browser, address: string, method = "PayPal") =>
  (await b.json("/api/me/payout-destination", "PUT", { payment_method: method, payout_address: address })).status;

/** A new member credited `usd` by an admin (a manual earning: available at once), paid to an address of their own. */
export async function memberWith(usd: number, prefix = "payout") {
  const m = await member(prefix);
  if (usd > 0)
    expect(
      (
        await (
          await admin()
        ).json("/api/admin/earnings", "POST", { user_id: m.id, amount_usd: usd, description: "Test credit" })
      ).status,
    ).toBe(201);
  expect(await payTo(m.browser, `${m.id.toLowerCase()}@example.com`)).toBe(200);
  return m;
}

export const requestPayout = (b: Browser, amount: number) =>
  b.json("/api/me/payout-requests", "POST", { amount_usd: amount });

/** Opens a request and returns it (asserting it was opened). */
export async function openRequest(b: Browser, amount: number) {
  const res = await requestPayout(b, amount);
  expect(res.status).toBe(201);
  return res.json<PayoutRequestJson>();
}

/**
 * A view reward written as the earnings job writes one: the given side of a (fictional) view, held until
 * `availableAt` (a held reward when in the future). Money moves only through real rows.
 */
export async function viewReward(
  userId: string,
  micros: number,
  o: { side?: "viewer" | "creator"; availableAt?: string; createdAt?: string } = {},
) {
  const id = newId();
  await env.DB.prepare(
    "insert into earnings (id, user_id, kind, view_id, content_id, amount_micros, created_at, available_at) values (?1, ?2, ?3, ?4, null, ?5, ?6, ?7)",
  )
    .bind(id, userId, o.side ?? "viewer", newId(), micros, o.createdAt ?? nowIso(), o.availableAt ?? nowIso())
    .run();
  return id;
}
