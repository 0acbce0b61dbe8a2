import * as writes from "../../db/queries/payment-writes";
import { conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { usdText } from "../../lib/money";
import { nowIso } from "../../lib/time";
import { checkAdmin, type AdminCall } from "./admin-context";

// Payouts an admin records (docs/product-spec.md §5 "Payment"). A payment draws on the available balance
// only, unless the admin confirms an overdraft; the balance check is inside the write, and a refused write
// answers from the same batch's read-back.

export type PaymentInput = Omit<writes.PaymentValues, "id" | "processedAt"> & {
  /** The admin confirmed paying more than the available balance. */
  override: boolean;
};

const overdraftRefusal = (amountMicros: number, availableMicros: number) =>
  conflict(
    `This payment (${usdText(amountMicros)}) is more than the user's available balance (${usdText(availableMicros)}). Confirm to record it anyway.`,
    "insufficient_balance",
  );

function settled(w: writes.PaymentWrite, amountMicros: number) {
  if (w.written && w.payment) return w.payment;
  if (!w.userFound) throw notFound("user_id: no such user");
  throw overdraftRefusal(amountMicros, w.availableMicros);
}

export async function createPayment({ ctx, input }: AdminCall<PaymentInput>) {
  checkAdmin(ctx);
  const { override, ...values } = input;
  const now = nowIso();
  const payment = { ...values, id: newId(), processedAt: values.status === "completed" ? now : null };
  return settled(await writes.insertPayment(ctx.db, payment, { override, actorId: ctx.actor.id, now }), input.amountMicros);
}

export async function updatePayment({ ctx, input }: AdminCall<PaymentInput & { id: string }>) {
  checkAdmin(ctx);
  const { override, ...values } = input;
  const w = await writes.updatePayment(ctx.db, values, { override, actorId: ctx.actor.id, now: nowIso() });
  if (!w.payment) throw notFound("Payment not found");
  return settled(w, input.amountMicros);
}

export async function deletePayment({ ctx, input }: AdminCall<{ id: string }>) {
  checkAdmin(ctx);
  if (!(await writes.deletePayment(ctx.db, input.id, { actorId: ctx.actor.id, now: nowIso() }))) throw notFound("Payment not found");
}
