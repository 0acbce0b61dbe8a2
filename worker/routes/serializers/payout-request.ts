import type { PayoutDestinationJson, PayoutRequestJson } from "../../../common/schemas/payout-requests";
import type { DestinationRow, RequestWithCorrection } from "../../db/queries/payouts/payout-requests";
import { usd } from "../../lib/money";

type Correction = NonNullable<PayoutRequestJson["correction"]>;

/** A payout request as its member sees it (the admin list adds the email and the other members refused its address). */
export const payoutRequestJson = (
  r: Omit<RequestWithCorrection, "correction" | "sentAt"> & {
    correction?: string | null;
    sentAt?: string | null;
    email?: string;
    alsoNamedBy?: string;
  },
): PayoutRequestJson => ({
  id: r.id,
  user_id: r.userId,
  ...(r.email === undefined ? {} : { user_email: r.email }),
  amount_usd: usd(r.amountMicros),
  payment_method: r.paymentMethod,
  payout_address: r.payoutAddress,
  status: r.status,
  created_at: r.createdAt,
  decided_at: r.decidedAt,
  reason: r.reason,
  payment_id: r.paymentId,
  batch_id: r.batchId,
  sent_at: r.sentAt ?? null,
  correction: r.correction ? (JSON.parse(r.correction) as Correction) : null,
  ...(r.alsoNamedBy === undefined ? {} : { address_also_named_by: JSON.parse(r.alsoNamedBy) as string[] }),
});

export const payoutDestinationJson = (d: DestinationRow): PayoutDestinationJson => ({
  payment_method: d.paymentMethod,
  payout_address: d.payoutAddress,
  changed_at: d.createdAt,
  usable_from: d.usableAt,
});
