// Money is integer micro-dollars in the server; USD numbers exist only at the API edge (docs/architecture.md §3).
import { MICROS_PER_USD } from "../../common/money";

export { MICROS_PER_USD };

/** Micro-dollars to a USD number for JSON (exact to the micro-dollar; sums never happen on these). */
export const usd = (micros: number | bigint) => Number(micros) / MICROS_PER_USD;

/** A USD amount typed by an admin to micro-dollars, refusing sub-micro precision instead of rounding silently. */
export function microsFromUsd(amount: number): number | null {
  const micros = Math.round(amount * MICROS_PER_USD);
  return Math.abs(micros - amount * MICROS_PER_USD) < 1e-6 && Number.isSafeInteger(micros) ? micros : null;
}

export const MINIMUM_PAYOUT_MICROS = 25 * MICROS_PER_USD;

/**
 * "$12.35": whole cents (or `decimals` places, up to 6), rounded half up, from micro-dollars with integer
 * arithmetic (for messages).
 */
export function usdText(micros: number, decimals = 2): string {
  const unit = 10 ** (6 - decimals);
  const units = Math.floor((Math.abs(micros) + unit / 2) / unit);
  const whole = 10 ** decimals;
  const fraction = decimals > 0 ? `.${String(units % whole).padStart(decimals, "0")}` : "";
  return `${micros < 0 ? "-" : ""}$${Math.floor(units / whole)}${fraction}`;
}
