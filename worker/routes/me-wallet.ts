import { Hono } from "hono";
import { earningsReportOut } from "../../common/schemas/earnings-report";
import { paymentsOut, type PaymentsResponse } from "../../common/schemas/payments";
import { earningsCalendarQuery } from "../../common/schemas/reports";
import { walletOut } from "../../common/schemas/wallet";
import type { SignedInEnv } from "../app-env";
import { earningsReport } from "../db/queries/earnings/earnings-report";
import { paymentsOf } from "../db/queries/wallet/payments";
import { walletParts } from "../db/queries/wallet/wallet";
import { reportRange } from "../domain/earnings/report-range";
import { nowIso } from "../lib/time";
import { validate } from "../lib/validate";
import { responds } from "../openapi/responds";
import { earningsReportJson } from "./serializers/earnings-report";
import { paymentJson } from "./serializers/payment";
import { walletJson } from "./serializers/wallet";

/** Signed-in: the caller's own wallet, payments and earnings calendar (/me/wallet, /me/payments, /me/earnings/calendar). */
export const walletRoutes = new Hono<SignedInEnv>()
  .get(
    "/me/wallet",
    responds("Get my wallet", {
      200: {
        description:
          "Balances in USD, summed from the records: earned, held, reserved, paid out and taken back, on each side (viewer, creator).",
        schema: walletOut,
      },
    }),
    async (c) => {
      const { parts, nextReleaseAt, adjustments } = await walletParts(c.get("db"), c.get("user").id, nowIso());
      return c.json(walletJson(parts, nextReleaseAt, adjustments), 200);
    },
  )
  .get(
    "/me/payments",
    responds("List my payments", {
      200: { description: "Payments made to the caller, pending and completed, newest first.", schema: paymentsOut },
    }),
    async (c) => {
      const rows = await paymentsOf(c.get("db"), c.get("user").id);
      return c.json({ payments: rows.map((r) => paymentJson(r.payment, r.reversal)) } satisfies PaymentsResponse, 200);
    },
  )
  .get(
    "/me/earnings/calendar",
    responds("Get my earnings calendar", {
      200: {
        description:
          "The caller's earnings per day, week or month in the range (default: the last 30 days), split viewer and creator, with totals.",
        schema: earningsReportOut,
      },
    }),
    validate("query", earningsCalendarQuery),
    async (c) => {
      const q = c.req.valid("query");
      const range = reportRange(q.startDate, q.endDate);
      const report = await earningsReport(c.get("db"), { range, groupBy: q.groupBy, userId: c.get("user").id });
      return c.json(earningsReportJson(report, range.days, "user"), 200);
    },
  );
