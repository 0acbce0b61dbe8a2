import { formatUsd, formatUtcDate } from "../../lib/format";
import { bonusExact, bonusUsd, sumUsd } from "../../lib/money";
import type { EarningRulesJson, WalletJson } from "../../lib/types";
import { BalanceCard, type BalanceLine } from "./balance-card";
import { HowEarningsWork } from "./how-earnings-work";

// Each card lists what its balance is made of, so the lines add up to it: earnings 3 decimals like the
// balances, bonuses whole dollars, payments 2 (docs/product-spec.md §9). Payments lower a balance as soon as they are
// recorded, pending or not (docs/architecture.md §3), but only completed ones count as paid. Earnings a fraud
// review took back stay in the gross "earned" lines and come off as their own line (docs/decisions/019).
const earned = (amount: number) => formatUsd(amount, 3);
const payout = (amount: number) => (amount === 0 ? formatUsd(0, 2) : `−${formatUsd(amount, 2)}`);
const reversedLine = (amount: number): BalanceLine[] => (amount > 0 ? [["Reversed after review", `−${formatUsd(amount, 3)}`]] : []);

/** Overview tab: the total with what can be paid now, the two balances, and how earning works. */
export function WalletOverview({ wallet, rules }: { wallet: WalletJson; rules: EarningRulesJson }) {
  const total = sumUsd([wallet.viewer_balance, wallet.creator_balance]);
  const totalEarned = sumUsd([wallet.viewer_earnings, wallet.bonuses, wallet.creator_earnings]);
  const totalReversed = sumUsd([wallet.viewer_reversed, wallet.creator_reversed]);
  return (
    <div className="space-y-6">
      <div className="grid gap-6 md:grid-cols-3">
        <BalanceCard
          title="Total Balance"
          amount={total}
          details={[
            ["Total earned", earned(totalEarned)],
            ...reversedLine(totalReversed),
            ["Paid out", payout(wallet.paid_out)],
            ["Payout pending", payout(wallet.pending_payouts)],
          ]}
          // Payments draw on the available part only; the pending part waits out its hold.
          split={[
            ["Available", earned(wallet.available_balance)],
            ["Pending", earned(wallet.pending_balance)],
          ]}
        >
          {wallet.next_available_at ? (
            <p className="mt-1 text-xs text-slate-400">Next release {formatUtcDate(wallet.next_available_at)}</p>
          ) : null}
          <PayoutStatus available={wallet.available_balance} minimum={wallet.minimum_payout} />
        </BalanceCard>
        <BalanceCard
          title="Viewer Earnings"
          amount={wallet.viewer_balance}
          details={[
            ["Earned watching", earned(wallet.viewer_earnings)],
            ["Bonuses", bonusUsd(wallet.bonuses), bonusExact(wallet.bonuses)],
            ...reversedLine(wallet.viewer_reversed),
            ["Payouts", payout(wallet.viewer_payouts)],
          ]}
          split={[["Pending", earned(wallet.viewer_pending)]]}
        />
        <BalanceCard
          title="Creator Earnings"
          amount={wallet.creator_balance}
          details={[
            ["Earned from your content", earned(wallet.creator_earnings)],
            ...reversedLine(wallet.creator_reversed),
            ["Payouts", payout(wallet.creator_payouts)],
          ]}
          split={[["Pending", earned(wallet.creator_pending)]]}
        />
      </div>
      <HowEarningsWork rules={rules} minimumPayout={wallet.minimum_payout} />
    </div>
  );
}

/** Eligibility counts the available balance only, as a payment may draw on nothing else. */
function PayoutStatus({ available, minimum }: { available: number; minimum: number }) {
  if (available >= minimum) {
    return <p className="mt-4 text-sm font-medium text-emerald-400">✓ Eligible for payout</p>;
  }
  return (
    <p className="mt-4 text-sm text-slate-400">
      {formatUsd(sumUsd([minimum, -available]), 3)} more to reach the {formatUsd(minimum, 2)} minimum payout
    </p>
  );
}
