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

/** GET /api/users/me, and `user` in POST /api/sessions (docs/product-spec.md §3 "Current user"). */
export type CurrentUserJson = {
  id: string;
  email: string;
  username: string | null;
  is_admin: 0 | 1;
  created_at: string;
  /** Suspended by moderators: may sign in and see the wallet, may not upload, like, report or earn. */
  suspended: boolean;
};

/** GET /api/users/{id}: a creator's public card (docs/decisions/004). */
export type CreatorCardJson = { id: string; username: string | null; display_name: string; created_at: string };

export type RedirectUrlResponse = { redirectUrl: string };
export type SessionResponse = { user: CurrentUserJson; created: boolean };
/** DELETE /api/users/me/sessions ("Sign out of all devices"): how many sessions ended, this browser's included. */
export type SessionsEndedResponse = { ended: number };
export type LogoutResponse = { ok: true };

// ---- Content (docs/product-spec.md §3 "Content", §7 "Content") ----

export type LikeStatusResponse = { liked: boolean; like_count: number };

/** GET /api/users/{id} adds the counts the creator page shows. */
export type CreatorPageJson = CreatorCardJson & { video_count: number; audio_count: number };

// ---- Uploads (docs/architecture.md §4 "Uploads") ----

export type UploadSignRequest = UploadSignBody;

/**
 * POST /api/uploads/sign. Small files (`multipart` null): PUT the whole file to `uploadUrl` with its
 * content type. Files above the multipart threshold: follow `multipart` (the R2 multipart upload is
 * already created by the sign step).
 */
export type UploadSignResponse = {
  key: string;
  uploadUrl: string;
  multipart: UploadMultipartPlan | null;
};

/**
 * Multipart plan: every part but the last is `partSize` bytes; `token` is the signed upload token.
 *   GET    /api/uploads/multipart?token=…              → UploadPartsResponse (parts already stored: resume)
 *   PUT    /api/uploads/multipart/part?token=…&part=N  → { part, size } (N from 1 to partCount; retry freely)
 *   POST   /api/uploads/multipart/complete?token=…     → { key }
 *   DELETE /api/uploads/multipart?token=…              → { ok: true } (abort)
 */
export type UploadMultipartPlan = { token: string; partSize: number; partCount: number };

export type UploadPartsResponse = { parts: { part: number; size: number }[] };

export type FinalizeRequest = ContentFinalizeBody;

export type FinalizeResponse = { id: string };

// ---- Playback and earnings (docs/product-spec.md §7 "Playback and earnings", "Wallet") ----

/** Why a view that starts now cannot earn, as far as the start knows (the daily caps are told by the wallet). */
/** `item_daily_cap` / `daily_cap`: the day's earnable places (per item, in all) were already taken at the start. */
export type PlaybackNotEarningReason = "own_content" | "too_short" | "suspended" | "removed" | "item_daily_cap" | "daily_cap";
/** Why the last event added no watched time, when the view is to blame: it ran ahead of the pace, or a newer start stopped it. */
export type PlaybackCountingReason = "too_fast" | "another_session";
export type PlaybackStartResponse =
  | { view_id: string; earnable: true }
  | { view_id: string; earnable: false; reason: PlaybackNotEarningReason };
export type PlaybackEventResponse = {
  view_id: string;
  accepted: boolean;
  qualified: boolean;
  /** This event added watched time toward the 80 % that earns. */
  counting: boolean;
  reason?: PlaybackCountingReason;
  /** Watched time counted so far, whole percent of the item (rounded down); 80 earns once the bytes were served. */
  watched_percent: number;
};
export type EarningsCalculateResponse = {
  processed: number;
  message: string;
  /**
   * USD credited to the caller's own views (their viewer rewards) since they were last told, whoever credited
   * it: this run or the cron before it. Each credit is told once (docs/decisions/033); 0 when nothing new.
   */
  credited_usd: number;
};

/** GET /api/me/wallet: balances in USD (derived from records; docs/architecture.md §3). */
export type WalletJson = {
  viewer_balance: number;
  creator_balance: number;
  /** Gross amounts before payments, for the wallet's cards. */
  viewer_earnings: number;
  creator_earnings: number;
  bonuses: number;
  /** Payments (pending or completed) drawn from each side: viewer first, then creator (docs/architecture.md §3). */
  viewer_payouts: number;
  creator_payouts: number;
  /** Completed payments only; pending ones are in `pending_payouts` (both already lower the balances). */
  paid_out: number;
  pending_payouts: number;
  minimum_payout: number;
  /**
   * Held earnings (docs/decisions/019): view rewards and sign-on bonuses are pending for the holding period
   * (or while a fraud review covers them); everything else is available. Payments draw on the available
   * balance only. available_balance + pending_balance + reserved_payout = viewer_balance + creator_balance.
   */
  available_balance: number;
  /** What the member's open payout request reserves (docs/decisions/036): in the balances, not available. */
  reserved_payout: number;
  pending_balance: number;
  /** The pending part of each side (viewer_pending + creator_pending = pending_balance). */
  viewer_pending: number;
  creator_pending: number;
  /**
   * Earnings a fraud review took back from each side (positive amounts; already out of the balances); the
   * viewer side includes a sign-on bonus taken back (docs/decisions/031).
   */
  viewer_reversed: number;
  creator_reversed: number;
  /** When the next pending amount becomes available (null when nothing waits on the clock). */
  next_available_at: string | null;
};

