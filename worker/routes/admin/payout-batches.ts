import { Hono } from "hono";
import {
  payoutBatchBody,
  payoutBatchCreatedOut,
  payoutBatchesOut,
  payoutBatchResultBody,
  payoutBatchOut,
} from "../../../common/schemas/payout-batches";
import type { AppEnv } from "../../app-env";
import {
  createPayoutBatch,
  listPayoutBatches,
  payoutBatchCsv,
  recordPayoutBatchResult,
} from "../../domain/payouts/batches";
import { badRequest } from "../../lib/errors";
import { usd } from "../../lib/money";
import { validate } from "../../lib/validate";
import { responds } from "../../openapi/responds";
import { payoutBatchesJson, payoutBatchJson } from "../serializers/payout-batch";
import { adminContext } from "./admin-context";

/** A batch number from the path: a positive whole number, else a clear 400. */
function batchId(raw: string) {
  const id = Number(raw);
  if (!/^\d{1,9}$/.test(raw) || id < 1)
    throw badRequest("The batch number must be a positive whole number", "bad_batch_id");
  return id;
}

/** Admin: payout batches (docs/decisions/066) — send open requests together, download PayPal's file, record the result. */
export const adminPayoutBatchRoutes = new Hono<AppEnv>()
  .post(
    "/payout-batches",
    responds("Send payout requests in a batch", {
      201: {
        description:
          "The new batch: the open PayPal and Venmo requests named (or all of them), each still covered by its member's available balance, now sent in batch N and no longer cancellable.",
        schema: payoutBatchCreatedOut,
      },
    }),
    validate("json", payoutBatchBody),
    async (c) => {
      const b = await createPayoutBatch({
        ctx: adminContext(c),
        input: { requestIds: c.req.valid("json").request_ids ?? null },
      });
      return c.json({ id: b.id, count: b.count, total_usd: usd(b.totalMicros) }, 201);
    },
  )
  .get(
    "/payout-batches",
    responds("List payout batches", {
      200: {
        description: "Every batch, newest first, with what it sent, paid and returned.",
        schema: payoutBatchesOut,
      },
    }),
    async (c) => c.json(payoutBatchesJson(await listPayoutBatches({ ctx: adminContext(c), input: null })), 200),
  )
  .get(
    "/payout-batches/:id/csv",
    responds("Download a batch for PayPal", {
      200: {
        description:
          "The batch as PayPal's Payouts web upload takes it: no header; recipient, amount, USD, the request id as the sender's item id, a note, the wallet (PAYPAL or VENMO).",
        media: "text/csv",
      },
    }),
    async (c) => {
      const id = batchId(c.req.param("id"));
      const csv = await payoutBatchCsv({ ctx: adminContext(c), input: { id } });
      return new Response(csv, {
        status: 200,
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="reelpay-payout-batch-${id}.csv"`,
        },
      });
    },
  )
  .post(
    "/payout-batches/:id/result",
    responds("Record a batch's result", {
      200: {
        description:
          "The batch as recorded: each returned request closed with its reason (the money available again), every other one paid with a payment.",
        schema: payoutBatchOut,
      },
    }),
    validate("json", payoutBatchResultBody),
    async (c) => {
      const b = c.req.valid("json");
      const input = {
        id: batchId(c.req.param("id")),
        returned: b.returned.map((r) => ({ requestId: r.request_id, reason: r.reason })),
        reference: b.payment_reference,
      };
      return c.json(payoutBatchJson(await recordPayoutBatchResult({ ctx: adminContext(c), input })), 200);
    },
  );
