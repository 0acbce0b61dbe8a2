import { Hono } from "hono";
import type { PaymentsResponse } from "../../common/api-types";
import { earningsCalendarQuery } from "../../common/schemas/reports";
import type { SignedInEnv } from "../app-env";
import { earningsReport } from "../db/queries/earnings-report";
import { paymentsOf } from "../db/queries/payments";
import { walletParts } from "../db/queries/wallet";
import { reportRange } from "../domain/earnings/report-range";
import { nowIso } from "../lib/time";
import { validate } from "../lib/validate";
import { earningsReportJson } from "./serializers/earnings-report";
import { paymentJson } from "./serializers/payment";
import { walletJson } from "./serializers/wallet";

/** Signed-in: the caller's own wallet, payments and earnings calendar (/me/wallet, /me/payments, /me/earnings/calendar). */
export const walletRoutes = new Hono<SignedInEnv>()
  .get("/me/wallet", async (c) => {
    const { parts, nextReleaseAt } = await walletParts(c.get("db"), c.get("user").id, nowIso());
    return c.json(walletJson(parts, nextReleaseAt), 200);
  })
  .get("/me/payments", async (c) => {
    const rows = await paymentsOf(c.get("db"), c.get("user").id);
    return c.json({ payments: rows.map(paymentJson) } satisfies PaymentsResponse, 200);
  })
  .get("/me/earnings/calendar", validate("query", earningsCalendarQuery), async (c) => {
    const q = c.req.valid("query");
    const range = reportRange(q.startDate, q.endDate);
    const report = await earningsReport(c.get("db"), { range, groupBy: q.groupBy, uniqueUsers: "viewers", userId: c.get("user").id });
    return c.json(earningsReportJson(report, range.days, "user"), 200);
  });
