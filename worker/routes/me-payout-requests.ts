import { Hono } from "hono";
import {
  payoutDestinationBody,
  payoutDestinationOut,
  payoutRequestBody,
  payoutRequestOut,
  payoutRequestsOut,
  type PayoutRequestsResponse,
} from "../../common/schemas/payout-requests";
import type { SignedInEnv } from "../app-env";
import {
  cancelPayoutRequest,
  listMyPayoutRequests,
  requestPayout,
  setPayoutDestination,
} from "../domain/payouts/member-requests";
import { ID_PATTERN } from "../lib/ids";
import { MINIMUM_PAYOUT_MICROS, usd } from "../lib/money";
import { validate } from "../lib/validate";
import { responds } from "../openapi/responds";
import { payoutDestinationJson, payoutRequestJson } from "./serializers/payout-request";

// Payout requests (docs/decisions/036). Reading is for every signed-in member (a suspended one too, as the
// wallet is); asking and cancelling are writes of a member in good standing (mounted after that guard).

/** Signed-in: GET /me/payout-requests. */
export const payoutRequestReadRoutes = new Hono<SignedInEnv>().get(
  "/me/payout-requests",
  responds("List my payout requests", {
    200: {
      description:
        "The member's requests, newest first, with the minimum, the available balance, the payout destination and the 7-day pace of qualified views.",
      schema: payoutRequestsOut,
    },
  }),
  async (c) => {
    const r = await listMyPayoutRequests({ ctx: { db: c.get("db"), actor: c.get("user") }, input: null });
    return c.json(
      {
        requests: r.requests.map(payoutRequestJson),
        minimum_payout: usd(MINIMUM_PAYOUT_MICROS),
        available_balance: usd(r.availableMicros),
        destination: r.destination ? payoutDestinationJson(r.destination) : null,
        pace_per_day: usd(r.perDayMicros),
        releasing_usd: usd(r.releasingMicros),
        minimum_released: r.minimumReleased
          ? {
              day: r.minimumReleased.day,
              amount_usd: usd(r.minimumReleased.micros),
              on_one_day: r.minimumReleased.onFirstDay,
            }
          : null,
        days_to_minimum: r.daysToMinimum,
      } satisfies PayoutRequestsResponse,
      200,
    );
  },
);

/** Signed in and not suspended: POST /me/payout-requests and /me/payout-requests/{id}/cancel. */
export const payoutRequestWriteRoutes = new Hono<SignedInEnv>()
  .post(
    "/me/payout-requests",
    responds("Request a payout", {
      201: {
        description:
          "The open request, to the member's current payout destination; its amount is reserved until it is paid, rejected or cancelled.",
        schema: payoutRequestOut,
      },
    }),
    validate("json", payoutRequestBody),
    async (c) => {
      const row = await requestPayout({
        ctx: { db: c.get("db"), actor: c.get("user") },
        input: { amountMicros: c.req.valid("json").amount_usd },
      });
      return c.json(payoutRequestJson(row), 201);
    },
  )
  .put(
    "/me/payout-destination",
    responds("Set where I am paid", {
      200: {
        description:
          "The member's payout destination. A changed one may be used 7 days after the change (told on the bell); an address another member holds is refused (409 address_taken).",
        schema: payoutDestinationOut,
      },
    }),
    validate("json", payoutDestinationBody),
    async (c) => {
      const b = c.req.valid("json");
      const row = await setPayoutDestination({
        ctx: { db: c.get("db"), actor: c.get("user") },
        input: { paymentMethod: b.payment_method, payoutAddress: b.payout_address },
      });
      return c.json(payoutDestinationJson(row), 200);
    },
  )
  .post(
    `/me/payout-requests/:id${ID_PATTERN}/cancel`,
    responds("Cancel my open payout request", {
      200: { description: "The request, now cancelled; its amount is available again.", schema: payoutRequestOut },
    }),
    async (c) => {
      const row = await cancelPayoutRequest({
        ctx: { db: c.get("db"), actor: c.get("user") },
        input: { id: c.req.param("id") },
      });
      return c.json(payoutRequestJson(row), 200);
    },
  );
