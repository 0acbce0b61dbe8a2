import { useQuery, useQueryClient } from "@tanstack/react-query";
import { getPayments, getPayoutRequests, getWallet } from "../lib/earnings-api";
import { queryKeys } from "../lib/query-keys";
import type { PaymentJson } from "../../common/schemas/payments";
import type { PayoutRequestJson } from "../../common/schemas/payout-requests";
import type { WalletJson } from "../../common/schemas/wallet";
import { useUserId } from "../stores/auth";

/** docs/product-spec.md §9: wallet data refreshes this often. */
const WALLET_REFRESH_MS = 60_000;

/** What the wallet shows until (or unless) the server answers: zeros, and the $25.00 threshold. */
export const emptyWallet: WalletJson = {
  viewer_balance: 0,
  creator_balance: 0,
  viewer_earnings: 0,
  creator_earnings: 0,
  bonuses: 0,
  signon_bonus: 0,
  viewer_adjustments: 0,
  creator_adjustments: 0,
  adjustments: [],
  viewer_payouts: 0,
  creator_payouts: 0,
  paid_out: 0,
  payout_in_flight: 0,
  pending_payouts: 0,
  reserved_payout: 0,
  minimum_payout: 25,
  available_balance: 0,
  pending_balance: 0,
  viewer_available: 0,
  creator_available: 0,
  viewer_pending: 0,
  creator_pending: 0,
  viewer_reversed: 0,
  creator_reversed: 0,
  viewer_reversed_by: { review: 0, takedown: 0, suspension: 0 },
  creator_reversed_by: { review: 0, takedown: 0, suspension: 0 },
  viewer_given_back: 0,
  creator_given_back: 0,
  next_available_at: null,
};

// Polled while the wallet is open, also in a background tab, as the screen's own timer did before.
const polled = { refetchInterval: WALLET_REFRESH_MS, refetchIntervalInBackground: true } as const;

export type WalletData = { wallet: WalletJson; payments: PaymentJson[]; loaded: boolean };

/**
 * The signed-in user's wallet and payments, refreshed every 60 s and whenever the earnings run credits
 * something (it invalidates both). Failures are logged only (docs/product-spec.md §8): the screen keeps
 * what it last showed, zeros and no payments before anything arrived. `loaded` once both have answered.
 */
export function useWalletData(): WalletData {
  const userId = useUserId();
  const wallet = useQuery({
    queryKey: queryKeys.wallet(userId),
    queryFn: ({ signal }) => getWallet(signal),
    ...polled,
    meta: { failure: "Failed to load wallet" },
  });
  const payments = useQuery({
    queryKey: queryKeys.payments(userId),
    queryFn: ({ signal }) => getPayments(signal).then((answer) => answer.payments),
    ...polled,
    meta: { failure: "Failed to load payments" },
  });
  return {
    wallet: wallet.data ?? emptyWallet,
    payments: payments.data ?? [],
    loaded: !wallet.isPending && !payments.isPending,
  };
}

/**
 * The member's payout requests, destination and pace (GET /api/me/payout-requests; docs/decisions/036, 066).
 * The request card and the Total Balance card's payout line share this one query.
 */
export function usePayoutRequests() {
  const userId = useUserId();
  return useQuery({
    queryKey: queryKeys.payoutRequests(userId),
    queryFn: ({ signal }) => getPayoutRequests(signal),
    // A request's fate (sent in a batch, paid, returned) shows as soon as the wallet's own poll would show it.
    ...polled,
    meta: { failure: "Failed to load payout requests" },
  });
}

/** What the wallet and the request list must show again after a request or the destination changes. */
export function useRefreshPayouts() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [queryKeys.payoutRequests(null), queryKeys.wallet(null)].map(([kind]) =>
        client.invalidateQueries({ queryKey: [kind] }),
      ),
    );
}

/** The request on its way (open, or sent in a payout batch; one at a time), if any. */
export const inFlightRequest = (requests: PayoutRequestJson[] | undefined) =>
  requests?.find((r) => r.status === "open" || r.status === "sent");
