// A wallet is the sum of its records (docs/architecture.md §3). Payments are drawn from the viewer balance first,
// then from the creator balance.
export type WalletTotals = {
  viewerRewards: number;
  awardedBonuses: number;
  creatorRewards: number;
  manualEarnings: number;
  payments: number;
};

export function balancesOf(t: WalletTotals) {
  const viewerGross = t.viewerRewards + t.awardedBonuses;
  const creatorGross = t.creatorRewards + t.manualEarnings;
  const fromViewer = Math.min(t.payments, Math.max(viewerGross, 0));
  const fromCreator = t.payments - fromViewer;
  return {
    viewerGross,
    creatorGross,
    // What the payments took from each side, so each side's lines add up to its balance on screen.
    fromViewer,
    fromCreator,
    viewerBalance: viewerGross - fromViewer,
    creatorBalance: creatorGross - fromCreator,
  };
}
