import { ApiError } from "../../lib/api";
import { sendWithOverride } from "./confirm-override";

// How payment changes report failures (docs/product-spec.md §8): an answer from the server → alert 'Error: ' + its error;
// no answer (network) → alert with the action's own message. The overdraft refusal is a question instead.

function alertFailure(error: unknown, networkMessage: string): false {
  window.alert(error instanceof ApiError ? `Error: ${error.message}` : networkMessage);
  return false;
}

/**
 * Sends a payment create or update. When the amount is more than the user's available balance the server
 * refuses with 409; the admin sees its message and may confirm, which resends with `override: true`.
 * Resolves true when saved.
 */
export async function savePayment(
  send: (override: boolean) => Promise<unknown>,
  networkMessage: string,
): Promise<boolean> {
  try {
    return await sendWithOverride(send);
  } catch (error) {
    return alertFailure(error, networkMessage);
  }
}

/** Runs a delete after the spec's confirmation; resolves true when deleted. */
export async function removePayment(remove: () => Promise<unknown>): Promise<boolean> {
  if (!window.confirm("Are you sure you want to delete this payment record?")) return false;
  try {
    await remove();
    return true;
  } catch (error) {
    return alertFailure(error, "Failed to delete payment");
  }
}
