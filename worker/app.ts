import { Hono } from "hono";
import type { AppEnv } from "./app-env";
import { requireActiveMember, requireAdmin, requireUser } from "./middleware/access";
import { limitBodies } from "./middleware/body-limit";
import { requestContext } from "./middleware/context";
import { handleError, handleNotFound } from "./middleware/error-handler";
import { sameOriginOnly, securityHeaders } from "./middleware/security";
import { adEventsPublicRoutes } from "./routes/ads-track";
import { adSettingsRoutes } from "./routes/ad-settings";
import { adminAdSettingsRoutes } from "./routes/admin/ad-settings";
import { adminAnalyticsRoutes } from "./routes/admin/analytics";
import { adminAppealRoutes } from "./routes/admin/appeals";
import { adminAuditRoutes } from "./routes/admin/audit";
import { adminChallengeRoutes } from "./routes/admin/challenges";
import { adminArchiveRoutes } from "./routes/admin/archive";
import { adminDeadLetterRoutes } from "./routes/admin/dead-letters";
import { adminEarningRulesRoutes } from "./routes/admin/earning-rules";
import { adminEarningsCalendarRoutes } from "./routes/admin/earnings-calendar";
import { adminManualBonusRoutes } from "./routes/admin/bonuses";
import { adminManualEarningRoutes } from "./routes/admin/earnings";
import { adminModerationRoutes } from "./routes/admin/moderation";
import { adminPaymentRoutes } from "./routes/admin/payments";
import { adminPayoutBatchRoutes } from "./routes/admin/payout-batches";
import { adminPayoutRequestRoutes } from "./routes/admin/payout-requests";
import { adminReviewRoutes } from "./routes/admin/reviews";
import { adminSignOnBonusRoutes } from "./routes/admin/bonuses-review";
import { adminTrafficRoutes } from "./routes/admin/traffic-dashboard";
import { adminUserRoutes } from "./routes/admin/users";
import { analyticsConfigRoutes } from "./routes/analytics-config";
import { trafficPublicRoutes, trafficSignedInRoutes } from "./routes/traffic";
import { apiDocsRoutes } from "./routes/api-docs";
import { appealRoutes } from "./routes/appeals";
import type { ApiSection } from "./openapi/document";
import { authRoutes } from "./routes/auth";
import { challengeRoutes } from "./routes/challenges";
import { embedPublicRoutes } from "./routes/embed";
import { commentActiveRoutes, commentPublicRoutes, commentSignedInRoutes } from "./routes/comments";
import { contentActiveRoutes, contentPublicRoutes, contentSignedInRoutes } from "./routes/content";
import { captionsActiveRoutes, captionsPublicRoutes } from "./routes/content-captions";
import { storyboardActiveRoutes, storyboardPublicRoutes } from "./routes/content-storyboard";
import { contentReportRoutes } from "./routes/content-reports";
import { contentStatsRoutes } from "./routes/content-stats";
import { earningRulesRoutes, viewRewardRoutes } from "./routes/earning-rules";
import { earningsRoutes } from "./routes/earnings";
import { finalizeRoutes } from "./routes/content-finalize";
import { myHistoryRoutes } from "./routes/me-history";
import { followActiveRoutes, followSignedInRoutes } from "./routes/creators-follow";
import { followingRoutes } from "./routes/me-following";
import { notificationRoutes } from "./routes/me-notifications";
import { myViewsRoutes } from "./routes/me-views";
import { payoutRequestReadRoutes, payoutRequestWriteRoutes } from "./routes/me-payout-requests";
import { playbackRoutes } from "./routes/playback";
import { playlistActiveRoutes, playlistPublicRoutes, playlistSignedInRoutes } from "./routes/playlists";
import { recommendationRoutes } from "./routes/recommendations";
import { uploadRoutes } from "./routes/uploads";
import { usersPublicRoutes, usersSignedInRoutes } from "./routes/users";
import { profileActiveRoutes, profilePublicRoutes, profileSignedInRoutes } from "./routes/users-profile";
import { walletRoutes } from "./routes/me-wallet";
import { profileImageFromCache, thumbnailFromCache } from "./routes/thumbnail-cache";
import { ID_PATTERN } from "./lib/ids";

// Access is declared by the sub-app a route lives in. Hono flattens sub-apps into one router and runs
// matching handlers in registration order, so the order below is part of the security model:
// public routes first (they answer before any guard), then the signed-in guard and its routes, then the
// admin guard and its routes (under /admin only), then the good-standing guard and the writes a suspended
// member may not make (docs/decisions/027). A route added after a guard is guarded; the route-access test
// proves it.

