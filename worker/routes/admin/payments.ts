import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { PaymentJson } from "../../api-types";
import type { AppEnv } from "../../app-env";
import type { Db } from "../../db/client";
import { userExists } from "../../db/queries/admin-users";
import { availableMicros, insertPayment, paymentAuditView, updatePayment, type PaymentValues } from "../../db/queries/payment-writes";
import { payments, users } from "../../db/schema";
import { usdInput, userIdInput } from "../../domain/admin/money-input";
import { auditStatement } from "../../db/queries/audit";
import { conflict, notFound } from "../../lib/errors";
import { ID_PATTERN, newId } from "../../lib/ids";
import { usdText } from "../../lib/money";
import { nowIso } from "../../lib/time";
import { validate } from "../../lib/validate";
import { paymentJson } from "../wallet";
import { csvResponse } from "./csv";

const optionalText = (field: string, max: number) =>
  z.string().trim().max(max, `${field} must be at most ${max} characters`).nullish().transform((v) => v || null);

const paymentBody = z.object({
  user_id: userIdInput,
  amount_usd: usdInput("amount_usd", { step: 0.01, positive: true }),
  payment_method: z.string("payment_method is required").trim().min(1, "payment_method is required").max(100, "payment_method must be at most 100 characters"),
  payment_reference: optionalText("payment_reference", 200),
  status: z.enum(["pending", "completed"], "status must be pending or completed").default("pending"),
  notes: optionalText("notes", 1000),
  /** The admin confirmed paying more than the available balance. */
  override: z.boolean().default(false),
});

async function listPayments(db: Db) {
  const rows = await db
    .select({ p: payments, email: users.email })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .orderBy(desc(payments.createdAt))
    .limit(5000);
  return rows.map((r): PaymentJson => ({ ...paymentJson(r.p), user_email: r.email }));
}

async function refuseOverdraft(db: Db, userId: string, amountMicros: number, excluding = "") {
  const available = await availableMicros(db, userId, nowIso(), excluding);
  throw conflict(
    `This payment (${usdText(amountMicros)}) is more than the user's available balance (${usdText(available)}). Confirm to record it anyway.`,
    "insufficient_balance",
  );
}

/** Admin: payouts (docs/product-spec.md §5 "Payment"); status may move either way; overdrafts need an explicit override. */
export const adminPaymentRoutes = new Hono<AppEnv>()
  .get("/payments", async (c) => c.json(await listPayments(c.get("db")), 200))
  .get("/payments.csv", async (c) => {
    const rows = await listPayments(c.get("db"));
    return csvResponse("payments.csv", ["id", "user_email", "amount_usd", "payment_method", "payment_reference", "status", "notes", "created_at", "processed_at"], rows);
  })
  .post("/payments", validate("json", paymentBody), async (c) => {
    const b = c.req.valid("json");
    const db = c.get("db");
    if (!(await userExists(db, b.user_id))) throw notFound("user_id: no such user");
    const now = nowIso();
    const values: PaymentValues = {
      id: newId(), userId: b.user_id, amountMicros: b.amount_usd, paymentMethod: b.payment_method,
      paymentReference: b.payment_reference, status: b.status, notes: b.notes, processedAt: b.status === "completed" ? now : null,
    };
    if (!(await insertPayment(db, values, { override: b.override, actorId: c.get("user")!.id, now }))) {
      await refuseOverdraft(db, b.user_id, b.amount_usd);
    }
    const created = (await listPayments(db)).find((p) => p.id === values.id)!;
    return c.json(created, 201);
  })
  .patch(`/payments/:id${ID_PATTERN}`, validate("json", paymentBody), async (c) => {
    const db = c.get("db");
    const before = await db.select().from(payments).where(eq(payments.id, c.req.param("id"))).get();
    if (!before) throw notFound("Payment not found");
    const b = c.req.valid("json");
    const now = nowIso();
    const values: PaymentValues = {
      id: before.id, userId: b.user_id, amountMicros: b.amount_usd, paymentMethod: b.payment_method,
      paymentReference: b.payment_reference, status: b.status, notes: b.notes,
      // Completed keeps its first processing time; back to pending clears it.
      processedAt: b.status === "completed" ? (before.processedAt ?? now) : null,
    };
    if (!(await updatePayment(db, values, paymentAuditView(before), { override: b.override, actorId: c.get("user")!.id, now }))) {
      await refuseOverdraft(db, b.user_id, b.amount_usd, before.id);
    }
    return c.json((await listPayments(db)).find((p) => p.id === before.id)!, 200);
  })
  .delete(`/payments/:id${ID_PATTERN}`, async (c) => {
    const db = c.get("db");
    const before = await db.select().from(payments).where(eq(payments.id, c.req.param("id"))).get();
    if (!before) throw notFound("Payment not found");
    await db.batch([
      db.delete(payments).where(eq(payments.id, before.id)),
      auditStatement(db, { actorId: c.get("user")!.id, action: "delete", entity: "payment", entityId: before.id, before: paymentAuditView(before) }),
    ]);
    return c.json({ ok: true }, 200);
  });
