import { ApiError } from "../../lib/api";
import { sendWithOverride } from "./confirm-override";

// How payment changes report failures (docs/product-spec.md §8): an answer from the server → 'Error: ' + its error;
// no answer (network) → the action's own message. Said in the page (the dialog, or above the payments), never in a
// browser alert (docs/decisions/103). The overdraft refusal is a question instead.

/** Done, or not: `failure` is what to say, null when the admin declined the overdraft question. */
export type PaymentOutcome = { done: true } | { done: false; failure: string | null };

const failed = (error: unknown, networkMessage: string): PaymentOutcome => ({
  done: false,
  failure: error instanceof ApiError ? `Error: ${error.message}` : networkMessage,
});

/**
 * Sends a payment create or update. When the amount is more than the user's available balance the server
 * refuses with 409; the admin sees its message and may confirm, which resends with `override: true`.
 */
export async function savePayment(
  send: (override: boolean) => Promise<unknown>,
  networkMessage: string,
): Promise<PaymentOutcome> {
  try {
    return (await sendWithOverride(send)) ? { done: true } : { done: false, failure: null };
  } catch (error) {
    return failed(error, networkMessage);
  }
}

/** Runs a delete after the spec's confirmation. */
export async function removePayment(remove: () => Promise<unknown>): Promise<PaymentOutcome> {
  if (!window.confirm("Are you sure you want to delete this payment record?")) return { done: false, failure: null };
  try {
    await remove();
    return { done: true };
  } catch (error) {
    return failed(error, "Failed to delete payment");
  }
}
