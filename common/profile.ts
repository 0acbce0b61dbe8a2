import { hasUnshowable, visibleLength } from "./member-text";

// A creator's bio and links (docs/decisions/091): the profile form checks them before asking, the server checks
// them again (PATCH /api/users/me/profile) and stores what `cleanBio` and `cleanLinks` give back.

export const BIO_MAX = 1000;
export const LINKS_MAX = 5;
export const LINK_MAX = 300;

/**
 * The bio as stored: line breaks as \n, tabs and other control characters as spaces (docs/decisions/091: cleaned,
 * not refused), at most one blank line in a row, trimmed; empty when nothing in it shows (docs/decisions/106).
 */
export function cleanBio(raw: string): string {
  const bio = raw
    .replace(/\r\n?/g, "\n")
    // Tabs and other control characters would render unpredictably; line breaks are the only layout a bio has.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, " ")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return visibleLength(bio) ? bio : "";
}

/**
 * The problem with a bio, or null when it is fine. Control characters are cleaned away, but a lone surrogate has no
 * character to keep and is refused (docs/decisions/106). Length is counted as a text field counts it (UTF-16 units).
 */
export function bioError(raw: string): string | null {
  if (hasUnshowable(cleanBio(raw))) return "Bio contains characters that cannot be shown";
  return cleanBio(raw).length > BIO_MAX ? "Bio must be at most 1,000 characters" : null;
}

/**
 * A link as stored: the address a browser would open, or null when it is not an http(s) address anyone could
 * follow safely. `javascript:`, `data:` and every other scheme are refused, and so is a user name or password
 * before the host, which makes `https://bank.example@evil.example` look like a link to the bank.
 */
export function parseLink(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (!url.hostname || url.username || url.password) return null;
  return url;
}

/** The host a link is shown with: without `www.`, as the address bar shows it (punycode for other scripts). */
export function linkHost(href: string): string {
  const host = new URL(href).hostname;
  return host.startsWith("www.") ? host.slice(4) : host;
}

/** The problem with a list of links (empty entries left out), or null when they are fine. Numbers count from 1. */
export function linksError(raw: readonly string[]): string | null {
  const links = raw.map((l) => l.trim()).filter(Boolean);
  if (links.length > LINKS_MAX) return "You can add at most 5 links";
  const seen = new Set<string>();
  for (const [i, link] of links.entries()) {
    if (link.length > LINK_MAX) return `Link ${i + 1} must be at most 300 characters`;
    if (hasUnshowable(link)) return `Link ${i + 1} contains characters that cannot be shown`;
    const url = parseLink(link);
    if (!url) return `Link ${i + 1} must be a web address starting with http:// or https://`;
    if (seen.has(url.href)) return `Link ${i + 1} is listed twice`;
    seen.add(url.href);
  }
  return null;
}

/** The links as stored, in the order given: each the address a browser opens. Call after `linksError` is null. */
export const cleanLinks = (raw: readonly string[]): string[] =>
  raw
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => parseLink(l)!.href);

/**
 * Avatar and banner (docs/decisions/091): the profile form crops and scales a picked image to these sizes and sends
 * it as a JPEG; the server accepts any image type thumbnails accept, up to these sizes in bytes.
 */
export const PROFILE_IMAGES = {
  avatar: { width: 256, height: 256, maxBytes: 2 * 1024 * 1024, words: "2 MB" },
  banner: { width: 2048, height: 512, maxBytes: 5 * 1024 * 1024, words: "5 MB" },
} as const;
