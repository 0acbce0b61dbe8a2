import { z } from "zod";

// Which hosts the pages' Content-Security-Policy lets ads use (docs/decisions/017): the feed's own origin,
// plus the hosts an admin lists because the feed names them (media CDNs, wrapper servers, tracking pixels).

/** An https origin, optionally with a leading `*.` wildcard and a port: exactly what a CSP source may be. */
const ORIGIN = /^https:\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+(:\d{1,5})?$/;
export const MAX_AD_HOSTS = 20;

/** The admin's list, one origin per line (or separated by spaces or commas), stored space-separated. */
export const adHostsInput = z
  .string()
  .max(2048, "must be at most 2048 characters")
  .transform((text, ctx) => {
    const hosts = [...new Set(text.split(/[\s,]+/).filter(Boolean).map((h) => h.toLowerCase().replace(/\/$/, "")))];
    const bad = hosts.find((h) => !ORIGIN.test(h));
    if (bad !== undefined) {
      ctx.addIssue({ code: "custom", message: `"${bad}" is not an https origin such as https://cdn.example.com or https://*.example.com` });
      return z.NEVER;
    }
    if (hosts.length > MAX_AD_HOSTS) {
      ctx.addIssue({ code: "custom", message: `at most ${MAX_AD_HOSTS} hosts` });
      return z.NEVER;
    }
    return hosts.join(" ");
  });

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
  for (const host of ads.ad_hosts.split(/\s+/)) if (ORIGIN.test(host)) sources.push(host);
  return [...new Set(sources)];
}
