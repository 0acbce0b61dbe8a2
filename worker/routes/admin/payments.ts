import { Hono } from "hono";
import type { z } from "zod";
import { paymentBody } from "../../../common/schemas/admin-money";
import type { AppEnv } from "../../app-env";
import type { Db } from "../../db/client";
import { listPayments } from "../../db/queries/admin-money-lists";
import { createPayment, deletePayment, updatePayment, type PaymentInput } from "../../domain/admin/payments";
import { ID_PATTERN } from "../../lib/ids";
import { validate } from "../../lib/validate";
import { adminPaymentJson } from "../serializers/payment";
import { adminContext } from "./admin-context";
import { csvResponse } from "./csv";

const paymentInput = (b: z.output<typeof paymentBody>): PaymentInput => ({
  userId: b.user_id, amountMicros: b.amount_usd, paymentMethod: b.payment_method, paymentReference: b.payment_reference,
  status: b.status, notes: b.notes, override: b.override,
});

const paymentsJson = async (db: Db) => (await listPayments(db)).map((r) => adminPaymentJson(r.payment, r.email));

/** Admin: payouts (docs/product-spec.md §5 "Payment"); status may move either way; overdrafts need an explicit override. */
export const adminPaymentRoutes = new Hono<AppEnv>()
  .get("/payments", async (c) => c.json(await paymentsJson(c.get("db")), 200))
  .get("/payments.csv", async (c) => {
    const rows = await paymentsJson(c.get("db"));
    return csvResponse("payments.csv", ["id", "user_email", "amount_usd", "payment_method", "payment_reference", "status", "notes", "created_at", "processed_at"], rows, ["amount_usd"]);
  })
  .post("/payments", validate("json", paymentBody), async (c) => {
    const { row, email } = await createPayment({ ctx: adminContext(c), input: paymentInput(c.req.valid("json")) });
    return c.json(adminPaymentJson(row, email), 201);
  })
  .patch(`/payments/:id${ID_PATTERN}`, validate("json", paymentBody), async (c) => {
    const input = { ...paymentInput(c.req.valid("json")), id: c.req.param("id") };
    const { row, email } = await updatePayment({ ctx: adminContext(c), input });
    return c.json(adminPaymentJson(row, email), 200);
  })
  .delete(`/payments/:id${ID_PATTERN}`, async (c) => {
    await deletePayment({ ctx: adminContext(c), input: { id: c.req.param("id") } });
    return c.json({ ok: true }, 200);
  });
