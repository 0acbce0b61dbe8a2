import { z } from "zod";

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
});
export type PaymentJson = z.output<typeof paymentOut>;

export const paymentsOut = z.object({ payments: z.array(paymentOut) });
export type PaymentsResponse = z.output<typeof paymentsOut>;