// The OpenAPI document is generated from these sections, so each route is documented with its access.
const apiSections = (): ApiSection[] => [
  { access: "public", prefix: "/api", app: publicApi },
  { access: "signed-in", prefix: "/api", app: signedInApi },
  { access: "signed-in", prefix: "/api", app: activeMemberApi, refusesSuspended: true },
  { access: "admin", prefix: "/api/admin", app: adminApi },
];

const publicApi = new Hono<AppEnv>()
  .route("/", apiDocsRoutes(apiSections))
  .route("/", authRoutes)
  .route("/", usersPublicRoutes)
  .route("/", profilePublicRoutes)
  .route("/", contentPublicRoutes)
  .route("/", captionsPublicRoutes)
  .route("/", storyboardPublicRoutes)
  .route("/", trafficPublicRoutes)
  .route("/", analyticsConfigRoutes)
  .route("/", adEventsPublicRoutes)
  .route("/", viewRewardRoutes)
  .route("/", playlistPublicRoutes)
  .route("/", commentPublicRoutes)
  // The oEmbed answer and the embed page's media (docs/decisions/099): answered as to a visitor, whoever asks.
  .route("/", embedPublicRoutes)
  // The ad breaks and feed: the embed plays ads as the site does, for visitors too (docs/decisions/099).
  .route("/", adSettingsRoutes);

const signedInApi = new Hono<AppEnv>()
  .use(requireUser)
  .route("/", usersSignedInRoutes)
  .route("/", profileSignedInRoutes)
  .route("/", contentSignedInRoutes)
  .route("/", contentStatsRoutes)
  .route("/", playbackRoutes)
  .route("/", earningsRoutes)
  .route("/", earningRulesRoutes)
  .route("/", walletRoutes)
  .route("/", payoutRequestReadRoutes)
  .route("/", myViewsRoutes)
  .route("/", myHistoryRoutes)
  .route("/", recommendationRoutes)
  .route("/", challengeRoutes)
  .route("/", trafficSignedInRoutes)
  .route("/", followSignedInRoutes)
  .route("/", followingRoutes)
  .route("/", notificationRoutes)
  // A suspended member appeals their suspension: before the good-standing guard (docs/decisions/092).
  .route("/", appealRoutes)
  .route("/", playlistSignedInRoutes)
  .route("/", commentSignedInRoutes);

// Signed in and not suspended: uploads, likes, reports and changes to content. A suspended member may still
// sign in, read, watch (unpaid) and see the wallet through the sub-app above.
const activeMemberApi = new Hono<AppEnv>()
  .use(requireActiveMember)
  .route("/", contentActiveRoutes)
  .route("/", captionsActiveRoutes)
  .route("/", storyboardActiveRoutes)
  .route("/", contentReportRoutes)
  .route("/", finalizeRoutes)
  .route("/", uploadRoutes)
  .route("/", payoutRequestWriteRoutes)
  .route("/", followActiveRoutes)
  .route("/", profileActiveRoutes)
  .route("/", playlistActiveRoutes)
  .route("/", commentActiveRoutes);

// Mounted at /admin: every admin path lives under /api/admin, and the guard stays out of other paths. Their
// files are under routes/admin/, one per resource.
const adminApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .route("/", adminEarningsCalendarRoutes)
  .route("/", adminReviewRoutes)
  .route("/", adminAdSettingsRoutes)
  .route("/", adminEarningRulesRoutes)
  .route("/", adminChallengeRoutes)
  .route("/", adminUserRoutes)
  .route("/", adminManualEarningRoutes)
  .route("/", adminManualBonusRoutes)
  .route("/", adminSignOnBonusRoutes)
  .route("/", adminPaymentRoutes)
  .route("/", adminPayoutRequestRoutes)
  .route("/", adminPayoutBatchRoutes)
  .route("/", adminAnalyticsRoutes)
  .route("/", adminAuditRoutes)
  .route("/", adminTrafficRoutes)
  .route("/", adminModerationRoutes)
  .route("/", adminAppealRoutes)
  .route("/", adminArchiveRoutes)
  .route("/", adminDeadLetterRoutes);

export const app = new Hono<AppEnv>()
  .basePath("/api")
  .use(securityHeaders)
  // A thumbnail the edge cache holds is answered before the session lookup (docs/decisions/074): no D1 on a hit.
  .use(`/content/:id${ID_PATTERN}/thumbnail`, thumbnailFromCache)
  // Avatars and banners the same way (docs/decisions/091).
  .use("/users/:id/avatar", profileImageFromCache("avatar"))
  .use("/users/:id/banner", profileImageFromCache("banner"))
  .use(requestContext)
  .use(sameOriginOnly)
  .use(limitBodies)
  .route("/", publicApi)
  .route("/", signedInApi)
  .route("/admin", adminApi)
  .route("/", activeMemberApi);

app.onError(handleError);
app.notFound(handleNotFound);
