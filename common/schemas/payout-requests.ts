import { z } from "zod";
import { MONEY_STEP } from "../money";
import { PAYOUT_METHODS, payoutAddressProblem } from "../payouts";
import { usdInput } from "./money-fields";

// Payout requests (docs/decisions/036): the member asks, an admin pays or rejects.

/** POST /api/me/payout-requests. The minimum and the available balance are checked by the server. */
export const payoutRequestBody = z
  .object({
    amount_usd: usdInput("amount_usd", { step: MONEY_STEP.payment, positive: true }),
    payment_method: z.enum(PAYOUT_METHODS, `payment_method must be one of ${PAYOUT_METHODS.join(", ")}`),
    payout_address: z.string("payout_address is required").trim().max(200, "payout_address must be at most 200 characters"),
  })
  .superRefine((b, ctx) => {
    const problem = payoutAddressProblem(b.payment_method, b.payout_address);
    if (problem) ctx.addIssue({ code: "custom", path: ["payout_address"], message: `payout_address: ${problem}` });
  });

const optionalText = (field: string, max: number) =>
  z.string(`${field} must be text`).trim().max(max, `${field} must be at most ${max} characters`).nullish().transform((v) => v || null);

/** POST /api/admin/payout-requests/{id}/pay: records the completed payment for the request's amount. */
export const payoutPayBody = z.object({ payment_reference: optionalText("payment_reference", 200), notes: optionalText("notes", 1000) });

/** POST /api/admin/payout-requests/{id}/reject. */
export const payoutRejectBody = z.object({
  reason: z.string("reason is required").trim().min(1, "reason is required").max(500, "reason must be at most 500 characters"),
});

/** GET /api/admin/payout-requests?status=open. */
export const payoutListQuery = z.object({
  status: z.enum(["open", "paid", "rejected", "cancelled"], "status must be open, paid, rejected or cancelled").optional(),
});

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

/** A payout request as its member sees it; the admin list adds `user_email`. */
export const payoutRequestOut = z.object({
  id: z.string(),
  user_id: z.string(),
  user_email: z.string().optional(),
  amount_usd: z.number(),
  payment_method: z.string(),
  payout_address: z.string(),
  /** open reserves the amount; paid has `payment_id`; rejected has `reason`; cancelled by the member. */
  status: z.enum(["open", "paid", "rejected", "cancelled"]),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  reason: z.string().nullable(),
  payment_id: z.string().nullable(),
});
export type PayoutRequestJson = z.output<typeof payoutRequestOut>;

/** GET /api/me/payout-requests: the member's requests, newest first, with what the Wallet card needs. */
export const payoutRequestsOut = z.object({
  requests: z.array(payoutRequestOut),
  minimum_payout: z.number(),
  available_balance: z.number(),
  /** Credited over the last 7 days, per day (earnings and bonuses, less reversals). */
  pace_per_day: z.number(),
  /** Days to reach the minimum at that pace; null when already there or when nothing came in for 7 days. */
  days_to_minimum: z.number().int().nullable(),
});
export type PayoutRequestsResponse = z.output<typeof payoutRequestsOut>;
