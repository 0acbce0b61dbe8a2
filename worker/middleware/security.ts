import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { forbidden } from "../lib/errors";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * CSRF guard: a state-changing request must come from our own origin. Browsers always send Origin on
 * such requests; tools without one (curl) cannot carry a victim's cookie anyway. GET /api/logout changes
 * state too (the spec fixes its method), so /api/logout is refused, whatever the method, when the browser
 * says it is cross-site (HEAD reaches GET routes in Hono; the route itself answers 405 to HEAD).
 */
export const sameOriginOnly = createMiddleware<AppEnv>(async (c, next) => {
  const method = c.req.method;
  const site = c.req.header("sec-fetch-site");
  const origin = c.req.header("origin");
  const own = new URL(c.req.url).origin;
  const isLogout = c.req.path === "/api/logout";
  if (UNSAFE.has(method) || isLogout) {
    if (origin && origin !== own) throw forbidden("Cross-site request refused", "cross_site");
    if (site === "cross-site") throw forbidden("Cross-site request refused", "cross_site");
  }
  await next();
});

/**
 * Security headers on every API response; the SPA's own headers live in public/_headers. A handler may state a
 * policy of its own (the API reference page, routes/api-docs.ts); every other response gets "default-src 'none'".
 */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const h = c.res.headers;
  if (!h.has("Content-Security-Policy")) {
    h.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
  }
  h.set("X-Content-Type-Options", "nosniff");
  h.set("X-Frame-Options", "DENY");
  h.set("Referrer-Policy", "strict-origin-when-cross-origin");
  h.set("Cross-Origin-Resource-Policy", "same-origin");
  if (!h.has("Cache-Control")) h.set("Cache-Control", "no-store");
});
