import type { PaymentJson } from "../../../common/api-types";
import type { PaymentRow } from "../../db/queries/rows";
import { usd } from "../../lib/money";

/** A payment as its payee sees it (GET /api/me/payments). */
export const paymentJson = (p: PaymentRow): PaymentJson => ({
  id: p.id,
  user_id: p.userId,
  amount_usd: usd(p.amountMicros),
  payment_method: p.paymentMethod,
  payment_reference: p.paymentReference,
  status: p.status,
  notes: p.notes,
  created_at: p.createdAt,
  processed_at: p.processedAt,
});

/** A payment as the admin screens and CSV show it, with the payee's email. */
export const adminPaymentJson = (p: PaymentRow, email: string): PaymentJson => ({ ...paymentJson(p), user_email: email });
