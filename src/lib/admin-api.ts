import type { AdSettingChange } from "../../common/schemas/admin-ad-settings";
import type { ChallengeChangeBody, ChallengeCreateBody } from "../../common/schemas/admin-challenges";
import type {
  ManualBonusChangeBody,
  ManualBonusCreateBody,
  ManualEarningChangeBody,
  ManualEarningCreateBody,
  PaymentBody,
} from "../../common/schemas/admin-money";
import { api } from "./api";
import { trackEvent } from "./marketing-tags";
import type {
  AdAnalyticsResponse,
  AdminAnalyticsResponse,
  AdminChallengesResponse,
  AdminEarningJson,
  AdminUserJson,
  AuditEntryJson,
  BonusAwardJson,
  BonusReviewBody,
  ChallengeJson,
  EarningRuleChange,
  EarningRulesJson,
  EarningsGroupBy,
  EarningsReport,
  PaymentJson,
  PayoutPaidJson,
  PayoutRequestJson,
  ReviewDecision,
  ReviewJson,
  ReviewsResponse,
  ReviewSweepResponse,
} from "./types";

// Typed calls for the admin dashboard (docs/product-spec.md §7 "Admin"). Amounts are USD numbers; the server refuses
// amounts finer than their step rather than rounding them.

type Ok = { ok: true };

export const getAdminUsers = (signal?: AbortSignal) => api<AdminUserJson[]>("/api/admin/users", { signal });
export const getAdminAnalytics = (signal?: AbortSignal) => api<AdminAnalyticsResponse>("/api/admin/analytics", { signal });
/** Ad beacons of the last 30 days (docs/decisions/018). */
export const getAdAnalytics = (signal?: AbortSignal) => api<AdAnalyticsResponse>("/api/admin/analytics/ads", { signal });
export const getAuditLog = (signal?: AbortSignal) => api<AuditEntryJson[]>("/api/admin/audit", { signal });

// ---- Manual earnings and bonuses ----

export const getManualEarnings = (signal?: AbortSignal) => api<AdminEarningJson[]>("/api/admin/earnings", { signal });
export const addManualEarning = (body: ManualEarningCreateBody) =>
  api<AdminEarningJson>("/api/admin/earnings", { method: "POST", body });
// `override`: the admin confirmed lowering or deleting a credit that payments already drew on (409 already_paid_out).
const overrideQuery = (override: boolean) => (override ? "?override=true" : "");
export const changeManualEarning = (id: string, amount_usd: number, override = false) => {
  const body: ManualEarningChangeBody = override ? { amount_usd, override } : { amount_usd };
  return api<AdminEarningJson>(`/api/admin/earnings/${id}`, { method: "PATCH", body });
};
export const deleteManualEarning = (id: string, override = false) =>
  api<Ok>(`/api/admin/earnings/${id}${overrideQuery(override)}`, { method: "DELETE" });

export const getManualBonuses = (signal?: AbortSignal) => api<BonusAwardJson[]>("/api/admin/bonuses", { signal });
export const addManualBonus = (body: ManualBonusCreateBody) =>
  api<BonusAwardJson>("/api/admin/bonuses", { method: "POST", body });
export const changeManualBonus = (id: string, total_bonus_amount: number, override = false) => {
  const body: ManualBonusChangeBody = override ? { total_bonus_amount, override } : { total_bonus_amount };
  return api<BonusAwardJson>(`/api/admin/bonuses/${id}`, { method: "PATCH", body });
};
export const deleteManualBonus = (id: string, override = false) =>
  api<Ok>(`/api/admin/bonuses/${id}${overrideQuery(override)}`, { method: "DELETE" });

// ---- Payments ----

/** What the payment form sends; `override`: the admin confirmed paying more than the available balance. */
export type PaymentInput = PaymentBody;

export const getAdminPayments = (signal?: AbortSignal) => api<PaymentJson[]>("/api/admin/payments", { signal });
export const addPayment = (body: PaymentInput) =>
  api<PaymentJson>("/api/admin/payments", { method: "POST", body }).then((payment) => {
    trackEvent("payment_initiated", { value: payment.amount_usd, currency: "USD" });
    return payment;
  });
export const changePayment = (id: string, body: PaymentInput) =>
  api<PaymentJson>(`/api/admin/payments/${id}`, { method: "PATCH", body });
