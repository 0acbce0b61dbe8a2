import type { ContentFeedQuery } from "./content-api";
import type { ReportQuery, ViewSide } from "./earnings-api";
import type { AppealFilter } from "./appeals-api";
import type { ModerationFilter } from "./moderation-api";
import type { DashboardMode, TrafficRange } from "./traffic-api";

// Every key of the SPA's server-state cache (TanStack Query), in one place, so an invalidation names
// exactly what it refreshes. The first element is the kind of data: invalidating `[kind]` reaches every
// variant of it. Data that differs between accounts carries the user id, so after signing out and in as
// someone else the cache can never show the previous account's answers.

type UserId = string | null;

export const queryKeys = {
  contentFeed: (query: ContentFeedQuery) => ["content-feed", query] as const,
  content: (id: string) => ["content", id] as const,
  creator: (id: string) => ["creator", id] as const,
  /** The member's own bio, links, avatar and banner, for Profile Settings (docs/decisions/091). */
  myProfile: (userId: UserId) => ["my-profile", userId] as const,
  suggestions: (contentId: string) => ["suggestions", contentId] as const,
  likeStatus: (userId: UserId, contentId: string) => ["like-status", userId, contentId] as const,
  recommendations: (userId: UserId) => ["recommendations", userId] as const,
  myContent: (userId: UserId) => ["my-content", userId] as const,
  likedContent: (userId: UserId) => ["liked-content", userId] as const,
  /** The watch history (docs/decisions/045): all of it (Profile) or the unfinished items (Continue watching). */
  history: (userId: UserId, unfinished: boolean) => ["history", userId, unfinished] as const,
  /** Whom the member follows, what those creators uploaded, and the bell (docs/decisions/046). */
  following: (userId: UserId) => ["following", userId] as const,
  followedUploads: (userId: UserId) => ["followed-uploads", userId] as const,
  /** /following's pages: its own key, so its "New" marks stay as loaded while opening it reads them. */
  followingFeed: (userId: UserId) => ["following-feed", userId] as const,
  notifications: (userId: UserId) => ["notifications", userId] as const,
  /** The moderation actions against the member and their appeals (docs/decisions/092). */
  myAppeals: (userId: UserId) => ["my-appeals", userId] as const,
  /** Playlists (docs/decisions/090): one list, the member's lists (with whether each holds an item), a creator's. */
  playlist: (userId: UserId, id: string) => ["playlist", userId, id] as const,
  myPlaylists: (userId: UserId, contentId?: string) => ["my-playlists", userId, contentId ?? null] as const,
  publicPlaylists: (creatorId: string) => ["public-playlists", creatorId] as const,
  /** An item's comments (docs/decisions/093), per sort; `[comments, userId, contentId]` reaches both sorts. */
  comments: (userId: UserId, contentId: string, sort?: string) =>
    sort ? (["comments", userId, contentId, sort] as const) : (["comments", userId, contentId] as const),
  /** One item's studio (docs/decisions/048), per range. */
  contentStats: (userId: UserId, contentId: string, range: string) =>
    ["content-stats", userId, contentId, range] as const,

  /** The home page's earnings run (POST /api/earnings/calculate), polled like a query. */
  earningsRun: (userId: UserId) => ["earnings-run", userId] as const,
  wallet: (userId: UserId) => ["wallet", userId] as const,
  payments: (userId: UserId) => ["payments", userId] as const,
  payoutRequests: (userId: UserId) => ["payout-requests", userId] as const,
  earningRules: () => ["earning-rules"] as const,
  viewReward: () => ["view-reward"] as const,
  earningsReport: (userId: UserId, query: ReportQuery | null) => ["earnings-report", userId, query] as const,
  dayViews: (userId: UserId, date: string, side: ViewSide) => ["day-views", userId, date, side] as const,
  challengeProgress: (userId: UserId) => ["challenge-progress", userId] as const,

  trafficDashboard: (mode: DashboardMode, userId: UserId, range: TrafficRange) =>
    ["traffic-dashboard", mode, userId, range] as const,

  /** Everything the admin dashboard lists; a saved admin change invalidates all of it. */
  admin: {
    all: ["admin"] as const,
    list: (name: string, ...params: unknown[]) => ["admin", name, ...params] as const,
    /** The Moderation tab's queue: items with open reports, or taken down. */
    moderationQueue: (status: ModerationFilter) => ["admin", "moderation", status] as const,
    /** A member's moderation page: standing, reports received and made, actions. */
    moderationMember: (userId: string) => ["admin", "moderation-member", userId] as const,
    /** The Moderation tab's appeals: open or decided (docs/decisions/092). */
    appeals: (status: AppealFilter) => ["admin", "appeals", status] as const,
  },
};

/**
 * The kinds of data a run of the earnings job that credited views makes out of date (docs/architecture.md
 * §4: the page refreshes in place): balances, payments, the calendar, challenge progress (a pending
 * sign-on bonus may now be awarded), the recommendations (they learn from finished views) and the gallery.
 */
export const creditedViewsMakeStale: readonly string[] = [
  queryKeys.wallet(null),
  queryKeys.payments(null),
  queryKeys.payoutRequests(null),
  queryKeys.earningsReport(null, null),
  queryKeys.challengeProgress(null),
  queryKeys.recommendations(null),
  queryKeys.contentFeed({}),
].map(([kind]) => kind); // Read off the keys themselves, so the two can never drift apart.

/**
 * The kinds of data a takedown or a restore makes out of date for the admin's own screens besides the admin
 * lists: whether the item is listed (gallery, search, recommendations, Up Next, liked items, a creator's
 * counts), the item itself (404 once removed) and the creator's My Content marker.
 */
export const contentVisibilityMakesStale: readonly string[] = [
  queryKeys.contentFeed({}),
  queryKeys.content(""),
  queryKeys.creator(""),
  queryKeys.suggestions(""),
  queryKeys.recommendations(null),
  queryKeys.myContent(null),
  queryKeys.likedContent(null),
].map(([kind]) => kind);
