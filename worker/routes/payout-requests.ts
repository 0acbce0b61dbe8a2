import { Hono } from "hono";
import type { PayoutRequestsResponse } from "../../common/api-types";
import { payoutRequestBody } from "../../common/schemas/payout-requests";
import type { SignedInEnv } from "../app-env";
import { cancelPayoutRequest, listMyPayoutRequests, requestPayout } from "../domain/payouts/member-requests";
import { ID_PATTERN } from "../lib/ids";
import { MINIMUM_PAYOUT_MICROS, usd } from "../lib/money";
import { validate } from "../lib/validate";
import { payoutRequestJson } from "./serializers/payout-request";

// Payout requests (docs/decisions/036). Reading is for every signed-in member (a suspended one too, as the
// wallet is); asking and cancelling are writes of a member in good standing (mounted after that guard).

/** Signed-in: GET /me/payout-requests. */
export const payoutRequestReadRoutes = new Hono<SignedInEnv>().get("/me/payout-requests", async (c) => {
  const r = await listMyPayoutRequests({ ctx: { db: c.get("db"), actor: c.get("user") }, input: null });
  return c.json(
    {
      requests: r.requests.map(payoutRequestJson),
      minimum_payout: usd(MINIMUM_PAYOUT_MICROS),
      available_balance: usd(r.availableMicros),
      pace_per_day: usd(r.perDayMicros),
      days_to_minimum: r.daysToMinimum,
    } satisfies PayoutRequestsResponse,
    200,
  );
});

/** Signed in and not suspended: POST /me/payout-requests and /me/payout-requests/{id}/cancel. */
export const payoutRequestWriteRoutes = new Hono<SignedInEnv>()
  .post("/me/payout-requests", validate("json", payoutRequestBody), async (c) => {
    const b = c.req.valid("json");
    const input = { amountMicros: b.amount_usd, paymentMethod: b.payment_method, payoutAddress: b.payout_address };
    const row = await requestPayout({ ctx: { db: c.get("db"), actor: c.get("user") }, input });
    return c.json(payoutRequestJson(row), 201);
  })
  .post(`/me/payout-requests/:id${ID_PATTERN}/cancel`, async (c) => {
    const row = await cancelPayoutRequest({ ctx: { db: c.get("db"), actor: c.get("user") }, input: { id: c.req.param("id") } });
    return c.json(payoutRequestJson(row), 200);
  });
