// Payout requests (docs/product-spec.md §5 "Payout request"; docs/decisions/036).

/** Where a member may ask to be paid: the spec's payment methods. PayPal takes an email address. */
export const PAYOUT_METHODS = ["PayPal", "Venmo", "Bank Transfer"] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** The smallest payout a member may request, in USD (the worker's MINIMUM_PAYOUT_MICROS). */
export const MINIMUM_PAYOUT_USD = 25;

/** A loose email check: something@something.something, no spaces (PayPal checks the rest). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What the payout address must be for the method, in plain words; null when it is fine. */
export function payoutAddressProblem(method: string, address: string): string | null {
  const a = address.trim();
  if (!a) return method === "PayPal" ? "Enter your PayPal email address" : "Enter where you want to be paid";
  if (method === "PayPal" && !EMAIL_PATTERN.test(a)) return "Enter the email address of your PayPal account";
  return null;
}
