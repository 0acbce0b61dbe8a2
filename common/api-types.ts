import type { ContentModerationAction, ReportReason, UserModerationAction } from "./moderation";

// Response shapes of the API, as plain types with no runtime imports, so the SPA can import them too
// (`import type`) and both sides fail to compile when one changes (docs/decisions/006). What a request
// sends is the input type of the schema that validates it (common/schemas, docs/decisions/024); the
// request types named here are those, kept under the names the SPA already uses.
import type { ReviewDecisionBody } from "./schemas/admin-reviews";
import type { ContentFinalizeBody } from "./schemas/content";
import type { UploadSignBody } from "./schemas/uploads";
import type { BonusAwardJson, BonusRiskReason, ChallengeJson, RequirementType } from "./schemas/challenges";
import type { ContentJson, ContentListResponse, ContentType } from "./schemas/content";
import type { EarningRulesJson } from "./schemas/earning-rules";
import type { EarningsReport, EarningsReportRow } from "./schemas/earnings-report";
import type { PaymentJson, PaymentsResponse } from "./schemas/payments";

// Answers defined by their zod schemas (issue 25: worker/openapi/responds.ts), re-exported under the names the SPA uses.
export type { BonusAwardJson, BonusRiskReason, ChallengeJson, ContentJson, ContentListResponse, ContentType, EarningRulesJson };
export type { EarningsReport, EarningsReportRow, PaymentJson, PaymentsResponse, RequirementType };

/** Every error body (one error handler on the server). */
export type ApiErrorBody = { error: string; code?: string; requestId: string };

import type { LogoutResponse, RedirectUrlResponse, SessionResponse } from "./schemas/auth";
import type { CreatorCardJson, CreatorPageJson, CurrentUserJson, SessionsEndedResponse } from "./schemas/users";
export type { CreatorCardJson, CreatorPageJson, CurrentUserJson, LogoutResponse, RedirectUrlResponse, SessionResponse, SessionsEndedResponse };

// ---- Content (docs/product-spec.md §3 "Content", §7 "Content") ----

import type { FinalizeResponse, LikeStatusResponse } from "./schemas/content";
export type { FinalizeResponse, LikeStatusResponse };

// ---- Uploads (docs/architecture.md §4 "Uploads") ----

export type UploadSignRequest = UploadSignBody;

import type { UploadMultipartPlan, UploadPartsResponse, UploadSignResponse } from "./schemas/uploads";
export type { UploadMultipartPlan, UploadPartsResponse, UploadSignResponse };

export type FinalizeRequest = ContentFinalizeBody;

// ---- Playback and earnings (docs/product-spec.md §7 "Playback and earnings", "Wallet") ----

import type { PlaybackCountingReason, PlaybackEventResponse, PlaybackNotEarningReason, PlaybackStartResponse } from "./schemas/playback";
import type { EarningsCalculateResponse } from "./schemas/earnings";
import type { WalletJson } from "./schemas/wallet";
export type { EarningsCalculateResponse, PlaybackCountingReason, PlaybackEventResponse, PlaybackNotEarningReason, PlaybackStartResponse, WalletJson };

// ---- A reason for every view (docs/product-spec.md §10; docs/decisions/019) ----

import type { MyViewJson, MyViewsResponse, ViewOutcome, ViewReason } from "./schemas/my-views";
export type { MyViewJson, MyViewsResponse, ViewOutcome, ViewReason };

// ---- Fraud reviews (admin; docs/decisions/019) ----

/** bonus_risk: an awarded sign-on bonus still in holding whose risk checks, run again, found something (decision 031). */
export type ReviewRule = "ring" | "shared_ip" | "daily_cap" | "same_day_accounts" | "bonus_risk";
export type ReviewStatus = "open" | "reversed" | "cleared";

export type ReviewJson = {
  id: string;
  rule: ReviewRule;
  status: ReviewStatus;
  /** The pattern in plain words, as the sweep found it. */
  title: string;
  evidence: string[];
  /** The accounts the pattern involves. */
  users: { id: string; email: string; username: string | null; created_at: string }[];
  /** The earnings the flag covers (both sides of each view), and what reversing them takes back. */
  earnings_count: number;
  views_count: number;
  amount_usd: number;
  created_at: string;
  decided_at: string | null;
  decided_by_email: string | null;
  note: string | null;
};

