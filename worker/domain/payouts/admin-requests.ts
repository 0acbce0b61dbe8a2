import * as q from "../../db/queries/payouts/payout-requests";
import { conflict, notFound } from "../../lib/errors";
import { usdText } from "../../lib/money";
import { nowIso } from "../../lib/time";
import { checkAdmin, type AdminCall } from "../admin/admin-context";

// An admin pays or rejects a member's payout request (docs/decisions/036). "Still open" is the condition
// of each write, so of two admins acting at once one wins and the other gets 409.

const notOpen = (r: q.PayoutRequestRow) => conflict(`This payout request is already ${r.status}`, "not_open");

export async function listPayoutRequests({ ctx, input }: AdminCall<{ status?: q.PayoutRequestRow["status"] }>) {
  checkAdmin(ctx);
  return q.listRequests(ctx.db, input.status);
}

export async function payPayoutRequest({
  ctx,
  input,
}: AdminCall<{ id: string; reference: string | null; notes: string | null }>) {
  checkAdmin(ctx);
  const w = await q.payRequest(ctx.db, { ...input, now: nowIso(), actorId: ctx.actor.id });
  if (!w.request) throw notFound("Payout request not found");
  if (w.written && w.payment) return { request: w.request, payment: w.payment };
  if (w.request.status !== "open") throw notOpen(w.request);
  // Still open but not payable: a reversal or an admin change since took the money it reserved.
  throw conflict(
    `This request (${usdText(w.request.amountMicros)}) is more than the member's available balance (${usdText(w.availableMicros)}). Reject it, or record a payment with an override.`,
    "insufficient_balance",
  );
}

export async function rejectPayoutRequest({ ctx, input }: AdminCall<{ id: string; reason: string }>) {
  checkAdmin(ctx);
  const w = await q.rejectRequest(ctx.db, { ...input, now: nowIso(), actorId: ctx.actor.id });
  if (!w.request) throw notFound("Payout request not found");
  if (!w.written) throw notOpen(w.request);
  return w.request;
}
