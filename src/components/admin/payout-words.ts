import { BATCH_METHODS as BATCH_PAYOUT_METHODS } from "../../../common/payouts";
import { formatUsd, sumUsd } from "./money";

// How the payout screens word counts and totals (docs/decisions/066), one way for the panel, the batches and
// the result dialog. Amounts are payments: whole cents, two decimals (docs/product-spec.md §9).

/** "1 request", "3 requests". */
const requestsText = (count: number) => `${count.toLocaleString("en-US")} ${count === 1 ? "request" : "requests"}`;

/** "3 requests · $75.00 total": what a batch sends (or sent). */
export const batchSizeText = (count: number, totalUsd: number) =>
  `${requestsText(count)} · ${formatUsd(totalUsd)} total`;

/** The same for the requests themselves. */
export const requestsSizeText = (requests: { amount_usd: number }[]) =>
  batchSizeText(requests.length, sumUsd(requests.map((r) => r.amount_usd)));

/** "2 paid ($50.00), 1 returned ($25.00)": what a recorded batch came to. */
export const batchOutcomeText = (b: {
  paid_count: number;
  paid_usd: number;
  returned_count: number;
  returned_usd: number;
}) =>
  `${b.paid_count.toLocaleString("en-US")} paid (${formatUsd(b.paid_usd)}), ${b.returned_count.toLocaleString("en-US")} returned (${formatUsd(b.returned_usd)})`;

/**
 * The methods a batch pays (common/payouts.ts). The server decides (it refuses any other method with its
 * reason); the panel only offers what it takes.
 */
export const BATCH_METHODS: ReadonlySet<string> = new Set(BATCH_PAYOUT_METHODS);
