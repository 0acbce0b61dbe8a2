import { Hono } from "hono";
import type { AppEnv } from "./app-env";
import { requireAdmin, requireUser } from "./middleware/access";
import { requestContext } from "./middleware/context";
import { handleError, handleNotFound } from "./middleware/error-handler";
import { sameOriginOnly, securityHeaders } from "./middleware/security";
import { adEventsPublicRoutes, adminAdEventsRoutes } from "./routes/ad-events";
import { adSettingsRoutes, adminAdSettingsRoutes } from "./routes/ad-settings";
import { adminAnalyticsRoutes } from "./routes/admin/analytics";
import { adminAuditRoutes } from "./routes/admin/audit";
import { adminBonusRoutes } from "./routes/admin/bonuses";
import { adminChallengeRoutes } from "./routes/admin/challenges";
import { adminEarningsCalendarRoutes } from "./routes/admin/earnings-calendar";
import { adminEarningRoutes } from "./routes/admin/earnings";
import { adminPaymentRoutes } from "./routes/admin/payments";
import { adminReviewRoutes } from "./routes/admin/reviews";
import { adminUserRoutes } from "./routes/admin/users";
import { apiDocsRoutes } from "./routes/api-docs";
import type { ApiSection } from "./openapi/document";
import { adminAnalyticsDashboardRoutes, analyticsPublicRoutes, analyticsSignedInRoutes } from "./routes/analytics";
import { authRoutes } from "./routes/auth";
import { challengeRoutes } from "./routes/challenges";
import { adminEarningRulesRoutes, earningRulesRoutes } from "./routes/earning-rules";
import { myViewsRoutes } from "./routes/my-views";
import { contentPublicRoutes } from "./routes/content-public";
import { contentSignedInRoutes } from "./routes/content-signed-in";
import { finalizeRoutes } from "./routes/finalize";
import { playbackRoutes } from "./routes/playback";
import { recommendationRoutes } from "./routes/recommendations";
import { uploadRoutes } from "./routes/uploads";
import { usersPublicRoutes, usersSignedInRoutes } from "./routes/users";
import { walletRoutes } from "./routes/wallet";

// Access is declared by the sub-app a route lives in. Hono flattens sub-apps into one router and runs
// matching handlers in registration order, so the order below is part of the security model:
// public routes first (they answer before any guard), then the signed-in guard and its routes, then the
// admin guard and its routes. A route added after a guard is guarded; the route-access test proves it.

// The OpenAPI document is generated from these three sections, so each route is documented with its access.
const apiSections = (): ApiSection[] => [
  { access: "public", prefix: "/api", app: publicApi },
  { access: "signed-in", prefix: "/api", app: signedInApi },
  { access: "admin", prefix: "/api/admin", app: adminApi },
];

const publicApi = new Hono<AppEnv>()
  .route("/", apiDocsRoutes(apiSections))
  .route("/", authRoutes)
  .route("/", usersPublicRoutes)
  .route("/", contentPublicRoutes)
  .route("/", analyticsPublicRoutes)
  .route("/", adEventsPublicRoutes);

const signedInApi = new Hono<AppEnv>()
  .use(requireUser)
  .route("/", usersSignedInRoutes)
  .route("/", contentSignedInRoutes)
  .route("/", finalizeRoutes)
  .route("/", uploadRoutes)
  .route("/", playbackRoutes)
  .route("/", earningRulesRoutes)
  .route("/", walletRoutes)
  .route("/", myViewsRoutes)
  .route("/", recommendationRoutes)
  .route("/", adSettingsRoutes)
  .route("/", challengeRoutes)
  .route("/", analyticsSignedInRoutes);

// Mounted at /admin: every admin path lives under /api/admin, and the guard stays out of other paths.
const adminApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .route("/", adminEarningsCalendarRoutes)
  .route("/", adminReviewRoutes)
  .route("/", adminAdSettingsRoutes)
  .route("/", adminEarningRulesRoutes)
  .route("/", adminChallengeRoutes)
  .route("/", adminUserRoutes)
  .route("/", adminEarningRoutes)
  .route("/", adminBonusRoutes)
  .route("/", adminPaymentRoutes)
  .route("/", adminAnalyticsRoutes)
  .route("/", adminAdEventsRoutes)
  .route("/", adminAuditRoutes)
  .route("/", adminAnalyticsDashboardRoutes);

export const app = new Hono<AppEnv>()
  .basePath("/api")
  .use(securityHeaders)
  .use(requestContext)
  .use(sameOriginOnly)
  .route("/", publicApi)
  .route("/", signedInApi)
  .route("/admin", adminApi);

app.onError(handleError);
app.notFound(handleNotFound);

export type AppType = typeof app;
