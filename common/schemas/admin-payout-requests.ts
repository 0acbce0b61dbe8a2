import { z } from "zod";
import { paymentOut } from "./payments";
import { payoutRequestOut } from "./payout-requests";

// The admin's side of members' payout requests (docs/decisions/036). The request bodies are in payout-requests.ts.

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

/** GET /api/admin/payout-requests[?status=…]: open requests first, each with its member's `user_email`. */
export const adminPayoutRequestsOut = z.array(payoutRequestOut);

/** POST /api/admin/payout-requests/{id}/pay: the request, now paid, and the payment that paid it. */
export const payoutPaidOut = z.object({ request: payoutRequestOut, payment: paymentOut });
export type PayoutPaidJson = z.output<typeof payoutPaidOut>;
