import type { MoneyStep } from "../../../common/money";
import { formatUsd } from "../../lib/format";
import { MICROS_PER_USD } from "../../lib/money";

// Display decimals (docs/product-spec.md §9): balances 3, earnings totals, report and payments 2, bonus amounts 0.
// Every amount also carries its exact value in a tooltip, as the wallet does.

const MICROS = MICROS_PER_USD;

// One definition of each for the whole SPA (src/lib/money.ts); re-exported for the admin screens.
export { bonusExact, bonusUsd, sumUsd } from "../../lib/money";

export const usd2 = (amount: number) => formatUsd(amount, 2);
export const usd3 = (amount: number) => formatUsd(amount, 3);
export const exactUsd = (amount: number) => formatUsd(amount, 2, 6);


/** What a number field holds as a number, or null when it is empty or not a number. */
export function readAmount(text: string): number | null {
  if (text.trim() === "") return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/**
 * Checks a typed amount against the field's rules (min 0, a multiple of `step`), the way the server will,
 * so the form can say what is wrong before sending. Browsers' own number checks are not used: they differ
 * between engines for decimal steps.
 */
export function amountProblem(text: string, step: MoneyStep): string | null {
  if (text.trim() === "") return null;
  const value = readAmount(text);
  if (value === null) return "Enter an amount in dollars";
  if (value < 0) return "The amount cannot be negative";
  const micros = value * MICROS;
  const stepMicros = Math.round(step * MICROS);
  if (Math.abs(micros - Math.round(micros)) > 1e-6 || Math.round(micros) % stepMicros !== 0) {
    return `Use steps of ${step} (at most ${String(step).split(".")[1]?.length ?? 0} decimals)`;
  }
  return null;
}
