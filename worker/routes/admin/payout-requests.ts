import { Hono } from "hono";
import {
  adminPayoutRequestsOut,
  payoutPaidOut,
  type PayoutPaidJson,
} from "../../../common/schemas/admin-payout-requests";
import {
  payoutListQuery,
  payoutPayBody,
  payoutRejectBody,
  payoutRequestOut,
} from "../../../common/schemas/payout-requests";
import type { AppEnv } from "../../app-env";
import { listPayoutRequests, payPayoutRequest, rejectPayoutRequest } from "../../domain/payouts/admin-requests";
import { ID_PATTERN } from "../../lib/ids";
import { validate } from "../../lib/validate";
import { responds } from "../../openapi/responds";
import { paymentJson } from "../serializers/payment";
import { payoutRequestJson } from "../serializers/payout-request";
import { adminContext } from "./admin-context";

/** Admin: members' payout requests, open first; pay one (records the completed payment) or reject it (docs/decisions/036). */
export const adminPayoutRequestRoutes = new Hono<AppEnv>()
  .get(
    "/payout-requests",
    responds("List members' payout requests", {
      200: {
        description:
          "The requests (optionally of one status), open ones first, then newest first, each with its member's email.",
        schema: adminPayoutRequestsOut,
      },
    }),
    validate("query", payoutListQuery),
    async (c) => {
      const rows = await listPayoutRequests({ ctx: adminContext(c), input: { status: c.req.valid("query").status } });
      return c.json(rows.map(payoutRequestJson), 200);
    },
  )
  .post(
    `/payout-requests/:id${ID_PATTERN}/pay`,
    responds("Pay an open payout request", {
      200: {
        description: "The request, now paid, and the completed payment recorded for its amount (audited).",
        schema: payoutPaidOut,
      },
    }),
    validate("json", payoutPayBody),
    async (c) => {
      const b = c.req.valid("json");
      const input = { id: c.req.param("id"), reference: b.payment_reference, notes: b.notes };
      const { request, payment } = await payPayoutRequest({ ctx: adminContext(c), input });
      return c.json(
        { request: payoutRequestJson(request), payment: paymentJson(payment) } satisfies PayoutPaidJson,
        200,
      );
    },
  )
  .post(
    `/payout-requests/:id${ID_PATTERN}/reject`,
    responds("Reject an open payout request", {
      200: {
        description:
          "The request, now rejected with the reason its member reads (audited); its amount is available again.",
        schema: payoutRequestOut,
      },
    }),
    validate("json", payoutRejectBody),
    async (c) => {
      const row = await rejectPayoutRequest({
        ctx: adminContext(c),
        input: { id: c.req.param("id"), reason: c.req.valid("json").reason },
      });
      return c.json(payoutRequestJson(row), 200);
    },
  );
