import { isId } from "../../common/ids";
import type { ContentJson } from "../../common/schemas/content";
import type { PlaylistJson } from "../../common/schemas/playlists";
import type { CreatorPageJson } from "../../common/schemas/users";

// What a link to one of our pages shows when pasted into a chat or a social site (docs/decisions/099): the page
// head's Open Graph and Twitter tags (worker/spa/share-head.ts) and the oEmbed answer (routes/oembed.ts) are
// written from the same card, made from the PUBLIC answer a visitor gets, so a hidden item never has one.

type SharePageKind = "content" | "creator" | "playlist";

export type ShareCard = {
  kind: SharePageKind;
  /** The page's own address: absolute, without any query (tracking parameters, `?t=`, `?list=`). */
  url: string;
  title: string;
  /** Trimmed to about 200 characters on a word boundary. */
  description: string;
  /** Absolute, or null when the page has no picture. */
  image: string | null;
  ogType: "video.other" | "music.song" | "profile" | "website";
  authorName: string;
  authorUrl: string;
  /** Only for an item: its id and type (the embed). */
  item?: { id: string; type: ContentJson["type"] };
  /**
   * An unlisted item or playlist (docs/decisions/090, 094): it previews for whoever has the link, but asks search
   * engines not to index it, since it is never listed or searched here either.
   */
  unlisted?: boolean;
};

/** The API read (as the SPA writes it) that says what a shareable page shows, or null for other pages. */
export function sharePageOf(pathname: string): { kind: ShareCard["kind"]; id: string; apiPath: string } | null {
  const [, first, id, extra] = pathname.replace(/\/+$/, "").split("/");
  if (!id || extra !== undefined || !isId(id)) return null;
  if (first === "content") return { kind: "content", id, apiPath: `/api/content/${id}` };
  if (first === "creator") return { kind: "creator", id, apiPath: `/api/users/${id}` };
  if (first === "playlist") return { kind: "playlist", id, apiPath: `/api/playlists/${id}` };
  return null;
}

const DESCRIPTION_MAX = 200;

/** The text collapsed to one line and cut at a word near 200 characters, with an ellipsis when cut. */
function trimDescription(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  // Counted in code points, so an emoji is never cut in half.
  const chars = [...flat];
  if (chars.length <= DESCRIPTION_MAX) return flat;
  const cut = chars.slice(0, DESCRIPTION_MAX - 1).join("");
  const space = cut.lastIndexOf(" ");
  return `${(space > DESCRIPTION_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** An address from an answer (a Worker path, or the thumbnail bucket's absolute one) made absolute. */
function absoluteUrl(origin: string, address: string | null | undefined): string | null {
  if (!address) return null;
  if (/^https?:\/\//i.test(address)) return address;
  return address.startsWith("/") ? `${origin}${address}` : null;
}

export function itemCard(origin: string, item: ContentJson): ShareCard {
  const kind = item.type === "video" ? "A video" : "Audio";
  return {
    kind: "content",
    url: `${origin}/content/${item.id}`,
    title: item.title,
    description: trimDescription(item.description || `${kind} by ${item.creator_name} on Reelpay.`),
    image: absoluteUrl(origin, item.thumbnail_url),
    ogType: item.type === "video" ? "video.other" : "music.song",
    authorName: item.creator_name,
    authorUrl: `${origin}/creator/${item.created_by}`,
    item: { id: item.id, type: item.type },
    unlisted: item.visibility === "unlisted",
  };
}

export function creatorCard(origin: string, creator: CreatorPageJson): ShareCard {
  const counts = `${creator.video_count} ${creator.video_count === 1 ? "video" : "videos"}, ${creator.audio_count} audio`;
  const url = `${origin}/creator/${creator.id}`;
  return {
    kind: "creator",
    url,
    title: creator.display_name,
    description: trimDescription(creator.bio || `${creator.display_name} on Reelpay: ${counts}.`),
    image: absoluteUrl(origin, creator.avatar_url),
    ogType: "profile",
    authorName: creator.display_name,
    authorUrl: url,
  };
}

export function playlistCard(origin: string, list: PlaylistJson): ShareCard {
  return {
    kind: "playlist",
    url: `${origin}/playlist/${list.id}`,
    title: list.title,
    description: trimDescription(list.description || `A playlist by ${list.owner_name} on Reelpay.`),
    image: absoluteUrl(origin, list.thumbnail_url),
    ogType: "website",
    authorName: list.owner_name,
    authorUrl: `${origin}/creator/${list.owner_id}`,
    unlisted: list.visibility === "unlisted",
  };
}
