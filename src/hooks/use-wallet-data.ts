import { useEffect, useState } from "react";
import { describeFailure } from "../lib/api";
import { getPayments, getWallet } from "../lib/earnings-api";
import type { PaymentJson, WalletJson } from "../lib/types";
import { useEarnings } from "../stores/earnings";
import { useInterval } from "./use-interval";

/** docs/product-spec.md §9: wallet data refreshes this often. */
export const WALLET_REFRESH_MS = 60_000;

/** What the wallet shows until (or unless) the server answers: zeros, and the $25.00 threshold. */
export const emptyWallet: WalletJson = {
  viewer_balance: 0,
  creator_balance: 0,
  viewer_earnings: 0,
  creator_earnings: 0,
  bonuses: 0,
  viewer_payouts: 0,
  creator_payouts: 0,
  paid_out: 0,
  pending_payouts: 0,
  minimum_payout: 25,
  available_balance: 0,
  pending_balance: 0,
  viewer_pending: 0,
  creator_pending: 0,
  viewer_reversed: 0,
  creator_reversed: 0,
  next_available_at: null,
};

export type WalletData = { wallet: WalletJson; payments: PaymentJson[]; loaded: boolean };

/**
 * The signed-in user's wallet and payments, refreshed every 60 s and whenever the earnings job credits
 * something (the earnings store's version). Failures are logged only (docs/product-spec.md §8): the screen keeps what
 * it last showed, zeros and no payments before anything arrived.
 */
export function useWalletData(): WalletData {
  const version = useEarnings((s) => s.version);
  const [tick, setTick] = useState(0);
  const [data, setData] = useState<WalletData>({ wallet: emptyWallet, payments: [], loaded: false });
  useInterval(() => setTick((n) => n + 1), WALLET_REFRESH_MS);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    void Promise.allSettled([getWallet(signal), getPayments(signal)]).then(([wallet, payments]) => {
      if (signal.aborted) return;
      if (wallet.status === "rejected") console.error(describeFailure("Failed to load wallet", wallet.reason));
      if (payments.status === "rejected") console.error(describeFailure("Failed to load payments", payments.reason));
      setData((prev) => ({
        wallet: wallet.status === "fulfilled" ? wallet.value : prev.wallet,
        payments: payments.status === "fulfilled" ? payments.value.payments : prev.payments,
        loaded: true,
      }));
    });
    return () => controller.abort();
  }, [version, tick]);

  return data;
}