/** GET /api/admin/reviews?status=open|all (default open), newest first. */
export type ReviewsResponse = { reviews: ReviewJson[] };
/** POST /api/admin/reviews/sweep: flags the sweep opened and earnings it newly covered. */
export type ReviewSweepResponse = { flagged: number; covered: number };
/** POST /api/admin/reviews/{id}: settles an open flag (audited); 409 once settled. Answers the ReviewJson. */
export type ReviewDecision = ReviewDecisionBody;


import type { PayoutRequestJson, PayoutRequestsResponse } from "./schemas/payout-requests";
export type { PayoutRequestJson, PayoutRequestsResponse };

/** POST /api/admin/payout-requests/{id}/pay: the request, now paid, and the payment that paid it. */
export type PayoutPaidJson = { request: PayoutRequestJson; payment: PaymentJson };

export type EarningsGroupBy = "daily" | "weekly" | "monthly";

// ---- Challenges (docs/product-spec.md §3 "Challenge", "Challenge progress", "Bonus record") ----

import type { ChallengeProgressResponse } from "./schemas/challenges";
export type { ChallengeProgressResponse };

/** POST /api/admin/bonuses/{id}/review: settles a held sign-on bonus; answers the updated BonusAwardJson. */
export type { BonusReviewBody } from "./schemas/admin-reviews";

/** GET /api/admin/challenges: the list, the sign-on bonus history and its totals. */
export type AdminChallengesResponse = {
  challenges: ChallengeJson[];
  awards: BonusAwardJson[];
  summary: { totalBonusesPaid: number; usersCompleted: number; usersEnrolled: number; successRate: number };
};

// ---- Earning rules (docs/architecture.md §4 "A view"; docs/decisions/015) ----

export type { EarningRuleKey } from "./earning-rules";

/** PATCH /api/admin/earning-rules (audited); answers the updated EarningRulesJson. */
export type { EarningRuleChange } from "./schemas/admin-earning-rules";

// ---- Recommendations (docs/product-spec.md §7 "Content"; docs/architecture.md §4 "Recommendations") ----

import type { RecommendationsResponse, SuggestionsResponse } from "./schemas/recommendations";
export type { RecommendationsResponse, SuggestionsResponse };

// ---- Admin (docs/product-spec.md §3 "User (admin list)", "Earning record", "Bonus record", "Admin analytics") ----

export type AdminUserJson = {
  id: string;
  email: string;
  username: string | null;
  created_at: string;
  is_admin: 0 | 1;
  content_count: number;
  viewer_balance: number;
  creator_balance: number;
  /** What a payment may draw on now, and what is still held (docs/decisions/019). */
  available_balance: number;
  pending_balance: number;
  suspended: boolean;
};

export type AdminEarningJson = {
  id: string;
  user_id: string;
  content_id: string | null;
  creator_email: string;
  amount_usd: number;
  description: string;
  created_at: string;
};

export type AdminAnalyticsResponse = {
  topContent: { id: string; title: string; type: ContentType; view_count: number; total_watch_time: number }[];
  topUsers: { user_id: string; email: string; last_activity: string; total_watch_time: number }[];
  topEarners: { user_id: string; email: string; content_count: number; total_earnings: number }[];
  discoveryStats: { discovery_method: "ai_recommended" | "search" | "browse"; count: number; percentage: number }[];
};

/** Ad beacons counted in a range of UTC days (docs/decisions/018). */
export type AdEventCounts = {
  impressions: number;
  starts: number;
  first_quartiles: number;
  midpoints: number;
  third_quartiles: number;
  completes: number;
  skips: number;
  clicks: number;
  errors: number;
};
/** Rates are fractions (0–1) of impressions: completion = completes ÷ impressions, likewise skips and clicks. */
export type AdFiguresJson = AdEventCounts & { completion_rate: number; skip_rate: number; click_through_rate: number };
/** GET /api/admin/analytics/ads?startDate&endDate (default: the last 30 days); `days` covers every day in range. */
export type AdAnalyticsResponse = {
  startDate: string;
  endDate: string;
  totals: AdFiguresJson;
  byPosition: ({ position: "pre" | "post" | "unknown" } & AdFiguresJson)[];
  days: ({ date: string } & AdEventCounts)[];
};

