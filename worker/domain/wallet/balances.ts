import type { BalanceParts } from "../../db/queries/wallet/balance-parts";

// A wallet is the sum of its records (docs/architecture.md §3). Each payout (paid, or in flight: a pending
// payment or a request open or sent in a batch) drew a fixed part from the viewer side's available money and
// the rest from the creator side's when it was made (docs/decisions/066), so a payout never draws held money
// and a side's "Payouts" line never moves when held money is released later. Held credits (decision 019)
// are part of the balances but not of what is available.
export function balancesOf(p: BalanceParts) {
  const viewerGross = p.viewerRewards + p.awardedBonuses - p.viewerReversed;
  const creatorGross = p.creatorRewards + p.manualEarnings - p.creatorReversed;
  // Paid out and in flight: both have left what the member can spend.
  const drawn = p.payments + p.reservedPayouts;
  const fromViewer = p.viewerDrawn;
  const fromCreator = drawn - fromViewer;
  const viewerBalance = viewerGross - fromViewer;
  const creatorBalance = creatorGross - fromCreator;
  const viewerAvailable = viewerBalance - p.viewerPending;
  const creatorAvailable = creatorBalance - p.creatorPending;
  return {
    viewerGross,
    creatorGross,
    fromViewer,
    fromCreator,
    viewerBalance,
    creatorBalance,
    viewerAvailable,
    creatorAvailable,
    pending: p.viewerPending + p.creatorPending,
    // The same amount the payment guard computes in SQL (balance-parts.ts availableSql).
    available: viewerAvailable + creatorAvailable,
    paidOut: p.payments - p.pendingPayments,
    inFlight: p.pendingPayments + p.reservedPayouts,
  };
}
