import { formatUsd } from "../../lib/format";
import { bonusExact, bonusUsd, sumUsd } from "../../lib/money";
import type { EarningRulesJson, WalletJson } from "../../lib/types";
import { BalanceCard } from "./balance-card";
import { HowEarningsWork } from "./how-earnings-work";

// Each card lists what its balance is made of, so the lines add up to it: earnings 3 decimals like the
// balances, bonuses whole dollars, payments 2 (docs/product-spec.md §9). Payments lower a balance as soon as they are
// recorded, pending or not (docs/architecture.md §3), but only completed ones count as paid.
const earned = (amount: number) => formatUsd(amount, 3);
const payout = (amount: number) => (amount === 0 ? formatUsd(0, 2) : `−${formatUsd(amount, 2)}`);

/** Overview tab: the total with payout eligibility, the two balances, and how earning works. */
export function WalletOverview({ wallet, rules }: { wallet: WalletJson; rules: EarningRulesJson }) {
  const total = sumUsd([wallet.viewer_balance, wallet.creator_balance]);
  const totalEarned = sumUsd([wallet.viewer_earnings, wallet.bonuses, wallet.creator_earnings]);
  return (
    <div className="space-y-6">
      <div className="grid gap-6 md:grid-cols-3">
        <BalanceCard
          title="Total Balance"
          amount={total}
          details={[
            ["Total earned", earned(totalEarned)],
            ["Paid out", payout(wallet.paid_out)],
            ["Payout pending", payout(wallet.pending_payouts)],
          ]}
        >
          <PayoutStatus total={total} minimum={wallet.minimum_payout} />
        </BalanceCard>
        <BalanceCard
          title="Viewer Earnings"
          amount={wallet.viewer_balance}
          details={[
            ["Earned watching", earned(wallet.viewer_earnings)],
            ["Bonuses", bonusUsd(wallet.bonuses), bonusExact(wallet.bonuses)],
            ["Payouts", payout(wallet.viewer_payouts)],
          ]}
        />
        <BalanceCard
          title="Creator Earnings"
          amount={wallet.creator_balance}
          details={[
            ["Earned from your content", earned(wallet.creator_earnings)],
            ["Payouts", payout(wallet.creator_payouts)],
          ]}
        />
      </div>
      <HowEarningsWork rules={rules} minimumPayout={wallet.minimum_payout} />
    </div>
  );
}

function PayoutStatus({ total, minimum }: { total: number; minimum: number }) {
  if (total >= minimum) {
    return <p className="mt-4 text-sm font-medium text-emerald-400">✓ Eligible for payout</p>;
  }
  return (
    <p className="mt-4 text-sm text-slate-400">
      {formatUsd(sumUsd([minimum, -total]), 3)} more to reach the {formatUsd(minimum, 2)} minimum payout
    </p>
  );
}
