import { formatUsd } from "./format";

// Amounts arrive from the API as USD numbers. Adding them as floats could show $0.006999… as $0.007 one day
// and $0.006 the next, so every sum goes through whole micro-dollars, as the server keeps money (docs/architecture.md §3).
import { MICROS_PER_USD } from "../../common/money";

export { MICROS_PER_USD };

export const sumUsd = (amounts: number[]) =>
  amounts.reduce((sum, amount) => sum + Math.round(amount * MICROS_PER_USD), 0) / MICROS_PER_USD;

/**
 * Bonus amounts show without cents everywhere ("$75", docs/product-spec.md §9), so one list never mixes "$5.50" and "$6".
 * A bonus may still have cents (the admin step is 0.01): `bonusExact` is then the exact amount, for a
 * tooltip, so nothing is rounded away out of reach. Screens use <BonusAmount>, which shows both.
 */
export const bonusUsd = (amount: number) => formatUsd(amount, 0);
export const bonusExact = (amount: number) => (Number.isInteger(amount) ? undefined : formatUsd(amount, 2, 6));
