import { AD_HOST_ORIGIN } from "../../../common/ad-hosts";

// Which hosts the pages' Content-Security-Policy lets ads use (docs/decisions/017). The admin's list is
// checked when it is changed (common/schemas/admin-ad-settings.ts); what is stored is checked again here.

/**
 * The CSP sources for ads: the feed's origin when it is on another site, then the listed hosts. Anything
 * that is not a plain origin is left out (a stored value is text: `https://a;b` parses as a URL, and a `;`
 * would end the directive).
 */
export function adSources(ads: { vast_url: string; ad_hosts: string }): string[] {
  const sources: string[] = [];
  try {
    const feed = new URL(ads.vast_url.trim());
    if (/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/.test(feed.origin)) sources.push(feed.origin);
  } catch {
    // A path on our own site ('self' already covers it), or no feed at all.
  }
  for (const host of ads.ad_hosts.split(/\s+/)) if (AD_HOST_ORIGIN.test(host)) sources.push(host);
  return [...new Set(sources)];
}
