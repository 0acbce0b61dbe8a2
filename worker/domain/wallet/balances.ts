import type { BalanceParts } from "../../db/queries/balance-parts";

// A wallet is the sum of its records (docs/architecture.md §3). Payments are drawn from the viewer balance
// first, then from the creator balance. Held credits (decision 019) are part of the balances but not of
// what is available for payment.
export function balancesOf(p: BalanceParts) {
  const viewerGross = p.viewerRewards + p.awardedBonuses - p.viewerReversed;
  const creatorGross = p.creatorRewards + p.manualEarnings - p.creatorReversed;
  const fromViewer = Math.min(p.payments, Math.max(viewerGross, 0));
  const fromCreator = p.payments - fromViewer;
  const pending = p.viewerPending + p.creatorPending;
  return {
    viewerGross,
    creatorGross,
    // What the payments took from each side, so each side's lines add up to its balance on screen.
    fromViewer,
    fromCreator,
    viewerBalance: viewerGross - fromViewer,
    creatorBalance: creatorGross - fromCreator,
    pending,
    // The same amount the payment guard computes in SQL (balance-parts.ts availableSql).
    // Open payout requests reserve their amounts (decision 036): still in the balances, not available.
    available: viewerGross + creatorGross - p.payments - pending - p.reservedPayouts,
  };
}
