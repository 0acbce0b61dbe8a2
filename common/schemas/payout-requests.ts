import { z } from "zod";
import { MICROS_PER_USD } from "../money";
import { PAYOUT_METHODS, payoutAddressProblem, trimPayoutAddress } from "../payouts";
import { memberText, optionalMemberText } from "./text";
import { MONEY_TEXT_MAX } from "./money-fields";

// Payout requests (docs/decisions/036): the member asks, an admin pays or rejects.

/**
 * PUT /api/me/payout-destination: where the member is paid (docs/decisions/066). The address is held by one
 * member; a change makes new requests wait 7 days.
 */
export const payoutDestinationBody = z
  .object({
    payment_method: z.enum(PAYOUT_METHODS, `payment_method must be one of ${PAYOUT_METHODS.join(", ")}`),
    payout_address: z
      .string("payout_address is required")
      // Kept without whitespace or invisible characters at the ends (docs/decisions/108).
      .overwrite(trimPayoutAddress)
      .max(254, "payout_address must be at most 254 characters"),
  })
  .superRefine((b, ctx) => {
    const problem = payoutAddressProblem(b.payment_method, b.payout_address);
    if (problem) ctx.addIssue({ code: "custom", path: ["payout_address"], message: problem });
  });

/**
 * POST /api/me/payout-requests: paid to the member's current destination (PUT /api/me/payout-destination).
 * The minimum and the available balance are checked by the server, which answers in the member's words
 * ("You have $X available") whatever the amount.
 */
export const payoutRequestBody = z.object({
  amount_usd: z
    .number("amount_usd must be a number")
    .positive("amount_usd must be more than 0")
    .refine(
      (v) => Number.isFinite(v) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6 * Math.max(1, v),
      "amount_usd must be in whole cents",
    )
    // Integer micro-dollars; an amount beyond any balance stays beyond it (capped only to stay an exact integer).
    .transform((v) => Math.min(Math.round(v * 100) * (MICROS_PER_USD / 100), Number.MAX_SAFE_INTEGER)),
});

// The admin's words on a payout are kept on the payment or the request for good: the member-text rule
// (docs/decisions/106).

/** POST /api/admin/payout-requests/{id}/pay: records the completed payment for the request's amount. */
export const payoutPayBody = z.object({
  payment_reference: optionalMemberText({ label: "payment_reference", max: MONEY_TEXT_MAX.reference }),
  notes: optionalMemberText({ label: "notes", max: MONEY_TEXT_MAX.notes, multiline: true }),
});

/** POST /api/admin/payout-requests/{id}/reject. */
export const payoutRejectBody = z.object({
  reason: memberText({ label: "reason", min: 1, max: MONEY_TEXT_MAX.reason, multiline: true }),
});

/** GET /api/admin/payout-requests?status=open. */
export const payoutListQuery = z.object({
  status: z
    .enum(
      ["open", "sent", "paid", "rejected", "cancelled", "returned"],
      "status must be open, sent, paid, rejected, cancelled or returned",
    )
    .optional(),
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
  /**
   * open reserves the amount (the member may cancel); sent: in payout batch `batch_id`, reserved, no longer
   * cancellable; paid has `payment_id`; rejected and returned have `reason` (returned: the money is available
   * again); cancelled by the member (docs/decisions/066).
   */
  status: z.enum(["open", "sent", "paid", "rejected", "cancelled", "returned"]),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  reason: z.string().nullable(),
  payment_id: z.string().nullable(),
  batch_id: z.number().int().nullable(),
  /** When its batch was sent (null when never sent). */
  sent_at: z.string().nullable(),
  /** The newest correction of a payment of this request (the request was reopened or closed by it). */
  correction: z
    .object({ reason: z.string(), outcome: z.enum(["reopened", "closed"]), created_at: z.string() })
    .nullable(),
  /** Admin list only: other members who asked to be paid to this same address and were refused. */
  address_also_named_by: z.array(z.string()).optional(),
});
export type PayoutRequestJson = z.output<typeof payoutRequestOut>;

/** Where the member is paid (docs/decisions/066). */
export const payoutDestinationOut = z.object({
  payment_method: z.string(),
  payout_address: z.string(),
  changed_at: z.string(),
  /** New requests may use it from then: 7 days after a change, at once for the first. */
  usable_from: z.string(),
});
export type PayoutDestinationJson = z.output<typeof payoutDestinationOut>;

/** GET /api/me/payout-requests: the member's requests, newest first, with what the Wallet card needs. */
export const payoutRequestsOut = z.object({
  requests: z.array(payoutRequestOut),
  minimum_payout: z.number(),
  available_balance: z.number(),
  /** The current destination; null until the member sets one. */
  destination: payoutDestinationOut.nullable(),
  /** Qualified view rewards (both sides) over the last 7 days, per day: no one-off credits (docs/decisions/066). */
  pace_per_day: z.number(),
  /** Pending credits that become available when their holds end (not those an open review holds). */
  releasing_usd: z.number(),
  /**
   * When those releases alone bring the available balance to the minimum: the UTC day, what is released by
   * then, and whether all of it is released that one day (else over several days, the last of them that day); null otherwise.
   */
  minimum_released: z.object({ day: z.string(), amount_usd: z.number(), on_one_day: z.boolean() }).nullable(),
  /**
   * Days to reach the minimum at that pace, counting the pending releases first; null when already there,
   * when the releases reach it (minimum_released), or when no view paid for 7 days.
   */
  days_to_minimum: z.number().int().nullable(),
});
export type PayoutRequestsResponse = z.output<typeof payoutRequestsOut>;
