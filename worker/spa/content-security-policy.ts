import type { AnalyticsConfig } from "../api-types";

// The SPA's Content-Security-Policy. Third-party hosts are allowed only when the marketing tags that need
// them are configured (spec §7: the tag manager and the ad pixel load only with their ids).
const GA4 = { script: ["https://www.googletagmanager.com"], connect: ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://www.googletagmanager.com"] };
const PIXEL = { script: ["https://connect.facebook.net"], connect: ["https://www.facebook.com", "https://connect.facebook.net"] };

export function spaContentSecurityPolicy(config: AnalyticsConfig): string {
  const tags = [config.ga4_id ? GA4 : null, config.facebook_pixel_id ? PIXEL : null].filter((t) => t !== null);
  const extra = (kind: "script" | "connect") => tags.flatMap((t) => t[kind]).map((h) => ` ${h}`).join("");
  return [
    "default-src 'self'",
    `script-src 'self'${extra("script")}`,
    "style-src 'self' 'unsafe-inline'",
    // Ad servers' tracking pixels (impressions, quartiles) are images on their own https hosts.
    "img-src 'self' data: blob: https:",
    // Ad feeds and ad media may live on ad servers (admin-configured VAST URLs), so media and connections
    // to https origins are allowed; scripts never are.
    "media-src 'self' blob: https:",
    `connect-src 'self' https:${extra("connect")}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
