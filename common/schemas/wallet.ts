import { z } from "zod";

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

/** GET /api/me/wallet: balances in USD (derived from records; docs/architecture.md §3). */
export const walletOut = z.object({
  viewer_balance: z.number(),
  creator_balance: z.number(),
  /** Gross amounts before payments, for the wallet's cards. */
  viewer_earnings: z.number(),
  creator_earnings: z.number(),
  bonuses: z.number(),
  /** Payments (pending or completed) drawn from each side: viewer first, then creator (docs/architecture.md §3). */
  viewer_payouts: z.number(),
  creator_payouts: z.number(),
  /** Completed payments only; pending ones are in `pending_payouts` (both already lower the balances). */
  paid_out: z.number(),
  pending_payouts: z.number(),
  minimum_payout: z.number(),
  /**
   * Held earnings (docs/decisions/019): view rewards and sign-on bonuses are pending for the holding period
   * (or while a fraud review covers them); everything else is available. Payments draw on the available
   * balance only. available_balance + pending_balance + reserved_payout = viewer_balance + creator_balance.
   */
  available_balance: z.number(),
  /** What the member's open payout request reserves (docs/decisions/036): in the balances, not available. */
  reserved_payout: z.number(),
  pending_balance: z.number(),
  /** The pending part of each side (viewer_pending + creator_pending = pending_balance). */
  viewer_pending: z.number(),
  creator_pending: z.number(),
  /**
   * Earnings a fraud review took back from each side (positive amounts; already out of the balances); the
   * viewer side includes a sign-on bonus taken back (docs/decisions/031).
   */
  viewer_reversed: z.number(),
  creator_reversed: z.number(),
  /** When the next pending amount becomes available (null when nothing waits on the clock). */
  next_available_at: z.string().nullable(),
});
export type WalletJson = z.output<typeof walletOut>;
