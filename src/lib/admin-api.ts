import type { AdSettingChange } from "../../common/schemas/admin-ad-settings";
import type { ArchiveWindowsChange } from "../../common/schemas/archive";
import type { ChallengeChangeBody, ChallengeCreateBody } from "../../common/schemas/admin-challenges";
import type {
  ManualBonusChangeBody,
  ManualBonusCreateBody,
  ManualEarningChangeBody,
  ManualEarningCreateBody,
  PaymentBody,
} from "../../common/schemas/admin-money";
import type { z } from "zod";
import type { paymentReversalBody } from "../../common/schemas/payments";
import type { payoutBatchResultBody } from "../../common/schemas/payout-batches";
import { api, apiUrl } from "./api";
import { trackEvent } from "./marketing-tags";
import type { BonusReviewBody, ReviewDecisionBody } from "../../common/schemas/admin-reviews";
import type { EarningRuleChange } from "../../common/schemas/admin-earning-rules";
import type { EarningsGroupBy } from "../../common/schemas/reports";

// Typed calls for the admin dashboard (docs/product-spec.md §7 "Admin"). Amounts are USD numbers; the server refuses
// amounts finer than their step rather than rounding them.

export const getAdminUsers = (signal?: AbortSignal) => api.GET("/api/admin/users", { signal });
export const getAdminAnalytics = (signal?: AbortSignal) => api.GET("/api/admin/analytics", { signal });
/** Ad beacons of the last 30 days (docs/decisions/018). */
export const getAdAnalytics = (signal?: AbortSignal) => api.GET("/api/admin/analytics/ads", { signal });
export const getAuditLog = (signal?: AbortSignal) => api.GET("/api/admin/audit", { signal });

// ---- Manual earnings and bonuses ----

export const getManualEarnings = (signal?: AbortSignal) => api.GET("/api/admin/earnings", { signal });
export const addManualEarning = (body: ManualEarningCreateBody) => api.POST("/api/admin/earnings", { body });
// `override`: the admin confirmed lowering or deleting a credit that payments already drew on (409 already_paid_out).
// The query names it only when true, as before.
const overrideQuery = (override: boolean) => (override ? { override: "true" as const } : {});
export const changeManualEarning = (id: string, amount_usd: number, override = false) => {
  const body: ManualEarningChangeBody = override ? { amount_usd, override } : { amount_usd };
  return api.PATCH("/api/admin/earnings/{id}", { params: { path: { id } }, body });
};
export const deleteManualEarning = (id: string, override = false) =>
  api.DELETE("/api/admin/earnings/{id}", { params: { path: { id }, query: overrideQuery(override) } });

export const getManualBonuses = (signal?: AbortSignal) => api.GET("/api/admin/bonuses", { signal });
export const addManualBonus = (body: ManualBonusCreateBody) => api.POST("/api/admin/bonuses", { body });
export const changeManualBonus = (id: string, total_bonus_amount: number, override = false) => {
  const body: ManualBonusChangeBody = override ? { total_bonus_amount, override } : { total_bonus_amount };
  return api.PATCH("/api/admin/bonuses/{id}", { params: { path: { id } }, body });
};
export const deleteManualBonus = (id: string, override = false) =>
  api.DELETE("/api/admin/bonuses/{id}", { params: { path: { id }, query: overrideQuery(override) } });

// ---- Payments ----

/** A correction's body: the reason, and for a payment that settled a payout request what becomes of the request. */
type PaymentReversalBody = z.input<typeof paymentReversalBody>;
/** A batch's result: the requests PayPal returned, each with its reason, and an optional reference. */
type PayoutBatchResultBody = z.input<typeof payoutBatchResultBody>;

/** What the payment form sends; `override`: the admin confirmed paying more than the available balance. */
export type PaymentInput = PaymentBody;

export const getAdminPayments = (signal?: AbortSignal) => api.GET("/api/admin/payments", { signal });
export const addPayment = (body: PaymentInput) =>
  api.POST("/api/admin/payments", { body }).then((payment) => {
    trackEvent("payment_initiated", { value: payment.amount_usd, currency: "USD" });
    return payment;
  });
export const changePayment = (id: string, body: PaymentInput) =>
  api.PATCH("/api/admin/payments/{id}", { params: { path: { id } }, body });
export const deletePayment = (id: string) => api.DELETE("/api/admin/payments/{id}", { params: { path: { id } } });
export const paymentsCsvUrl = apiUrl("get", "/api/admin/payments.csv", {});

/**
 * A correction (docs/decisions/066): the payment did not reach the member, so its whole amount comes back. For a
 * payment that settled a payout request, `request` says whether the request is reopened (paid again) or closed.
 */
export const reversePayment = (id: string, body: PaymentReversalBody) =>
  api.POST("/api/admin/payments/{id}/reversal", { params: { path: { id } }, body });

// ---- Payout requests (docs/decisions/036, 066) ----

/** Members' payout requests of one status: open ones wait to be sent or paid; sent ones wait for their batch's result. */
type PayoutRequestStatus = "open" | "sent";

export const getPayoutRequests = (status: PayoutRequestStatus, signal?: AbortSignal) =>
  api.GET("/api/admin/payout-requests", { params: { query: { status } }, signal });
export const payPayoutRequest = (id: string, body: { payment_reference: string | null }) =>
  api.POST("/api/admin/payout-requests/{id}/pay", { params: { path: { id } }, body });
export const rejectPayoutRequest = (id: string, reason: string) =>
  api.POST("/api/admin/payout-requests/{id}/reject", { params: { path: { id } }, body: { reason } });

