import { z } from "zod";
import { ID_REGEX } from "../ids";
import { MAX_ENTRY_USD, MICROS_PER_USD, type MoneyStep } from "../money";
import { memberText } from "./text";

// The fields of the admin's money entries (docs/product-spec.md §5 "Manual earning", "Manual bonus", "Payment").

/**
 * A USD amount typed by an admin, as integer micro-dollars: a multiple of `step` (MONEY_STEP), up to
 * MAX_ENTRY_USD. Anything finer is refused, never rounded.
 */
export function usdInput(field: string, opts: { step: MoneyStep; positive?: boolean }) {
  const stepMicros = Math.round(opts.step * MICROS_PER_USD);
  return z
    .number(`${field} must be a number`)
    .min(0, `${field} must be 0 or more`)
    .max(MAX_ENTRY_USD, `${field} must be at most ${MAX_ENTRY_USD}`)
    .transform((amount, ctx) => {
      const micros = Math.round(amount * MICROS_PER_USD);
      if (Math.abs(micros - amount * MICROS_PER_USD) > 1e-3 || micros % stepMicros !== 0) {
        ctx.addIssue({ code: "custom", message: `${field} must be in steps of ${opts.step}` });
        return z.NEVER;
      }
      if (opts.positive && micros === 0) {
        ctx.addIssue({ code: "custom", message: `${field} must be more than 0` });
        return z.NEVER;
      }
      return micros;
    });
}

/**
 * The longest text of each money record's fields, in UTF-16 units (docs/decisions/106): the schemas hold the API to
 * them and the admin's forms take them from here, so the two never drift.
 */
export const MONEY_TEXT_MAX = {
  paymentMethod: 100,
  reference: 200,
  reason: 500,
  description: 500,
  notes: 1000,
} as const;

export const userIdInput = z.string("user_id is required").regex(ID_REGEX, "user_id must be a user id");
/**
 * A manual credit's description, on the member-text rule (docs/decisions/106): one line (the admin's box is one
 * line, and the CSV exports carry it), at most 500 UTF-16 units, no broken characters; may be empty.
 */
export const descriptionInput = memberText({ label: "description", max: MONEY_TEXT_MAX.description }).default("");
