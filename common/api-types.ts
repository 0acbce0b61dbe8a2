import type { ContentModerationAction, ReportReason, UserModerationAction } from "./moderation";

// Response shapes of the API, as plain types with no runtime imports, so the SPA can import them too
// (`import type`) and both sides fail to compile when one changes (docs/decisions/006). What a request
// sends is the input type of the schema that validates it (common/schemas, docs/decisions/024); the
// request types named here are those, kept under the names the SPA already uses.
import type { ReviewDecisionBody } from "./schemas/admin-reviews";
import type { ContentFinalizeBody } from "./schemas/content";
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

import type { CreatorPageJson, CurrentUserJson } from "./schemas/users";
export type { CreatorPageJson, CurrentUserJson };

// ---- Content (docs/product-spec.md §3 "Content", §7 "Content") ----

import type { FinalizeResponse, LikeStatusResponse } from "./schemas/content";
export type { FinalizeResponse, LikeStatusResponse };

// ---- Uploads (docs/architecture.md §4 "Uploads") ----

import type { UploadMultipartPlan, UploadSignResponse } from "./schemas/uploads";
export type { UploadMultipartPlan, UploadSignResponse };

export type FinalizeRequest = ContentFinalizeBody;

// ---- Playback and earnings (docs/product-spec.md §7 "Playback and earnings", "Wallet") ----

import type { PlaybackCountingReason, PlaybackEventResponse, PlaybackNotEarningReason, PlaybackStartResponse } from "./schemas/playback";
import type { EarningsCalculateResponse } from "./schemas/earnings";
import type { WalletJson } from "./schemas/wallet";
export type { EarningsCalculateResponse, PlaybackCountingReason, PlaybackEventResponse, PlaybackNotEarningReason, PlaybackStartResponse, WalletJson };

// ---- A reason for every view (docs/product-spec.md §10; docs/decisions/019) ----

import type { ArchivedDayJson, MyViewJson, MyViewsResponse, ViewOutcome, ViewReason } from "./schemas/my-views";
export type { ArchivedDayJson, MyViewJson, MyViewsResponse, ViewOutcome, ViewReason };

// ---- Fraud reviews (admin; docs/decisions/019) ----

import type { ReviewJson, ReviewRule, ReviewStatus, ReviewSweepResponse, ReviewsResponse } from "./schemas/admin-reviews";
export type { ReviewJson, ReviewRule, ReviewStatus, ReviewSweepResponse, ReviewsResponse };
/** POST /api/admin/reviews/{id}: settles an open flag (audited); 409 once settled. Answers the ReviewJson. */
export type ReviewDecision = ReviewDecisionBody;


import type { PayoutRequestJson, PayoutRequestsResponse } from "./schemas/payout-requests";
export type { PayoutRequestJson, PayoutRequestsResponse };

import type { PayoutPaidJson } from "./schemas/admin-payout-requests";
/** POST /api/admin/payout-requests/{id}/pay: the request, now paid, and the payment that paid it. */
export type { PayoutPaidJson };

export type EarningsGroupBy = "daily" | "weekly" | "monthly";

// ---- Challenges (docs/product-spec.md §3 "Challenge", "Challenge progress", "Bonus record") ----

import type { ChallengeProgressResponse } from "./schemas/challenges";
export type { ChallengeProgressResponse };

/** POST /api/admin/bonuses/{id}/review: settles a held sign-on bonus; answers the updated BonusAwardJson. */
export type { BonusReviewBody } from "./schemas/admin-reviews";

/** GET /api/admin/challenges: the list, the sign-on bonus history and its totals. */
import type { AdminChallengesResponse } from "./schemas/admin-challenges";
export type { AdminChallengesResponse };

// ---- Earning rules (docs/architecture.md §4 "A view"; docs/decisions/015) ----

export type { EarningRuleKey } from "./earning-policy";

/** PATCH /api/admin/earning-rules (audited); answers the updated EarningRulesJson. */
export type { EarningRuleChange } from "./schemas/admin-earning-rules";

// ---- Recommendations (docs/product-spec.md §7 "Content"; docs/architecture.md §4 "Recommendations") ----

import type { RecommendationsResponse, SuggestionsResponse } from "./schemas/recommendations";
export type { RecommendationsResponse, SuggestionsResponse };

// ---- Admin (docs/product-spec.md §3 "User (admin list)", "Earning record", "Bonus record", "Admin analytics") ----

import type { AdAnalyticsResponse, AdEventCounts, AdFiguresJson, AdminAnalyticsResponse } from "./schemas/admin-analytics";
import type { AuditEntryJson } from "./schemas/admin-audit";
import type { AdminEarningJson } from "./schemas/admin-money";
import type { AdminUserJson } from "./schemas/admin-users";
export type { AdAnalyticsResponse, AdEventCounts, AdFiguresJson, AdminAnalyticsResponse, AdminEarningJson, AdminUserJson, AuditEntryJson };

// ---- Traffic analytics (docs/product-spec.md §3 "Analytics (traffic)", "Analytics config") ----

import type { AnalyticsConfig } from "./schemas/admin-analytics";
import type { TrafficDashboard } from "./schemas/traffic";
export type { AnalyticsConfig, TrafficDashboard };

// ---- Moderation (issue 17) ----

export type { ContentModerationAction, ReportReason, UserModerationAction };

import type {
  ContentModerationResponse,
  ContentReportJson,
  ModeratedItemJson,
  ModerationActionJson,
  ModerationQueueResponse,
  ModerationUserResponse,
  UserModerationResponse,
} from "./schemas/moderation";
export type { ContentModerationResponse, ContentReportJson, ModeratedItemJson, ModerationActionJson, ModerationQueueResponse };
export type { ModerationUserResponse, UserModerationResponse };
