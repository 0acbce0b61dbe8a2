import { formatUsd } from "../lib/format";

/** A bonus amount as every screen shows it: exactly, cents and all ("$5.50", "$75.00"; docs/decisions/032). */
export function BonusAmount({ amount }: { amount: number }) {
  return formatUsd(amount);
}
