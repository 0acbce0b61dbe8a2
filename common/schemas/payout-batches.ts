import { z } from "zod";
import { ID_REGEX } from "../ids";
import { memberText, optionalMemberText } from "./text";
import { MONEY_TEXT_MAX } from "./money-fields";

// Payout batches (docs/decisions/066): open requests sent together as one PayPal Payouts upload, then their
// result recorded once — each request paid (a payment) or returned with a reason (the money available again).

/** The first id a list holds twice, or undefined when each is there once. */
function firstRepeat(ids: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return undefined;
}

/** POST /api/admin/payout-batches: the open requests to send (all open PayPal and Venmo requests when omitted). */
export const payoutBatchBody = z.object({
  request_ids: z
    .array(
      z.string().regex(ID_REGEX, "request_ids must be payout request ids"),
      "request_ids must be a list of payout request ids",
    )
    .min(1, "Tick at least one request")
    .max(500, "A batch takes at most 500 requests")
    .superRefine((ids, ctx) => {
      const twice = firstRepeat(ids);
      if (twice !== undefined) ctx.addIssue({ code: "custom", message: `lists request ${twice} twice` });
    })
    .optional(),
});

/** POST /api/admin/payout-batches/{id}/result: everything not returned is paid. */
export const payoutBatchResultBody = z.object({
  returned: z
    .array(
      z.object({
        request_id: z.string().regex(ID_REGEX, "request_id must be a payout request id"),
        // The member-text rule (docs/decisions/106); one line, as the admin's box is. A reason that is not
        // text at all keeps "reason is required"; an empty or invisible one asks for PayPal's reason.
        reason: z.string("reason is required").pipe(
          memberText({
            label: "reason",
            min: 1,
            max: MONEY_TEXT_MAX.reason,
            messages: { required: "Give the reason PayPal returned it" },
          }),
        ),
      }),
    )
    .max(500)
    // A request is paid or returned once: listing it twice is a mistake in the list (docs/decisions/108).
    .superRefine((list, ctx) => {
      const twice = firstRepeat(list.map((r) => r.request_id));
      if (twice !== undefined) ctx.addIssue({ code: "custom", message: `lists request ${twice} twice` });
    })
    .optional()
    .default([]),
  /** The PayPal batch's id or another reference, kept on every payment. */
  payment_reference: optionalMemberText({ label: "payment_reference", max: MONEY_TEXT_MAX.reference }),
});

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

/** POST /api/admin/payout-batches. */
export const payoutBatchCreatedOut = z.object({ id: z.number().int(), count: z.number().int(), total_usd: z.number() });

/** A batch in the admin's list, newest first. */
export const payoutBatchOut = z.object({
  id: z.number().int(),
  count: z.number().int(),
  total_usd: z.number(),
  created_at: z.string(),
  created_by_email: z.string().nullable(),
  /** sent: waiting for its result; recorded: every request paid or returned. */
  status: z.enum(["sent", "recorded"]),
  recorded_at: z.string().nullable(),
  paid_count: z.number().int(),
  paid_usd: z.number(),
  returned_count: z.number().int(),
  returned_usd: z.number(),
});
export const payoutBatchesOut = z.array(payoutBatchOut);
export type PayoutBatchJson = z.output<typeof payoutBatchOut>;
