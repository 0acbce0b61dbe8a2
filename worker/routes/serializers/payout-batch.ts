import type { PayoutBatchJson } from "../../../common/schemas/payout-batches";
import type { BatchRow } from "../../db/queries/payouts/payout-batches";
import { usd } from "../../lib/money";

/** A payout batch (docs/decisions/066): what it sent, and once recorded, what was paid and returned. */
export const payoutBatchJson = (b: BatchRow): PayoutBatchJson => ({
  id: b.id,
  count: b.count,
  total_usd: usd(b.totalMicros),
  created_at: b.createdAt,
  created_by_email: b.createdByEmail,
  status: b.recordedAt ? "recorded" : "sent",
  recorded_at: b.recordedAt,
  paid_count: b.paidCount,
  paid_usd: usd(b.paidMicros),
  returned_count: b.returnedCount,
  returned_usd: usd(b.returnedMicros),
});

export const payoutBatchesJson = (rows: BatchRow[]): PayoutBatchJson[] => rows.map(payoutBatchJson);
