import type { AdSettings as AdminAdSettings } from "./admin-api";
import type { AdSettings } from "./ads-api";
import type { Documented, Method } from "./api";
import type { paths } from "./api-paths";
import type {
  AdAnalyticsResponse,
  AdminAnalyticsResponse,
  AdminChallengesResponse,
  AdminEarningJson,
  AdminUserJson,
  AnalyticsConfig,
  AuditEntryJson,
  BonusAwardJson,
  ChallengeJson,
  ChallengeProgressResponse,
  ContentJson,
  ContentListResponse,
  ContentModerationResponse,
  ContentReportJson,
  CreatorPageJson,
  CurrentUser,
  EarningRulesJson,
  EarningsCalculateResponse,
  EarningsReport,
  FinalizeResponse,
  LikeStatusResponse,
  ModerationQueueResponse,
  ModerationUserResponse,
  MyViewsResponse,
  PaymentJson,
  PaymentsResponse,
  PayoutPaidJson,
  PayoutRequestJson,
  PlaybackEventResponse,
  PlaybackStartResponse,
  RecommendationsResponse,
  RedirectUrlResponse,
  ReviewJson,
  ReviewsResponse,
  ReviewSweepResponse,
  SessionResponse,
  SessionsEndedResponse,
  SuggestionsResponse,
  TrafficDashboard,
  UploadPartsResponse,
  UploadSignResponse,
  UserModerationResponse,
  WalletJson,
} from "./types";

// The answers the SPA reads whose success body /api/openapi.json does not describe yet (docs/decisions/043):
// until their routes declare a response schema (worker/openapi/responds.ts), a call to them resolves to the
// named type kept here instead of `unknown`. This is the only place an answer's type is asserted rather than
// generated. Once a route declares its schema and `npm run gen:api` has run, its entry stops compiling ("not
// assignable to never"): delete it; delete this file when it is empty.

type Ok = { ok: true };

/** A "method /api/path" key whose route exists and still has no documented success body. */
type StillUndocumented<K> = K extends `${infer M extends Method} ${infer P extends keyof paths}`
  ? [Documented<P, M>] extends [never]
    ? unknown
    : never
  : never;
type OnlyUndocumented<T extends { [K in keyof T]: StillUndocumented<K> }> = T;

type Fallbacks = OnlyUndocumented<{
  // Signing in and the member's account
  "get /api/oauth/google/redirect_url": RedirectUrlResponse;
  "post /api/sessions": SessionResponse;
  "get /api/users/me": CurrentUser;
  "patch /api/users/me/username": CurrentUser;
  "delete /api/users/me/sessions": SessionsEndedResponse;
  "get /api/analytics/config": AnalyticsConfig;
  // Content
  "get /api/content": ContentListResponse;
  "get /api/content/mine": ContentListResponse;
  "get /api/content/liked": ContentListResponse;
  "get /api/content/{id}": ContentJson;
  "patch /api/content/{id}": ContentJson;
  "delete /api/content/{id}": Ok;
  "patch /api/content/{id}/thumbnail": ContentJson;
  "get /api/content/{id}/like-status": LikeStatusResponse;
  "post /api/content/{id}/like": LikeStatusResponse;
  "delete /api/content/{id}/like": LikeStatusResponse;
  "post /api/content/{id}/report": ContentReportJson;
  "get /api/content/recommendations": RecommendationsResponse;
  "get /api/content/{id}/suggestions": SuggestionsResponse;
  "post /api/content/finalize": FinalizeResponse;
  "get /api/users/{id}": CreatorPageJson;
  "post /api/uploads/sign": UploadSignResponse;
  "get /api/uploads/multipart": UploadPartsResponse;
  // Playback, earnings and the wallet
  "get /api/ad-settings": AdSettings;
  "post /api/playback-events": PlaybackStartResponse;
  "post /api/events/playback": PlaybackEventResponse;
  "post /api/earnings/calculate": EarningsCalculateResponse;
  "get /api/earning-rules": EarningRulesJson;
  "get /api/me/wallet": WalletJson;
  "get /api/me/payments": PaymentsResponse;
  "get /api/me/earnings/calendar": EarningsReport;
  "get /api/me/views": MyViewsResponse;
  "get /api/challenges/progress": ChallengeProgressResponse;
  "get /api/analytics/dashboard": TrafficDashboard;
  // Admin
  "get /api/admin/users": AdminUserJson[];
  "get /api/admin/analytics": AdminAnalyticsResponse;
  "get /api/admin/analytics/ads": AdAnalyticsResponse;
  "get /api/admin/analytics/dashboard": TrafficDashboard;
  "get /api/admin/audit": AuditEntryJson[];
  "get /api/admin/earnings": AdminEarningJson[];
  "post /api/admin/earnings": AdminEarningJson;
  "patch /api/admin/earnings/{id}": AdminEarningJson;
  "delete /api/admin/earnings/{id}": Ok;
  "get /api/admin/earnings/calendar": EarningsReport;
  "get /api/admin/bonuses": BonusAwardJson[];
  "post /api/admin/bonuses": BonusAwardJson;
  "patch /api/admin/bonuses/{id}": BonusAwardJson;
  "delete /api/admin/bonuses/{id}": Ok;
  "post /api/admin/bonuses/{id}/review": BonusAwardJson;
  "get /api/admin/payments": PaymentJson[];
  "post /api/admin/payments": PaymentJson;
  "patch /api/admin/payments/{id}": PaymentJson;
  "delete /api/admin/payments/{id}": Ok;
  "get /api/admin/payout-requests": PayoutRequestJson[];
  "post /api/admin/payout-requests/{id}/pay": PayoutPaidJson;
  "post /api/admin/payout-requests/{id}/reject": PayoutRequestJson;
  "get /api/admin/ad-settings": AdminAdSettings;
  "patch /api/admin/ad-settings": AdminAdSettings;
  "get /api/admin/earning-rules": EarningRulesJson;
  "patch /api/admin/earning-rules": EarningRulesJson;
  "get /api/admin/challenges": AdminChallengesResponse;
  "post /api/admin/challenges": ChallengeJson;
  "patch /api/admin/challenges/{id}": ChallengeJson;
  "get /api/admin/reviews": ReviewsResponse;
  "post /api/admin/reviews/sweep": ReviewSweepResponse;
  "post /api/admin/reviews/{id}": ReviewJson;
  "get /api/admin/moderation": ModerationQueueResponse;
  "post /api/admin/moderation/content/{id}": ContentModerationResponse;
  "get /api/admin/moderation/users/{id}": ModerationUserResponse;
  "post /api/admin/moderation/users/{id}": UserModerationResponse;
}>;

/** The named type of an undocumented answer; `unknown` for one the SPA does not read (logout, upload completion). */
export type Undocumented<P extends keyof paths, M extends Method> = `${M} ${P}` extends keyof Fallbacks
  ? Fallbacks[`${M} ${P}`]
  : unknown;