// ---- A reason for every view (docs/product-spec.md §10; docs/decisions/019) ----

/** What a view did for the caller: paid and available, paid but held, never paid, or paid and taken back. */
export type ViewOutcome = "earned" | "pending" | "not_earned" | "reversed";
/** Why, from one documented set; null for an earned view and for a pending one that only waits out its hold. */
export type ViewReason =
  | "too_fast"
  | "under_80"
  | "own_content"
  | "item_daily_cap"
  | "viewer_daily_cap"
  | "too_short"
  | "another_session"
  | "expired"
  | "under_review"
  | "reversed"
  /** The item was taken down by moderators, or its creator suspended: not paid, or paid and taken back (docs/decisions/027). */
  | "removed"
  /** The viewer's account was suspended: not paid, or paid and taken back (docs/decisions/027). */
  | "suspended"
  /** Watched long enough, but the stream never served the viewer 80 % of the item's bytes (docs/decisions/029). */
  | "not_delivered";

export type MyViewJson = {
  id: string;
  content_id: string;
  content_title: string;
  content_type: ContentType;
  /** The item was deleted since (docs/decisions/028): the view and what it paid stay; the item opens no more. */
  content_deleted: boolean;
  started_at: string;
  /** Accepted watch time as a share of the item's duration, 0–100 (whole percent). */
  watched_percent: number;
  outcome: ViewOutcome;
  reason: ViewReason | null;
  /** What this view paid (or would pay, or paid and lost) the caller on this side, in USD; 0 when not earned. */
  amount_usd: number;
  /** For a pending view in its hold: when it becomes available. */
  available_at: string | null;
};

/** GET /api/me/views?date=YYYY-MM-DD[&as=creator]: the caller's views of one UTC day, newest first. */
export type MyViewsResponse = {
  date: string;
  as: "viewer" | "creator";
  views: MyViewJson[];
  /** True when the day has more views than the list shows (at most 500). */
  truncated: boolean;
};

// ---- Fraud reviews (admin; docs/decisions/019) ----

import type { ReviewJson, ReviewRule, ReviewStatus, ReviewSweepResponse, ReviewsResponse } from "./schemas/admin-reviews";
export type { ReviewJson, ReviewRule, ReviewStatus, ReviewSweepResponse, ReviewsResponse };
/** POST /api/admin/reviews/{id}: settles an open flag (audited); 409 once settled. Answers the ReviewJson. */
export type ReviewDecision = ReviewDecisionBody;


import type { PayoutRequestJson, PayoutRequestsResponse } from "./schemas/payout-requests";
export type { PayoutRequestJson, PayoutRequestsResponse };

/** POST /api/admin/payout-requests/{id}/pay: the request, now paid, and the payment that paid it. */
export type PayoutPaidJson = { request: PayoutRequestJson; payment: PaymentJson };

export type EarningsGroupBy = "daily" | "weekly" | "monthly";

// ---- Challenges (docs/product-spec.md §3 "Challenge", "Challenge progress", "Bonus record") ----

/** GET /api/challenges/progress. `bonus` is the awarded sign-on bonus, null until the job awards it. */
export type ChallengeProgressResponse = {
  timeRemaining: number;
  progress: {
    id: string;
    is_completed: boolean;
    progress_value: number;
    challenge: Pick<ChallengeJson, "name" | "description" | "bonus_amount" | "requirement_type" | "requirement_value">;
  }[];
  bonus: { total_bonus_amount: number } | null;
};

/** POST /api/admin/bonuses/{id}/review: settles a held sign-on bonus; answers the updated BonusAwardJson. */
export type { BonusReviewBody } from "./schemas/admin-reviews";

/** GET /api/admin/challenges: the list, the sign-on bonus history and its totals. */
import type { AdminChallengesResponse } from "./schemas/admin-challenges";
export type { AdminChallengesResponse };

// ---- Earning rules (docs/architecture.md §4 "A view"; docs/decisions/015) ----

export type { EarningRuleKey } from "./earning-rules";

/** PATCH /api/admin/earning-rules (audited); answers the updated EarningRulesJson. */
export type { EarningRuleChange } from "./schemas/admin-earning-rules";

// ---- Recommendations (docs/product-spec.md §7 "Content"; docs/architecture.md §4 "Recommendations") ----

/** GET /api/content/recommendations: "Recommended for You", best first. */
export type RecommendationsResponse = { items: ContentJson[] };

/** GET /api/content/{id}/suggestions: the Up Next panel, best first. */
export type SuggestionsResponse = { suggestions: ContentJson[] };

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