export type AuditEntryJson = {
  id: string;
  actor_email: string;
  action: string;
  entity: string;
  entity_id: string;
  before: unknown;
  after: unknown;
  created_at: string;
};

// ---- Traffic analytics (docs/product-spec.md §3 "Analytics (traffic)", "Analytics config") ----

/** Percentages here are fractions (0–1), as the spec defines them for traffic. */
export type TrafficDashboard = {
  overview: {
    totalVisitors: number;
    pageViews: number;
    avgSessionDuration: number;
    bounceRate: number;
    /** `title`: the content or creator a /content/{id} or /creator/{id} path names, when there is one. */
    topPages: { page: string; views: number; title?: string }[];
    topSources: { source: string; visitors: number; percentage: number }[];
  };
  timeline: { date: string; visitors: number; pageViews: number }[];
  devices: { type: string; visitors: number; percentage: number }[];
  campaigns: { campaign: string; visitors: number; conversions: number }[];
};

export type AnalyticsConfig = { facebook_pixel_id: string; ga4_id: string };

// ---- Moderation (issue 17) ----

export type { ContentModerationAction, ReportReason, UserModerationAction };

/** POST /api/content/{id}/report: the caller's open report of the item (created or updated). */
export type ContentReportJson = {
  id: string;
  content_id: string;
  reason: ReportReason;
  note: string;
  created_at: string;
  updated_at: string;
};

/** Where an item stands with the moderators. */
export type ModerationStatus = "visible" | "removed";

/** One reported (or moderated) item in GET /api/admin/moderation, newest report first. */
export type ModeratedItemJson = {
  content_id: string;
  title: string;
  creator_id: string;
  creator_name: string;
  creator_email: string;
  creator_suspended: boolean;
  status: ModerationStatus;
  /** The takedown note, when removed. */
  removed_note: string | null;
  /** Deleted by its creator or an admin (docs/decisions/028): gone from the product, kept in the records. */
  deleted: boolean;
  /** Open reports per reason. */
  counts: Partial<Record<ReportReason, number>>;
  open_reports: number;
  /** The newest notes (at most 5), newest first. */
  latest_notes: { reason: ReportReason; note: string; created_at: string }[];
  first_reported_at: string;
  last_reported_at: string;
};

/** GET /api/admin/moderation[?status=open|removed]: items with open reports (or taken down). */
export type ModerationQueueResponse = { items: ModeratedItemJson[] };

/** One moderation action as the audit keeps it; `delete` is an item's deletion by its creator or an admin. */
export type ModerationActionJson = {
  id: string;
  action: ContentModerationAction | UserModerationAction | "delete";
  entity: "content" | "user";
  entity_id: string;
  note: string;
  actor_email: string;
  created_at: string;
};

/** GET /api/admin/moderation/users/{id}: one member's standing, the reports they made and got, and actions. */
export type ModerationUserResponse = {
  user: {
    id: string;
    email: string;
    username: string | null;
    /** Administrators (ADMIN_EMAILS) cannot be suspended. */
    is_admin: boolean;
    suspended: boolean;
    suspended_note: string | null;
    suspended_at: string | null;
  };
  /** Reports others made of this member's items. */
  reports_received: { content_id: string; title: string; content_deleted: boolean; reason: ReportReason; note: string; status: "open" | "dismissed" | "actioned"; created_at: string }[];
  /** Reports this member made. */
  reports_made: { content_id: string; title: string; content_deleted: boolean; reason: ReportReason; note: string; status: "open" | "dismissed" | "actioned"; created_at: string }[];
  actions: ModerationActionJson[];
};

/** POST /api/admin/moderation/content/{id}: the item after the action, and what it reversed. */
export type ContentModerationResponse = { item: ModeratedItemJson; reversed_usd: number };
/** POST /api/admin/moderation/users/{id}. */
export type UserModerationResponse = { user: ModerationUserResponse["user"]; reversed_usd: number };
