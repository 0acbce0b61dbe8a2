import type { ContentJson } from "../../common/schemas/content";
import type { PlaylistJson } from "../../common/schemas/playlists";
import type { CreatorPageJson } from "../../common/schemas/users";
import { creatorCard, itemCard, playlistCard, sharePageOf, type ShareCard } from "../lib/share-card";
import type { ApiFetch } from "./first-paint";

// The head a shared link previews with (docs/decisions/099): an item's, a creator's or a playlist's page gets its
// own <title>, description, Open Graph and Twitter card tags, canonical address and (items) the oEmbed link,
// written by the Worker into the SPA's page, for every request (crawlers have no session). The data is the
// PUBLIC answer, read as a visitor whoever asks: a private, hidden, deleted or unknown target answers 404 to a
// visitor, and its page keeps the generic head.

/** Escaped for an attribute value or text: quotes, angle brackets and ampersands (a title may hold any). */
const escapeHtml = (value: string) =>
  value
    .replace(/&/g, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");

/** The card of `url`'s page from the public answer, or null: not a shareable page, or a visitor may not open it. */
export async function shareCardOf(url: URL, fetchApi: ApiFetch, ip: string | null): Promise<ShareCard | null> {
  const page = sharePageOf(url.pathname);
  if (!page) return null;
  // As a visitor: no cookie, whoever asks. The address goes along so per-address limits count the visitor.
  const headers = new Headers({ accept: "application/json" });
  if (ip) headers.set("cf-connecting-ip", ip);
  try {
    const response = await fetchApi(new Request(new URL(page.apiPath, url.origin), { headers }));
    if (response.status !== 200) return null;
    const body: unknown = await response.json();
    if (page.kind === "content") return itemCard(url.origin, body as ContentJson);
    if (page.kind === "creator") return creatorCard(url.origin, body as CreatorPageJson);
    return playlistCard(url.origin, body as PlaylistJson);
  } catch {
    return null; // the generic head: a preview is never worth a failed page
  }
}

/** The tags for `card`: title, description, Open Graph, Twitter, canonical and (items) the oEmbed discovery link. */
export function shareHeadTags(card: ShareCard): string {
  const meta = (attr: "name" | "property", key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;
  const tags = [
    `<title>${escapeHtml(`${card.title} | Reelpay`)}</title>`,
    meta("name", "description", card.description),
    `<link rel="canonical" href="${escapeHtml(card.url)}">`,
    meta("property", "og:site_name", "Reelpay"),
    meta("property", "og:type", card.ogType),
    meta("property", "og:title", card.title),
    meta("property", "og:description", card.description),
    meta("property", "og:url", card.url),
    meta("name", "twitter:card", card.image ? "summary_large_image" : "summary"),
    meta("name", "twitter:title", card.title),
    meta("name", "twitter:description", card.description),
  ];
  if (card.image) {
    tags.push(meta("property", "og:image", card.image), meta("name", "twitter:image", card.image));
  }
  if (card.unlisted) tags.push(meta("name", "robots", "noindex"));
  if (card.item) {
    const oembed = `${new URL(card.url).origin}/api/oembed?url=${encodeURIComponent(card.url)}&format=json`;
    tags.push(
      `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(oembed)}" title="${escapeHtml(card.title)}">`,
    );
  }
  return tags.join("");
}
