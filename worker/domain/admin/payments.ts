import * as writes from "../../db/queries/wallet/payment-writes";
import { paymentWithReversal } from "../../db/queries/wallet/payments";
import { badRequest, conflict, notFound } from "../../lib/errors";
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

/** A payment that settled a payout request, or was corrected, is a permanent fact (docs/decisions/066). */
const permanentRefusal = () =>
  conflict(
    "This payment settled a payout request (or was corrected) and is permanent: it cannot be edited or deleted. Record a correction instead, which gives the amount back and reopens or closes the request.",
    "permanent_payment",
  );

function settled(w: writes.PaymentWrite, amountMicros: number) {
  if (w.written && w.payment) return w.payment;
  if (w.permanent) throw permanentRefusal();
  if (!w.userFound) throw notFound("user_id: no such user");
  throw overdraftRefusal(amountMicros, w.availableMicros);
}

export async function createPayment({ ctx, input }: AdminCall<PaymentInput>) {
  checkAdmin(ctx);
  const { override, ...values } = input;
  const now = nowIso();
  const payment = { ...values, id: newId(), processedAt: values.status === "completed" ? now : null };
  return settled(
    await writes.insertPayment(ctx.db, payment, { override, actorId: ctx.actor.id, now }),
    input.amountMicros,
  );
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
  const w = await writes.deletePayment(ctx.db, input.id, { actorId: ctx.actor.id, now: nowIso() });
  if (w.deleted) return;
  if (w.permanent) throw permanentRefusal();
  throw notFound("Payment not found");
}

/**
 * A correction of a payment (docs/decisions/066): its amount comes back to the member; a request it settled
 * is reopened or closed, as the admin says. Answers the payment as corrected, with its payee's email and the
 * correction.
 */
export async function reversePayment({
  ctx,
  input,
}: AdminCall<{ id: string; reason: string; request: "reopen" | "close" | null }>) {
  checkAdmin(ctx);
  const w = await writes.reversePayment(ctx.db, { ...input, now: nowIso(), actorId: ctx.actor.id });
  if (!w.payment) throw notFound("Payment not found");
  if (w.written) return (await paymentWithReversal(ctx.db, input.id))!;
  if (w.alreadyReversed) throw conflict("This payment was already corrected.", "already_reversed");
  if (w.requestId && !input.request) {
    throw badRequest(
      "This payment settled a payout request: say whether the correction reopens the request (to pay it again) or closes it (the money goes back to the member).",
      "request_outcome_required",
    );
  }
  if (w.otherInFlight)
    throw conflict(
      "The member has another payout request on its way, so this one cannot be reopened. Close it instead.",
      "open_request",
    );
  throw conflict("This payment could not be corrected.", "not_reversible");
}
