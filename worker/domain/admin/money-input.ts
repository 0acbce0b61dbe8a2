import { z } from "zod";
import { MICROS_PER_USD } from "../../lib/money";

/**
 * A USD amount typed by an admin, as integer micro-dollars: at least `min`, a multiple of `step` (docs/product-spec.md §5:
 * manual earnings step 0.001, bonuses and payments 0.01). Anything finer is refused, never rounded.
 */
export function usdInput(field: string, opts: { step: 0.001 | 0.01; min?: number; positive?: boolean }) {
  const stepMicros = Math.round(opts.step * MICROS_PER_USD);
  return z
    .number(`${field} must be a number`)
    .min(opts.min ?? 0, `${field} must be ${opts.min ?? 0} or more`)
    .max(1_000_000, `${field} must be at most 1000000`)
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

export const userIdInput = z.string("user_id is required").regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, "user_id must be a user id");
export const descriptionInput = z.string().trim().max(500, "description must be at most 500 characters").default("");
