import { sumUsd } from "../lib/money";
import { emptyWallet } from "../queries/wallet";
import type { EarningRulesJson } from "../../common/schemas/earning-rules";
import type { EarningsReport } from "../../common/schemas/earnings-report";
import type { PaymentJson } from "../../common/schemas/payments";
import type { PayoutRequestJson, PayoutRequestsResponse } from "../../common/schemas/payout-requests";
import type { WalletJson } from "../../common/schemas/wallet";
import { ava } from "./fixtures";

// Wallet, payments and report answers as the API sends them, for wallet, home and player tests.

/**
 * GET /api/me/wallet. Unless a test says otherwise, the server's sums hold (common/schemas/wallet.ts): each
 * side's available part is its balance less its pending part, available_balance and pending_balance are the two
 * sides' parts, bonuses are the sign-on bonus and the viewer side's adjustments, and the money in flight is the
 * pending payments and the reserved request.
 */
export function makeWallet(overrides: Partial<WalletJson> = {}): WalletJson {
  const wallet: WalletJson = { ...emptyWallet, ...overrides };
  wallet.bonuses = overrides.bonuses ?? sumUsd([wallet.signon_bonus, wallet.viewer_adjustments]);
  wallet.viewer_available = overrides.viewer_available ?? sumUsd([wallet.viewer_balance, -wallet.viewer_pending]);
  wallet.creator_available = overrides.creator_available ?? sumUsd([wallet.creator_balance, -wallet.creator_pending]);
  wallet.pending_balance = overrides.pending_balance ?? sumUsd([wallet.viewer_pending, wallet.creator_pending]);
  wallet.available_balance = overrides.available_balance ?? sumUsd([wallet.viewer_available, wallet.creator_available]);
  wallet.payout_in_flight = overrides.payout_in_flight ?? sumUsd([wallet.pending_payouts, wallet.reserved_payout]);
  return wallet;
}

let sequence = 0;

export function makePayment(overrides: Partial<PaymentJson> = {}): PaymentJson {
  sequence += 1;
  return {
    id: `01J0000000000000000000P${sequence.toString().padStart(3, "0")}`,
    user_id: ava.id,
    amount_usd: 25,
    payment_method: "PayPal",
    payment_reference: null,
    status: "pending",
    notes: null,
    created_at: "2026-11-01T12:00:00.000Z",
    processed_at: null,
    request_id: null,
    viewer_part_usd: 0,
    reversal: null,
    ...overrides,
  };
}

export const emptyReport: EarningsReport = {
  earnings: [],
  summary: { totalEarnings: 0, totalViews: 0, uniqueUsers: 0, avgDaily: 0 },
};

/**
 * GET /api/earning-rules as the server answers with its defaults (common/earning-policy.ts). The SPA keeps no copy
 * (docs/decisions/067): a test that must tell the server's numbers from a guess serves other ones.
 */
export const earningRules: EarningRulesJson = {
  reward_usd: 0.003,
  qualify_percent: 80,
  views_per_item_per_day: 3,
  min_earning_seconds: 5,
  daily_earnable_views: 100,
  earnings_hold_days: 7,
};

/** GET /api/me/payout-requests for a member who never asked for a payout (the Wallet's overview asks on load). */
export const noPayoutRequests: PayoutRequestsResponse = {
  requests: [],
  minimum_payout: 25,
  available_balance: 0,
  destination: null,
  pace_per_day: 0,
  releasing_usd: 0,
  minimum_released: null,
  days_to_minimum: null,
};

/**
 * Quiet answers for the calls every signed-in screen makes in the background (the home page's earnings
 * job and challenge panel, the wallet), for tests about something else. Spread into `stubFetch({...})`.
 */
export const backgroundEarningsRoutes = {
  "POST /api/earnings/calculate": { body: { processed: 0, message: "Nothing to process" } },
  "GET /api/me/wallet": { body: makeWallet() },
  "GET /api/me/payments": { body: { payments: [] } },
  // The wallet's payout card and its status line (docs/decisions/066): nothing asked for yet.
  "GET /api/me/payout-requests": { body: noPayoutRequests },
  "GET /api/me/earnings/calendar": { body: emptyReport },
  "GET /api/earning-rules": { body: earningRules },
  // The home page's 'Recommended for You' row.
  "GET /api/content/recommendations": { body: { items: [] } },
  // The home page's 'Continue watching' row: nothing unfinished, so it stays hidden.
  "GET /api/me/history": { body: { items: [], nextCursor: null } },
  // A member without sign-on challenges: the home page's challenge panel stays hidden.
  "GET /api/challenges/progress": { body: { timeRemaining: 0, progress: [], bonus: null } },
};

/** A payout request as GET /api/me/payout-requests lists it: open, for $25.00 by PayPal, unless told otherwise. */
export function makePayoutRequest(overrides: Partial<PayoutRequestJson> = {}): PayoutRequestJson {
  return {
    id: "01J0000000000000000000000A",
    user_id: ava.id,
    amount_usd: 25,
    payment_method: "PayPal",
    payout_address: "ava@example.com",
    status: "open",
    created_at: "2026-11-20T10:00:00.000Z",
    decided_at: null,
    reason: null,
    payment_id: null,
    batch_id: null,
    sent_at: null,
    correction: null,
    ...overrides,
  };
}
