import { formatUsd } from "../../lib/format";

// Spec §9: bonus amounts show without decimals ("$75"). Amounts arrive as USD numbers; sums go through
// whole micro-dollars, as the server keeps money (DESIGN.md §3), so $0.10 + $0.20 stays $0.30.
const MICROS = 1_000_000;

/** "$75"; a bonus with cents (the admin form allows steps of 0.01) keeps them, so no amount is misstated. */
export const bonusUsd = (amount: number) => formatUsd(amount, Number.isInteger(amount) ? 0 : 2);

export const sumUsd = (amounts: number[]) => amounts.reduce((sum, a) => sum + Math.round(a * MICROS), 0) / MICROS;

/**
 * Hours left (the API's `timeRemaining`, fractional) as hours and minutes, rounded down so the panel
 * never promises time that is not there: 23.57 → "23h 34m", 0.5 → "0h 30m", under a minute → "less than 1m".
 */
export function formatTimeLeft(hours: number): string {
  const minutes = Math.floor(Math.max(0, hours) * 60);
  if (minutes < 1) return "less than 1m";
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}
