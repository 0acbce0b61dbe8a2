import { Hono } from "hono";
import { z } from "zod";
import type { PaymentJson, PaymentsResponse, WalletJson } from "../api-types";
import type { SignedInEnv } from "../app-env";
import { earningsReport } from "../db/queries/earnings-report";
import { paymentsOf } from "../db/queries/payments";
import { walletParts } from "../db/queries/wallet";
import { reportRange } from "../domain/earnings/report-range";
import { balancesOf } from "../domain/wallet/balances";
import { MINIMUM_PAYOUT_MICROS, usd } from "../lib/money";
import { nowIso } from "../lib/time";
import { validate } from "../lib/validate";
import { reportJson } from "./report-json";

export const reportQuery = z.object({
  startDate: z.string().max(10).optional(),
  endDate: z.string().max(10).optional(),
  groupBy: z.enum(["daily", "weekly", "monthly"], "groupBy must be daily, weekly or monthly").default("daily"),
});

export function paymentJson(p: {
  id: string; userId: string; amountMicros: number; paymentMethod: string; paymentReference: string | null;
  status: "pending" | "completed"; notes: string | null; createdAt: string; processedAt: string | null;
}): PaymentJson {
  return {
    id: p.id,
    user_id: p.userId,
    amount_usd: usd(p.amountMicros),
    payment_method: p.paymentMethod,
    payment_reference: p.paymentReference,
    status: p.status,
    notes: p.notes,
    created_at: p.createdAt,
    processed_at: p.processedAt,
  };
}

/** Signed-in: the caller's own wallet, payments and earnings calendar. */
export const walletRoutes = new Hono<SignedInEnv>()
  .get("/me/wallet", async (c) => {
    const { parts, nextReleaseAt } = await walletParts(c.get("db"), c.get("user").id, nowIso());
    const b = balancesOf(parts);
    const wallet: WalletJson = {
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
      pending_balance: usd(b.pending),
      viewer_pending: usd(parts.viewerPending),
      creator_pending: usd(parts.creatorPending),
      viewer_reversed: usd(parts.viewerReversed),
      creator_reversed: usd(parts.creatorReversed),
      next_available_at: nextReleaseAt,
    };
    return c.json(wallet, 200);
  })
  .get("/me/payments", async (c) => {
    const rows = await paymentsOf(c.get("db"), c.get("user").id);
    return c.json({ payments: rows.map(paymentJson) } satisfies PaymentsResponse, 200);
  })
  .get("/me/earnings/calendar", validate("query", reportQuery), async (c) => {
    const q = c.req.valid("query");
    const range = reportRange(q.startDate, q.endDate);
    const report = await earningsReport(c.get("db"), { range, groupBy: q.groupBy, uniqueUsers: "viewers", userId: c.get("user").id });
    return c.json(reportJson(report, range.days, "user"), 200);
  });
