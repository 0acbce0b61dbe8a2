import { formatUsd } from "../../lib/format";
import type { EarningRulesJson, WalletJson } from "../../lib/types";
import { BalanceCard } from "./balance-card";
import { HowEarningsWork } from "./how-earnings-work";
import { sumUsd } from "../../lib/money";

/** Overview tab: the total with payout eligibility, the two balances, and how earning works. */
export function WalletOverview({ wallet, rules }: { wallet: WalletJson; rules: EarningRulesJson }) {
  const total = sumUsd([wallet.viewer_balance, wallet.creator_balance]);
  return (
    <div className="space-y-6">
      <div className="grid gap-6 md:grid-cols-3">
        <BalanceCard title="Total Balance" amount={total} details={[["Paid out", formatUsd(wallet.paid_out, 2)]]}>
          <PayoutStatus total={total} minimum={wallet.minimum_payout} />
        </BalanceCard>
        <BalanceCard
          title="Viewer Earnings"
          amount={wallet.viewer_balance}
          details={[
            ["Earned watching", formatUsd(wallet.viewer_earnings, 3)],
            ["Bonuses", formatUsd(wallet.bonuses, 3)],
          ]}
        />
        <BalanceCard
          title="Creator Earnings"
          amount={wallet.creator_balance}
          details={[["Earned from your content", formatUsd(wallet.creator_earnings, 3)]]}
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