export const deletePayment = (id: string) => api<Ok>(`/api/admin/payments/${id}`, { method: "DELETE" });
export const paymentsCsvUrl = "/api/admin/payments.csv";

// ---- Payout requests (docs/decisions/036) ----

export const getOpenPayoutRequests = (signal?: AbortSignal) =>
  api<PayoutRequestJson[]>("/api/admin/payout-requests?status=open", { signal });
export const payPayoutRequest = (id: string, body: { payment_reference: string | null }) =>
  api<PayoutPaidJson>(`/api/admin/payout-requests/${id}/pay`, { method: "POST", body });
export const rejectPayoutRequest = (id: string, reason: string) =>
  api<PayoutRequestJson>(`/api/admin/payout-requests/${id}/reject`, { method: "POST", body: { reason } });
/** Every user with the balances the All Users table shows, plus the pending part. */
export const usersCsvUrl = "/api/admin/users.csv";

// ---- Earnings calendar (all users) ----

export type AdminReportQuery = { startDate: string; endDate: string; groupBy: EarningsGroupBy };

const reportQueryString = ({ startDate, endDate, groupBy }: AdminReportQuery) =>
  new URLSearchParams({ startDate, endDate, groupBy }).toString();

export const getAdminEarningsReport = (query: AdminReportQuery, signal?: AbortSignal) =>
  api<EarningsReport>(`/api/admin/earnings/calendar?${reportQueryString(query)}`, { signal });
export const earningsCsvUrl = (query: AdminReportQuery) => `/api/admin/earnings/calendar.csv?${reportQueryString(query)}`;

// ---- Ad settings ----

/** `ad_hosts`: https origins, space-separated, the pages' CSP allows for ads besides the feed's (docs/decisions/017). */
export type AdSettings = { preroll_enabled: "true" | "false"; postroll_enabled: "true" | "false"; vast_url: string; ad_hosts?: string };
export type { AdSettingChange };

export const getAdSettings = (signal?: AbortSignal) => api<AdSettings>("/api/admin/ad-settings", { signal });
export const changeAdSetting = (change: AdSettingChange) =>
  api<AdSettings>("/api/admin/ad-settings", { method: "PATCH", body: change });

// ---- Earning rules (docs/architecture.md §4 "A view") ----

export const getAdminEarningRules = (signal?: AbortSignal) =>
  api<EarningRulesJson>("/api/admin/earning-rules", { signal });
export const changeEarningRule = (change: EarningRuleChange) =>
  api<EarningRulesJson>("/api/admin/earning-rules", { method: "PATCH", body: change });

// ---- Sign-on challenges ----

/** What the challenge form sends: every field, though the API defaults all but name and description. */
export type ChallengeInput = Required<ChallengeCreateBody>;

export const getAdminChallenges = (signal?: AbortSignal) =>
  api<AdminChallengesResponse>("/api/admin/challenges", { signal });
export const createChallenge = (body: ChallengeInput) =>
  api<ChallengeJson>("/api/admin/challenges", { method: "POST", body });
export const changeChallenge = (id: string, body: ChallengeChangeBody) =>
  api<ChallengeJson>(`/api/admin/challenges/${id}`, { method: "PATCH", body });

/** Settles a sign-on bonus the earnings job held for review (docs/architecture.md §4 "The sign-up bonus is guarded"). */
export const reviewBonus = (id: string, body: BonusReviewBody) =>
  api<BonusAwardJson>(`/api/admin/bonuses/${id}/review`, { method: "POST", body });

// ---- Fraud reviews (docs/decisions/019) ----

/** Which flags the Reviews tab lists: those waiting for a decision, or every one. */
export type ReviewFilter = "open" | "all";

export const getReviews = (status: ReviewFilter, signal?: AbortSignal) =>
  api<ReviewsResponse>(`/api/admin/reviews?${new URLSearchParams({ status })}`, { signal });
/** Looks for suspicious patterns among held view rewards now, instead of waiting for the job. */
export const runReviewSweep = () => api<ReviewSweepResponse>("/api/admin/reviews/sweep", { method: "POST" });
/** Reverses the earnings a flag covers, or clears it; 409 when it was settled already. */
export const decideReview = (id: string, body: ReviewDecision) =>
  api<ReviewJson>(`/api/admin/reviews/${id}`, { method: "POST", body });
