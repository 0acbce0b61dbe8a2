import type { AnalyticsConfig } from "../../common/schemas/admin-analytics";
import { adSources } from "../domain/settings/ad-hosts";

// The SPA's Content-Security-Policy. Third-party hosts are allowed only when what needs them is configured:
// the marketing tags' hosts with their ids (docs/product-spec.md §7: the tag manager and the ad pixel load only with their
// ids), the ad feed's host and the admin's ad hosts with the ad settings (docs/decisions/017).
const GA4 = {
  script: ["https://www.googletagmanager.com"],
  connect: ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://www.googletagmanager.com"],
  img: ["https://*.google-analytics.com", "https://www.googletagmanager.com"],
};
const PIXEL = {
  script: ["https://connect.facebook.net"],
  connect: ["https://www.facebook.com", "https://connect.facebook.net"],
  img: ["https://www.facebook.com"],
};

export type AdCspSettings = { vast_url: string; ad_hosts: string };

/** `thumbsOrigin`: the public thumbnail bucket's domain, when pages load thumbnails from it (docs/decisions/083). */
export function spaContentSecurityPolicy(
  config: AnalyticsConfig,
  ads: AdCspSettings,
  thumbsOrigin: string | null = null,
): string {
  const tags = [config.ga4_id ? GA4 : null, config.facebook_pixel_id ? PIXEL : null].filter((t) => t !== null);
  // The feed and its wrappers are fetched, its media files played (and probed with HEAD), its tracking
  // pixels loaded as images: every ad host in each of the three.
  const adHosts = adSources(ads);
  const extra = (kind: "script" | "connect" | "img", withAds: boolean) =>
    [...new Set([...(withAds ? adHosts : []), ...tags.flatMap((t) => t[kind])])].map((h) => ` ${h}`).join("");
  return [
    "default-src 'self'",
    `script-src 'self'${extra("script", false)}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${thumbsOrigin ? ` ${thumbsOrigin}` : ""}${extra("img", true)}`,
    `media-src 'self' blob:${adHosts.map((h) => ` ${h}`).join("")}`,
    `connect-src 'self'${extra("connect", true)}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
