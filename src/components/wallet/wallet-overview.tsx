import { formatUsd, formatUtcDate } from "../../lib/format";
import { sumUsd } from "../../lib/money";
import type { EarningRulesJson, WalletJson } from "../../lib/types";
import { BalanceCard, type BalanceLine } from "./balance-card";
import { HowEarningsWork } from "./how-earnings-work";

// Each card lists what its balance is made of, so the lines add up to it as displayed: every figure is
// written exactly (docs/decisions/032), and the server says how much of the payments each side gave
// (viewer first, then creator; docs/architecture.md §3), so a card never recomputes that split. Payments
// lower a balance as soon as they are recorded, pending or not, but only completed ones count as paid.
// Earnings a fraud review took back stay in the gross "earned" lines and come off as their own line
// (docs/decisions/019).
const earned = (amount: number) => formatUsd(amount);
/** An amount that comes off the balance, with its minus sign ("−$5.521"); nothing off reads "$0.00". */
const off = (amount: number) => formatUsd(-amount);
const reversedLine = (amount: number): BalanceLine[] => (amount > 0 ? [["Reversed after review", off(amount)]] : []);

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
            ["Paid out", off(wallet.paid_out)],
            ["Payout pending", off(wallet.pending_payouts)],
          ]}
          // Payments draw on the available part only; the pending part waits out its hold.
          // An open payout request sets its amount aside (decision 036): part of the balance, not available.
          split={[
            ["Available", earned(wallet.available_balance)],
            ...(wallet.reserved_payout > 0 ? [["Payout requested", earned(wallet.reserved_payout)] satisfies BalanceLine] : []),
            ["Pending", earned(wallet.pending_balance)],
          ]}
        >
          {wallet.next_available_at ? (
            <p className="mt-1 text-xs text-slate-400">Next release {formatUtcDate(wallet.next_available_at)}</p>
          ) : null}
          <PayoutStatus available={wallet.available_balance} minimum={wallet.minimum_payout} requested={wallet.reserved_payout} />
        </BalanceCard>
        <BalanceCard
          title="Viewer Earnings"
          amount={wallet.viewer_balance}
          details={[
            ["Earned watching", earned(wallet.viewer_earnings)],
            ["Bonuses", earned(wallet.bonuses)],
            ...reversedLine(wallet.viewer_reversed),
            ["Payouts", off(wallet.viewer_payouts)],
          ]}
          split={[["Pending", earned(wallet.viewer_pending)]]}
        />
        <BalanceCard
          title="Creator Earnings"
          amount={wallet.creator_balance}
          details={[
            ["Earned from your content", earned(wallet.creator_earnings)],
            ...reversedLine(wallet.creator_reversed),
            ["Payouts", off(wallet.creator_payouts)],
          ]}
          split={[["Pending", earned(wallet.creator_pending)]]}
        />
      </div>
      <HowEarningsWork rules={rules} minimumPayout={wallet.minimum_payout} />
    </div>
  );
}

/**
 * Eligibility counts the available balance only, as a payment may draw on nothing else. While a request is
 * open its amount is set aside, so "more to reach the minimum" would read as if the member had to start over.
 */
function PayoutStatus({ available, minimum, requested }: { available: number; minimum: number; requested: number }) {
  if (requested > 0) {
    return <p className="mt-4 text-sm font-medium text-violet-300">Payout of {formatUsd(requested)} requested</p>;
  }
  if (available >= minimum) {
    return <p className="mt-4 text-sm font-medium text-emerald-400">✓ Eligible for payout</p>;
  }
  return (
    <p className="mt-4 text-sm text-slate-400">
      {formatUsd(sumUsd([minimum, -available]))} more to reach the {formatUsd(minimum)} minimum payout
    </p>
  );
}
