import { recentAuditEntries } from "../../db/queries/audit/audit-log";
import { usersWithTotals } from "../../db/queries/members/admin-users";
import { listReviews } from "../../db/queries/reviews/reviews";
import { adminAnalyticsRows } from "../../db/queries/views/admin-analytics";
import {
  listManualBonuses as manualBonusRows,
  listManualEarnings as manualEarningRows,
  listPayments as paymentRows,
} from "../../db/queries/wallet/admin-money-lists";
import { nowIso } from "../../lib/time";
import { checkAdmin, type AdminCall } from "./admin-context";

// The admin screens' lists, read as services like the admin's changes (docs/decisions/041, 070): each checks
// the caller first, so nothing but an admin reads members' emails and balances, whoever calls.

/** Members listed at most (the Users tab and its CSV). */
export const MEMBERS_LIMIT = 5000;
/** Audit entries listed at most, newest first. */
export const AUDIT_LIMIT = 500;

/** Every member, newest first, with content count and the balance parts the wallet uses. */
export async function listMembers({ ctx }: AdminCall<Record<string, never>>) {
  checkAdmin(ctx);
  return usersWithTotals(ctx.db, MEMBERS_LIMIT, nowIso());
}

/** The newest changes to money records and settings, with who made them. */
export async function listAuditLog({ ctx }: AdminCall<Record<string, never>>) {
  checkAdmin(ctx);
  return recentAuditEntries(ctx.db, AUDIT_LIMIT);
}

/** The fraud sweep's flags: open ones, or all. */
export async function listFraudFlags({ ctx, input }: AdminCall<{ status: "open" | "all" }>) {
  checkAdmin(ctx);
  return listReviews(ctx.db, input.status);
}

/** Every manual earning, newest first, with its creator's email. */
export async function listManualEarnings({ ctx }: AdminCall<Record<string, never>>) {
  checkAdmin(ctx);
  return manualEarningRows(ctx.db);
}

/** Every manual bonus, newest first, with its member's email. */
export async function listManualBonuses({ ctx }: AdminCall<Record<string, never>>) {
  checkAdmin(ctx);
  return manualBonusRows(ctx.db);
}

/** Every payment, newest first, with its payee's email and its correction (the Payments tab and its CSV). */
export async function listPayments({ ctx }: AdminCall<Record<string, never>>) {
  checkAdmin(ctx);
  return paymentRows(ctx.db);
}

/** The Analytics tab's lists: most watched items, most watching viewers, top earners, discovery methods. */
export async function listAnalytics({ ctx }: AdminCall<Record<string, never>>) {
  checkAdmin(ctx);
  return adminAnalyticsRows(ctx.db);
}
