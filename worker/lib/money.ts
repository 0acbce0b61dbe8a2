// Money is integer micro-dollars in the server; USD numbers exist only at the API edge (docs/architecture.md §3).
import { MICROS_PER_USD } from "../../common/money";
import { MINIMUM_PAYOUT_USD } from "../../common/payouts";
import { formatUsd } from "../../common/usd";

/** Micro-dollars to a USD number for JSON (exact to the micro-dollar; sums never happen on these). */
export const usd = (micros: number | bigint) => Number(micros) / MICROS_PER_USD;

/** A USD amount typed by an admin to micro-dollars, refusing sub-micro precision instead of rounding silently. */
export function microsFromUsd(amount: number): number | null {
  const micros = Math.round(amount * MICROS_PER_USD);
  return Math.abs(micros - amount * MICROS_PER_USD) < 1e-6 && Number.isSafeInteger(micros) ? micros : null;
}

/** The smallest payout a member may request (common/payouts.ts). */
export const MINIMUM_PAYOUT_MICROS = MINIMUM_PAYOUT_USD * MICROS_PER_USD;

/** "$12.35", "$0.003", "−$15.00": micro-dollars written by the screens' one rule (docs/decisions/032), for messages. */
export const usdText = (micros: number) => formatUsd(usd(micros));
