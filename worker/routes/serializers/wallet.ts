import type { WalletJson } from "../../../common/api-types";
import type { BalanceParts } from "../../db/queries/balance-parts";
import { balancesOf } from "../../domain/wallet/balances";
import { MINIMUM_PAYOUT_MICROS, usd } from "../../lib/money";

/** The caller's wallet from its record sums (docs/architecture.md §8 step 8). */
export function walletJson(parts: BalanceParts, nextAvailableAt: string | null): WalletJson {
  const b = balancesOf(parts);
  return {
    viewer_balance: usd(b.viewerBalance),
    creator_balance: usd(b.creatorBalance),
    viewer_earnings: usd(parts.viewerRewards),
    creator_earnings: usd(parts.creatorRewards + parts.manualEarnings),
    bonuses: usd(parts.awardedBonuses),
    viewer_payouts: usd(b.fromViewer),
    creator_payouts: usd(b.fromCreator),
    paid_out: usd(parts.payments - parts.pendingPayments),
    pending_payouts: usd(parts.pendingPayments),
    minimum_payout: usd(MINIMUM_PAYOUT_MICROS),
    available_balance: usd(b.available),
    reserved_payout: usd(parts.reservedPayouts),
    pending_balance: usd(b.pending),
    viewer_pending: usd(parts.viewerPending),
    creator_pending: usd(parts.creatorPending),
    viewer_reversed: usd(parts.viewerReversed),
    creator_reversed: usd(parts.creatorReversed),
    next_available_at: nextAvailableAt,
  };
}
