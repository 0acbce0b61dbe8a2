import { bonusExact, bonusUsd } from "../lib/money";

/**
 * A bonus amount as every screen shows it: whole dollars (docs/product-spec.md §9). One with cents carries the exact amount
 * in a tooltip; a whole one stays plain text.
 */
export function BonusAmount({ amount }: { amount: number }) {
  const exact = bonusExact(amount);
  return exact ? <span title={exact}>{bonusUsd(amount)}</span> : bonusUsd(amount);
}
