import { z } from "zod";
import { memberText } from "./text";
import { MONEY_TEXT_MAX } from "./money-fields";

// Payments as members (GET /api/me/payments) and admins (GET /api/admin/payments) see them.

export const paymentOut = z.object({
  id: z.string(),
  user_id: z.string(),
  /** Admin lists only. */
  user_email: z.string().optional(),
  amount_usd: z.number(),
  payment_method: z.string(),
  payment_reference: z.string().nullable(),
  status: z.enum(["pending", "completed"]),
  notes: z.string().nullable(),
  created_at: z.string(),
  processed_at: z.string().nullable(),
  /** The payout request it settled (docs/decisions/066): such a payment is permanent, corrected only by a reversal. */
  request_id: z.string().nullable(),
  /** The part drawn from the viewer side; the rest came from the creator side. */
  viewer_part_usd: z.number(),
  /** Its correction, when one gave its amount back: no longer counted as paid. */
  reversal: z
    .object({ reason: z.string(), request_outcome: z.enum(["reopened", "closed"]).nullable(), created_at: z.string() })
    .nullable(),
});
export type PaymentJson = z.output<typeof paymentOut>;

export const paymentsOut = z.object({ payments: z.array(paymentOut) });
export type PaymentsResponse = z.output<typeof paymentsOut>;

/**
 * POST /api/admin/payments/{id}/reversal: a correction (docs/decisions/066). The payment did not reach the
 * member: its whole amount comes back. For a payment that settled a request, `request` says what becomes of
 * it: reopen (open again, to be paid again) or close (returned; the money available to the member).
 */
export const paymentReversalBody = z.object({
  /** The member reads it on their Wallet; the member-text rule (docs/decisions/106). */
  reason: memberText({ label: "reason", min: 1, max: MONEY_TEXT_MAX.reason, multiline: true }),
  request: z.enum(["reopen", "close"], "request must be reopen or close").optional(),
});
