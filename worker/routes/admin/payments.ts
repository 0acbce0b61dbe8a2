import { Hono, type Context } from "hono";
import type { z } from "zod";
import { adminPaymentsOut, deletedOut, paymentBody, type DeletedResponse } from "../../../common/schemas/admin-money";
import { paymentOut, paymentReversalBody } from "../../../common/schemas/payments";
import type { AppEnv } from "../../app-env";
import { listPayments } from "../../domain/admin/admin-lists";
import {
  createPayment,
  deletePayment,
  reversePayment,
  updatePayment,
  type PaymentInput,
} from "../../domain/admin/payments";
import { ID_PATTERN } from "../../lib/ids";
import { validate } from "../../lib/validate";
import { responds } from "../../openapi/responds";
import { adminPaymentJson, adminPaymentsJson } from "../serializers/payment";
import { adminContext } from "./admin-context";
import { csvAnswers, csvResponse } from "./csv";

const paymentInput = (b: z.output<typeof paymentBody>): PaymentInput => ({
  userId: b.user_id,
  amountMicros: b.amount_usd,
  paymentMethod: b.payment_method,
  paymentReference: b.payment_reference,
  status: b.status,
  notes: b.notes,
  override: b.override,
});

const paymentsJson = async (c: Context<AppEnv>) =>
  adminPaymentsJson(await listPayments({ ctx: adminContext(c), input: {} }));

const OVERDRAFT = "Paying more than the member's available balance needs `override: true` (docs/decisions/017).";

/** Admin: payouts (docs/product-spec.md §5 "Payment"); status may move either way; overdrafts need an explicit override. */
export const adminPaymentRoutes = new Hono<AppEnv>()
  .get(
    "/payments",
    responds("List payments", {
      200: { description: "Every payment, newest first, with its payee's email.", schema: adminPaymentsOut },
    }),
    async (c) => c.json(await paymentsJson(c), 200),
  )
  .get(
    "/payments.csv",
    responds("Download the payments", csvAnswers("Every payment, newest first, as the list shows it.")),
    async (c) => {
      const rows = await paymentsJson(c);
      const flat = rows.map((r) => ({
        ...r,
        reversal: r.reversal ? `${r.reversal.reason} (${r.reversal.created_at})` : "",
      }));
      return csvResponse(
        "payments.csv",
        [
          "id",
          "user_email",
          "amount_usd",
          "payment_method",
          "payment_reference",
          "status",
          "notes",
          "created_at",
          "processed_at",
          "request_id",
          "reversal",
        ],
        flat,
        ["amount_usd"],
      );
    },
  )
  .post(
    "/payments",
    responds(
      "Record a payment",
      {
        201: {
          description: "The payment (audited); pending or completed, it draws on the balance at once.",
          schema: paymentOut,
        },
      },
      OVERDRAFT,
    ),
    validate("json", paymentBody),
    async (c) => {
      const { row, email } = await createPayment({ ctx: adminContext(c), input: paymentInput(c.req.valid("json")) });
      return c.json(adminPaymentJson(row, email), 201);
    },
  )
  .patch(
    `/payments/:id${ID_PATTERN}`,
    responds(
      "Change a payment",
      {
        200: {
          description: "The payment after the change (audited); its status may move either way.",
          schema: paymentOut,
        },
      },
      OVERDRAFT,
    ),
    validate("json", paymentBody),
    async (c) => {
      const input = { ...paymentInput(c.req.valid("json")), id: c.req.param("id") };
      const { row, email } = await updatePayment({ ctx: adminContext(c), input });
      return c.json(adminPaymentJson(row, email), 200);
    },
  )
  .delete(
    `/payments/:id${ID_PATTERN}`,
    responds("Delete a payment", {
      200: {
        description:
          "The payment is gone (the audit log keeps it); its amount is available again. A payment that settled a payout request, or was corrected, is permanent (409 permanent_payment).",
        schema: deletedOut,
      },
    }),
    async (c) => {
      await deletePayment({ ctx: adminContext(c), input: { id: c.req.param("id") } });
      return c.json({ ok: true } satisfies DeletedResponse, 200);
    },
  )
  .post(
    `/payments/:id${ID_PATTERN}/reversal`,
    responds("Correct a payment", {
      200: {
        description:
          "The payment with its correction (audited, told to the member): its amount is back in the member's balances; a request it settled is reopened or closed as `request` says.",
        schema: paymentOut,
      },
    }),
    validate("json", paymentReversalBody),
    async (c) => {
      const b = c.req.valid("json");
      const r = await reversePayment({
        ctx: adminContext(c),
        input: { id: c.req.param("id"), reason: b.reason, request: b.request ?? null },
      });
      return c.json(adminPaymentJson(r.payment, r.email, r.reversal), 200);
    },
  );
