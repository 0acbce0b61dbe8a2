import { z } from "zod";

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

/** An admin's credit, shown with the admin's description (docs/decisions/066): never as content earnings. */
const walletAdjustmentOut = z.object({
  /** viewer: a manual bonus; creator: a manual earning. */
  side: z.enum(["viewer", "creator"]),
  amount_usd: z.number(),
  description: z.string(),
  created_at: z.string(),
});

/** What reversals took back from one side, by cause (positive amounts; the parts add up to the side's total). */
const reversedByCauseOut = z.object({
  /** A fraud review's rule (and a sign-on bonus taken back on review). */
  review: z.number(),
  /** The content was taken down by moderation. */
  takedown: z.number(),
  /** A party of the view was suspended. */
  suspension: z.number(),
});

/**
 * GET /api/me/wallet: balances in USD (derived from records; docs/architecture.md §3, docs/decisions/066).
 * Each side: balance = what it earned − reversed − payouts (paid and in flight) = available + pending.
 */
export const walletOut = z.object({
  viewer_balance: z.number(),
  creator_balance: z.number(),
  /** View rewards for watching (gross, before reversals and payouts). */
  viewer_earnings: z.number(),
  /** View rewards from the member's content (gross); admin credits are in `creator_adjustments`. */
  creator_earnings: z.number(),
  /** Every awarded bonus (sign-on and manual) = signon_bonus + viewer_adjustments. */
  bonuses: z.number(),
  /** Awarded sign-on bonus (viewer side). */
  signon_bonus: z.number(),
  /** Adjustments by Reelpay: manual bonuses (viewer side) and manual earnings (creator side). */
  viewer_adjustments: z.number(),
  creator_adjustments: z.number(),
  /** The newest admin credits (up to 20) with their descriptions. */
  adjustments: z.array(walletAdjustmentOut),
  /**
   * Payouts drawn from each side, paid and in flight: each payout drew the viewer side's available money
   * first and the rest from the creator side, fixed when it was made (docs/decisions/066).
   */
  viewer_payouts: z.number(),
  creator_payouts: z.number(),
  /** Completed payments net of corrections. */
  paid_out: z.number(),
  /** Money on its way: payments recorded as pending plus the request open or sent in a batch. One line. */
  payout_in_flight: z.number(),
  /** The two parts of `payout_in_flight`. */
  pending_payouts: z.number(),
  reserved_payout: z.number(),
  minimum_payout: z.number(),
  /**
   * Held earnings (docs/decisions/019): view rewards and sign-on bonuses are pending for the holding period
   * (or while a fraud review covers them); everything else is available. Payouts draw on the available
   * balance only. available_balance + pending_balance = viewer_balance + creator_balance.
   */
  available_balance: z.number(),
  pending_balance: z.number(),
  /** Each side's parts: viewer_available + viewer_pending = viewer_balance, and so for the creator side. */
  viewer_available: z.number(),
  creator_available: z.number(),
  viewer_pending: z.number(),
  creator_pending: z.number(),
  /** Reversals on each side (positive amounts; already out of the balances); the viewer side includes a sign-on bonus taken back. */
  viewer_reversed: z.number(),
  creator_reversed: z.number(),
  viewer_reversed_by: reversedByCauseOut,
  creator_reversed_by: reversedByCauseOut,
  /**
   * The part of `viewer_earnings` / `creator_earnings` that granted appeals gave back after a takedown or suspension
   * reversed it (docs/decisions/096): the reversal stays in the reversed lines, so the lines still add up.
   */
  viewer_given_back: z.number(),
  creator_given_back: z.number(),
  /** When the next pending amount becomes available (null when nothing waits on the clock). */
  next_available_at: z.string().nullable(),
});
export type WalletJson = z.output<typeof walletOut>;
