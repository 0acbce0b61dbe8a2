import type { WalletJson } from "../../../common/schemas/wallet";
import type { BalanceParts } from "../../db/queries/wallet/balance-parts";
import type { Adjustment } from "../../db/queries/wallet/wallet";
import { balancesOf } from "../../domain/wallet/balances";
import { MINIMUM_PAYOUT_MICROS, usd } from "../../lib/money";

/** The caller's wallet from its record sums (docs/architecture.md §8 step 8; docs/decisions/066). */
export function walletJson(parts: BalanceParts, nextAvailableAt: string | null, adjustments: Adjustment[]): WalletJson {
  const b = balancesOf(parts);
  const byCause = (total: number, takedown: number, suspension: number) => ({
    review: usd(total - takedown - suspension),
    takedown: usd(takedown),
    suspension: usd(suspension),
  });
  return {
    viewer_balance: usd(b.viewerBalance),
    creator_balance: usd(b.creatorBalance),
    viewer_earnings: usd(parts.viewerRewards),
    creator_earnings: usd(parts.creatorRewards),
    bonuses: usd(parts.awardedBonuses),
    signon_bonus: usd(parts.awardedBonuses - parts.manualBonuses),
    viewer_adjustments: usd(parts.manualBonuses),
    creator_adjustments: usd(parts.manualEarnings),
    adjustments: adjustments.map((a) => ({
      side: a.side,
      amount_usd: usd(a.amountMicros),
      description: a.description,
      created_at: a.createdAt,
    })),
    viewer_payouts: usd(b.fromViewer),
    creator_payouts: usd(b.fromCreator),
    paid_out: usd(b.paidOut),
    payout_in_flight: usd(b.inFlight),
    pending_payouts: usd(parts.pendingPayments),
    reserved_payout: usd(parts.reservedPayouts),
    minimum_payout: usd(MINIMUM_PAYOUT_MICROS),
    available_balance: usd(b.available),
    pending_balance: usd(b.pending),
    viewer_available: usd(b.viewerAvailable),
    creator_available: usd(b.creatorAvailable),
    viewer_pending: usd(parts.viewerPending),
    creator_pending: usd(parts.creatorPending),
    viewer_reversed: usd(parts.viewerReversed),
    creator_reversed: usd(parts.creatorReversed),
    viewer_reversed_by: byCause(parts.viewerReversed, parts.viewerReversedTakedown, parts.viewerReversedSuspension),
    creator_reversed_by: byCause(parts.creatorReversed, parts.creatorReversedTakedown, parts.creatorReversedSuspension),
    viewer_given_back: usd(parts.viewerGivenBack),
    creator_given_back: usd(parts.creatorGivenBack),
    next_available_at: nextAvailableAt,
  };
}
