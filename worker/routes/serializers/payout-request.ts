import type { PayoutRequestJson } from "../../../common/api-types";
import type { PayoutRequestRow } from "../../db/queries/payout-requests";
import { usd } from "../../lib/money";

/** A payout request as its member sees it (the admin list adds the email). */
export const payoutRequestJson = (r: PayoutRequestRow & { email?: string }): PayoutRequestJson => ({
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
});
