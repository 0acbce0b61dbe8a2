import type { AdminEarningJson } from "../../../common/schemas/admin-money";
import type { EarningRow } from "../../db/queries/rows";
import { usd } from "../../lib/money";
import type { listManualEarnings } from "../../domain/admin/admin-lists";

/** A manual earning as the admin screens show it, with its creator's email. */
export const manualEarningJson = (e: EarningRow, email: string): AdminEarningJson => ({
  id: e.id,
  user_id: e.userId,
  content_id: e.contentId,
  creator_email: email,
  amount_usd: usd(e.amountMicros),
  description: e.description,
  created_at: e.createdAt,
});

export const manualEarningsJson = (rows: Awaited<ReturnType<typeof listManualEarnings>>): AdminEarningJson[] =>
  rows.map((r) => manualEarningJson(r.earning, r.email));
