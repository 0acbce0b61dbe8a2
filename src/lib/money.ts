import { formatUsd } from "./format";

// Amounts arrive from the API as USD numbers. Adding them as floats could show $0.006999… as $0.007 one day
// and $0.006 the next, so every sum goes through whole micro-dollars, as the server keeps money (DESIGN.md §3).
export const MICROS_PER_USD = 1_000_000;

export const sumUsd = (amounts: number[]) =>
  amounts.reduce((sum, amount) => sum + Math.round(amount * MICROS_PER_USD), 0) / MICROS_PER_USD;

/**
 * Bonus amounts show without cents ("$75", spec §9), but a bonus with cents (the admin step is 0.01) keeps
 * them, so the screen never shows an amount that differs from the record.
 */
export const bonusUsd = (amount: number) => formatUsd(amount, Number.isInteger(amount) ? 0 : 2);
