import { BATCH_METHODS } from "../../../common/payouts";
import * as q from "../../db/queries/payouts/payout-batches";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { usdText } from "../../lib/money";
import { nowIso } from "../../lib/time";
import { checkAdmin, type AdminCall } from "../admin/admin-context";
import { paypalPayoutsCsv } from "./paypal-csv";

// Payout batches (docs/decisions/066): the admin sends open requests together as one PayPal Payouts upload and
// records the result once. The conditions that matter (still open, still covered, not yet recorded) are inside
// the writes; the checks here only explain a refusal in words before anything is written.

const methods = BATCH_METHODS.join(" or ");

export async function createPayoutBatch({ ctx, input }: AdminCall<{ requestIds: string[] | null }>) {
  checkAdmin(ctx);
  const now = nowIso();
  const candidates = await q.batchCandidates(ctx.db, { ids: input.requestIds, now });
  if (input.requestIds) {
    const found = new Set(candidates.map((r) => r.id));
    const missing = input.requestIds.filter((id) => !found.has(id));
    if (missing.length) throw notFound(`No such payout request: ${missing.join(", ")}`);
    for (const r of candidates) {
      if (r.status !== "open")
        throw conflict(
          `The request of ${usdText(r.amountMicros)} to ${r.payoutAddress} is already ${r.status}; untick it.`,
          "not_open",
        );
      if (!(BATCH_METHODS as readonly string[]).includes(r.paymentMethod)) {
        throw badRequest(
          `A batch pays by ${methods} only; pay the ${r.paymentMethod} request to ${r.payoutAddress} on its own.`,
          "not_batchable",
        );
      }
      if (!r.covered) {
        throw conflict(
          `The request of ${usdText(r.amountMicros)} to ${r.payoutAddress} is more than its member's available balance now; reject it or pay it on its own.`,
          "insufficient_balance",
        );
      }
    }
  }
  const ids = candidates.filter((r) => r.status === "open" && r.covered).map((r) => r.id);
  if (!ids.length) throw conflict(`There are no open ${methods} requests to send.`, "nothing_to_send");
  const batch = await q.createBatch(ctx.db, { ids, now, actorId: ctx.actor.id });
  if (!batch)
    throw conflict(
      "None of these requests could be sent: they changed in the meantime. Reload and try again.",
      "nothing_to_send",
    );
  return batch;
}

export async function listPayoutBatches({ ctx }: AdminCall<null>) {
  checkAdmin(ctx);
  return q.listBatches(ctx.db);
}

/** The batch's payment file for PayPal's Payouts web upload. */
export async function payoutBatchCsv({ ctx, input }: AdminCall<{ id: number }>) {
  checkAdmin(ctx);
  if (!(await q.batchById(ctx.db, input.id))) throw notFound("Payout batch not found");
  const requests = await q.batchRequests(ctx.db, input.id);
  return paypalPayoutsCsv(
    requests.map((r) => ({
      requestId: r.id,
      paymentMethod: r.paymentMethod,
      payoutAddress: r.payoutAddress,
      amountMicros: r.amountMicros,
      batchId: input.id,
    })),
  );
}

/** Records the batch's result: the returned requests with their reasons; every other request it sent is paid. */
export async function recordPayoutBatchResult({
  ctx,
  input,
}: AdminCall<{ id: number; returned: { requestId: string; reason: string }[]; reference: string | null }>) {
  checkAdmin(ctx);
  const batch = await q.batchById(ctx.db, input.id);
  if (!batch) throw notFound("Payout batch not found");
  if (batch.recordedAt) throw conflict(`The result of batch ${batch.id} was already recorded.`, "already_recorded");
  const requests = await q.batchRequests(ctx.db, input.id);
  const sent = new Map(requests.filter((r) => r.status === "sent").map((r) => [r.id, r]));
  const unknown = input.returned.filter((r) => !sent.has(r.requestId)).map((r) => r.requestId);
  if (unknown.length)
    throw badRequest(`Not a request sent in batch ${batch.id}: ${unknown.join(", ")}`, "not_in_batch");
  const returned = new Set(input.returned.map((r) => r.requestId));
  const paymentIds = Object.fromEntries([...sent.keys()].filter((id) => !returned.has(id)).map((id) => [id, newId()]));
  const written = await q.recordBatchResult(ctx.db, {
    id: input.id,
    now: nowIso(),
    actorId: ctx.actor.id,
    returned: input.returned.map((r) => ({ id: r.requestId, reason: r.reason })),
    paymentIds,
    reference: input.reference,
  });
  if (!written) throw conflict(`The result of batch ${batch.id} was already recorded.`, "already_recorded");
  return (await q.batchById(ctx.db, input.id))!;
}
