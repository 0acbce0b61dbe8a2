import type { PaymentJson, PaymentsResponse } from "../../../common/schemas/payments";
import type { PaymentReversalRow } from "../../db/queries/wallet/payments";
import type { PaymentRow } from "../../db/queries/rows";
import type { listPayments } from "../../domain/admin/admin-lists";
import type { listMyPayments } from "../../domain/wallet/my-wallet";
import { usd } from "../../lib/money";

/** A payment as its payee sees it (GET /api/me/payments), with its correction (docs/decisions/066). */
export const paymentJson = (p: PaymentRow, reversal: PaymentReversalRow | null = null): PaymentJson => ({
  id: p.id,
  user_id: p.userId,
  amount_usd: usd(p.amountMicros),
  payment_method: p.paymentMethod,
  payment_reference: p.paymentReference,
  status: p.status,
  notes: p.notes,
  created_at: p.createdAt,
  processed_at: p.processedAt,
  request_id: p.requestId,
  viewer_part_usd: usd(p.viewerMicros),
  reversal: reversal
    ? { reason: reversal.reason, request_outcome: reversal.requestOutcome, created_at: reversal.createdAt }
    : null,
});

/** The caller's own payments (GET /api/me/payments). */
export const myPaymentsJson = (rows: Awaited<ReturnType<typeof listMyPayments>>): PaymentsResponse => ({
  payments: rows.map((r) => paymentJson(r.payment, r.reversal)),
});

/** A payment as the admin screens and CSV show it, with the payee's email. */
export const adminPaymentJson = (
  p: PaymentRow,
  email: string,
  reversal: PaymentReversalRow | null = null,
): PaymentJson => ({
  ...paymentJson(p, reversal),
  user_email: email,
});

export const adminPaymentsJson = (rows: Awaited<ReturnType<typeof listPayments>>): PaymentJson[] =>
  rows.map((r) => adminPaymentJson(r.payment, r.email, r.reversal));
