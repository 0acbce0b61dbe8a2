import { z } from "zod";
import { MONEY_STEP } from "../money";
import { bonusAwardOut } from "./challenges";
import { descriptionInput, MONEY_TEXT_MAX, usdInput, userIdInput } from "./money-fields";
import { paymentOut } from "./payments";
import { memberText, optionalMemberText } from "./text";

// The admin's money entries. Lowering or deleting a credit that payments already drew on needs `override`
// (docs/decisions/017); so does paying more than the available balance.

/** The admin confirmed changing a credit that payments already drew on. */
const overrideField = z.boolean("override must be true or false").default(false);

const earningAmount = usdInput("amount_usd", { step: MONEY_STEP.earning });

/** POST /api/admin/earnings. */
export const manualEarningCreateBody = z.object({
  user_id: userIdInput,
  amount_usd: earningAmount,
  description: descriptionInput,
});
export type ManualEarningCreateBody = z.input<typeof manualEarningCreateBody>;

/** PATCH /api/admin/earnings/{id}. */
export const manualEarningChangeBody = z.object({ amount_usd: earningAmount, override: overrideField });
export type ManualEarningChangeBody = z.input<typeof manualEarningChangeBody>;

const bonusAmount = usdInput("total_bonus_amount", { step: MONEY_STEP.bonus });

/** POST /api/admin/bonuses. */
export const manualBonusCreateBody = z.object({
  user_id: userIdInput,
  total_bonus_amount: bonusAmount,
  description: descriptionInput,
});
export type ManualBonusCreateBody = z.input<typeof manualBonusCreateBody>;

/** PATCH /api/admin/bonuses/{id}. */
export const manualBonusChangeBody = z.object({ total_bonus_amount: bonusAmount, override: overrideField });
export type ManualBonusChangeBody = z.input<typeof manualBonusChangeBody>;

/** DELETE /api/admin/earnings/{id} and /api/admin/bonuses/{id}: `?override=true` confirms, as `override` does in a body. */
export const manualCreditDeleteQuery = z.object({
  override: z
    .enum(["true", "false"], "override must be true or false")
    .default("false")
    .transform((v) => v === "true"),
});

/** POST /api/admin/payments and PATCH /api/admin/payments/{id}: a payout; its status may move either way. */
export const paymentBody = z.object({
  user_id: userIdInput,
  amount_usd: usdInput("amount_usd", { step: MONEY_STEP.payment, positive: true }),
  // The member-text rule (docs/decisions/106): a payment is evidence an audit reads for good, so no broken
  // characters, limits counted as the admin's text boxes count them, "required" by visible characters.
  payment_method: memberText({ label: "payment_method", min: 1, max: MONEY_TEXT_MAX.paymentMethod }),
  payment_reference: optionalMemberText({ label: "payment_reference", max: MONEY_TEXT_MAX.reference }),
  status: z.enum(["pending", "completed"], "status must be pending or completed").default("pending"),
  notes: optionalMemberText({ label: "notes", max: MONEY_TEXT_MAX.notes, multiline: true }),
  /** The admin confirmed paying more than the available balance. */
  override: z.boolean().default(false),
});
export type PaymentBody = z.input<typeof paymentBody>;

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

/** A manual earning as the admin screens show it, with its creator's email (docs/product-spec.md §3 "Earning record"). */
export const manualEarningOut = z.object({
  id: z.string(),
  user_id: z.string(),
  content_id: z.string().nullable(),
  creator_email: z.string(),
  amount_usd: z.number(),
  description: z.string(),
  created_at: z.string(),
});
export type AdminEarningJson = z.output<typeof manualEarningOut>;

/** GET /api/admin/earnings: the manual earnings, newest first. */
export const manualEarningsOut = z.array(manualEarningOut);

/** GET /api/admin/bonuses: the manual bonuses, newest first. */
export const manualBonusesOut = z.array(bonusAwardOut);

/** GET /api/admin/payments: every payment with its payee's email, newest first. */
export const adminPaymentsOut = z.array(paymentOut);

/** DELETE of a manual earning, a manual bonus or a payment: the record is gone (the audit log keeps it). */
export const deletedOut = z.object({ ok: z.literal(true) });
export type DeletedResponse = z.output<typeof deletedOut>;
