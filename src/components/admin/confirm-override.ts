import { ApiError } from "../../lib/api";

// Refusals an admin may overrule: paying more than the balance (insufficient_balance), lowering or deleting
// a credit that payments already drew on (already_paid_out). Both are 409 with a message naming the amounts.
const confirmable = new Set(["insufficient_balance", "already_paid_out"]);

const isConfirmable = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 409 && confirmable.has(String(error.body?.code));

/**
 * Sends a money change. When the server refuses it with a confirmable 409, the admin sees its message and
 * may confirm, which resends it with `override: true`. Resolves true when saved, false when the admin
 * declined; any other failure (of either attempt) rejects.
 */
export async function sendWithOverride(send: (override: boolean) => Promise<unknown>): Promise<boolean> {
  try {
    await send(false);
    return true;
  } catch (error) {
    if (!isConfirmable(error)) throw error;
    if (!window.confirm(error.message)) return false;
    await send(true);
    return true;
  }
}