// ---- Payout batches (docs/decisions/066) ----

/** Sends the ticked open requests in one batch; without ids, every open PayPal and Venmo request still covered. */
export const createPayoutBatch = (requestIds: string[] | null) =>
  api.POST("/api/admin/payout-batches", { body: requestIds ? { request_ids: requestIds } : {} });
export const getPayoutBatches = (signal?: AbortSignal) => api.GET("/api/admin/payout-batches", { signal });
/** The batch's file for PayPal's Payouts web upload (CSV, an attachment the browser downloads itself). */
export const payoutBatchCsvUrl = (id: number) =>
  apiUrl("get", "/api/admin/payout-batches/{id}/csv", { path: { id: String(id) } });
/** Records what PayPal did: the returned requests with their reasons; every other request of the batch is paid. */
export const recordPayoutBatchResult = (id: number, body: PayoutBatchResultBody) =>
  api.POST("/api/admin/payout-batches/{id}/result", { params: { path: { id: String(id) } }, body });

/** Every user with the balances the All Users table shows, plus the pending part. */
export const usersCsvUrl = apiUrl("get", "/api/admin/users.csv", {});

// ---- Earnings calendar (all users) ----

export type AdminReportQuery = { startDate: string; endDate: string; groupBy: EarningsGroupBy };

export const getAdminEarningsReport = ({ startDate, endDate, groupBy }: AdminReportQuery, signal?: AbortSignal) =>
  api.GET("/api/admin/earnings/calendar", { params: { query: { startDate, endDate, groupBy } }, signal });
export const earningsCsvUrl = ({ startDate, endDate, groupBy }: AdminReportQuery) =>
  apiUrl("get", "/api/admin/earnings/calendar.csv", { query: { startDate, endDate, groupBy } });

// ---- Ad settings ----

/** `ad_hosts`: https origins, space-separated, the pages' CSP allows for ads besides the feed's (docs/decisions/017). */
export type AdSettings = {
  preroll_enabled: "true" | "false";
  postroll_enabled: "true" | "false";
  vast_url: string;
  ad_hosts?: string;
  /** Whole minutes within which a replay shows no pre-roll (docs/decisions/045). */
  preroll_skip_minutes?: string;
};
export type { AdSettingChange };

export const getAdSettings = (signal?: AbortSignal) => api.GET("/api/admin/ad-settings", { signal });
export const changeAdSetting = (change: AdSettingChange) => api.PATCH("/api/admin/ad-settings", { body: change });

// ---- Earning rules (docs/architecture.md §4 "A view") ----

export const getAdminEarningRules = (signal?: AbortSignal) => api.GET("/api/admin/earning-rules", { signal });
export const changeEarningRule = (change: EarningRuleChange) => api.PATCH("/api/admin/earning-rules", { body: change });

// ---- Sign-on challenges ----

/** What the challenge form sends: every field, though the API defaults all but name and description. */
export type ChallengeInput = Required<ChallengeCreateBody>;

export const getAdminChallenges = (signal?: AbortSignal) => api.GET("/api/admin/challenges", { signal });
export const createChallenge = (body: ChallengeInput) => api.POST("/api/admin/challenges", { body });
export const changeChallenge = (id: string, body: ChallengeChangeBody) =>
  api.PATCH("/api/admin/challenges/{id}", { params: { path: { id } }, body });

/** Settles a sign-on bonus the earnings job held for review (docs/architecture.md §4 "The sign-up bonus is guarded"). */
export const reviewBonus = (id: string, body: BonusReviewBody) =>
  api.POST("/api/admin/bonuses/{id}/review", { params: { path: { id } }, body });

// ---- Fraud reviews (docs/decisions/019) ----

/** Which flags the Reviews tab lists: those waiting for a decision, or every one. */
export type ReviewFilter = "open" | "all";

export const getReviews = (status: ReviewFilter, signal?: AbortSignal) =>
  api.GET("/api/admin/reviews", { params: { query: { status } }, signal });
/** Looks for suspicious patterns among held view rewards now, instead of waiting for the job. */
export const runReviewSweep = () => api.POST("/api/admin/reviews/sweep");
/** Reverses the earnings a flag covers, or clears it; 409 when it was settled already. */
export const decideReview = (id: string, body: ReviewDecisionBody) =>
  api.POST("/api/admin/reviews/{id}", { params: { path: { id } }, body });

// ---- The data lifecycle (docs/decisions/051) ----

export const getDataLifecycle = (signal?: AbortSignal) => api.GET("/api/admin/archive", { signal });
export const changeArchiveWindows = (body: ArchiveWindowsChange) => api.PUT("/api/admin/archive/windows", { body });
export const runDataLifecycleNow = () => api.POST("/api/admin/archive/run");
export type ArchiveDataset = "visits" | "page-days" | "views" | "member-days";
/** An archived day's file (gzip NDJSON, an attachment) and its manifest, as the browser fetches them itself. */
export const archivedDayUrl = (dataset: ArchiveDataset, day: string) =>
  apiUrl("get", "/api/admin/archive/{dataset}/{day}", { path: { dataset, day } });
export const archivedManifestUrl = (dataset: ArchiveDataset, day: string) =>
  apiUrl("get", "/api/admin/archive/{dataset}/{day}/manifest", { path: { dataset, day } });

/** What the queues gave up on (docs/decisions/079), and sending one letter back to its queue. */
export const getDeadLetters = (signal?: AbortSignal) => api.GET("/api/admin/dead-letters", { signal });
export const resendDeadLetter = (id: string) =>
  api.POST("/api/admin/dead-letters/{id}/resend", { params: { path: { id } } });
