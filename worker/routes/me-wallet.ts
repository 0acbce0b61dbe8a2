import { type Context, Hono } from "hono";
import { earningsReportOut } from "../../common/schemas/earnings-report";
import { paymentsOut } from "../../common/schemas/payments";
import { earningsCalendarQuery } from "../../common/schemas/reports";
import { walletOut } from "../../common/schemas/wallet";
import type { SignedInEnv } from "../app-env";
import { getEarningsCalendar } from "../domain/earnings/earnings-calendar";
import { getWallet, listMyPayments } from "../domain/wallet/my-wallet";
import { validate } from "../lib/validate";
import { responds } from "../openapi/responds";
import { earningsReportJson } from "./serializers/earnings-report";
import { myPaymentsJson } from "./serializers/payment";
import { walletJson } from "./serializers/wallet";

/** The signed-in member and the request's database, as a read service's context (docs/decisions/070). */
const memberOf = (c: Context<SignedInEnv>) => ({ db: c.get("db"), actor: c.get("user") });

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
      const { parts, nextReleaseAt, adjustments } = await getWallet({ ctx: memberOf(c), input: {} });
      return c.json(walletJson(parts, nextReleaseAt, adjustments), 200);
    },
  )
  .get(
    "/me/payments",
    responds("List my payments", {
      200: { description: "Payments made to the caller, pending and completed, newest first.", schema: paymentsOut },
    }),
    async (c) => c.json(myPaymentsJson(await listMyPayments({ ctx: memberOf(c), input: {} })), 200),
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
      const calendar = await getEarningsCalendar({ ctx: memberOf(c), input: c.req.valid("query") });
      return c.json(earningsReportJson(calendar, "user"), 200);
    },
  );
