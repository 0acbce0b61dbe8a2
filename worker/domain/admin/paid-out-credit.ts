import { conflict } from "../../lib/errors";
import { usdText } from "../../lib/money";

export type PaidOutCredit = {
  noun: "earning" | "bonus";
  amountMicros: number;
  /** The new amount of a change; null for a delete. */
  newMicros: number | null;
  /** The user's balance now (credits minus payments). */
  balanceMicros: number;
};

/**
 * The conflict for a credit payments already drew on, with the amounts, answered like the payments' overdraft
 * refusal so the admin screens can ask and resend with the override.
 */
export function paidOutRefusal(c: PaidOutCredit) {
  const after = c.balanceMicros - (c.amountMicros - (c.newMicros ?? 0));
  const what = `Payments already drew on this ${c.noun} (${usdText(c.amountMicros)})`;
  const change = c.newMicros === null ? "deleting it" : `lowering it to ${usdText(c.newMicros)}`;
  const confirm = c.newMicros === null ? "Confirm to delete it anyway." : "Confirm to change it anyway.";
  return conflict(
    `${what}: ${change} would leave the user's balance at ${usdText(after)}. ${confirm}`,
    "already_paid_out",
  );
}
