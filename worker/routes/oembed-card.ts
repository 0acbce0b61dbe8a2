import { embedCode, embedSize } from "../../common/embed";
import type { OembedJson } from "../../common/schemas/oembed";
import { notFound } from "../lib/errors";
import { creatorCard, itemCard, playlistCard, sharePageOf, type ShareCard } from "../lib/share-card";
import { contentItemJson, type ThumbsOrigin } from "./serializers/content";
import { creatorPageJson } from "./serializers/creator-page";
import { playlistJson } from "./serializers/playlists";
import { getCreatorPage } from "../domain/members/creator-page";
import { getPlaylist } from "../domain/playlists/read-playlists";
import { getItem } from "../domain/content/get-item";
import type { Db } from "../db/client";
import { IMAGE_HEAD_BYTES, imageSize } from "../domain/media/image-size";

// oEmbed (docs/decisions/099): the card of one of our pages, as a visitor sees it whoever asks (another site shows
// it to everyone), so a private, hidden, deleted or unknown target is a 404 like any address we do not serve.

type OembedCall = {
  ctx: { db: Db; env: Env; thumbsOrigin: ThumbsOrigin };
  input: { url: string; origin: string; maxwidth?: number; maxheight?: number };
};

const NOT_OURS = "url is not the address of an item, a creator or a playlist on Reelpay";

/** The page `url` names on this site: an item's (or its embed's), a creator's or a playlist's. */
function pageOf(url: string, origin: string) {
  const asked = new URL(url);
  // Our own host only (http or https: a link may have been written either way).
  if (asked.host !== new URL(origin).host) return null;
  const path = asked.pathname.replace(/^\/embed\//, "/content/");
  return sharePageOf(path);
}

/** The page's card, and the key in MEDIA of the image the card shows (its thumbnail or avatar), if any. */
async function cardOf(
  ctx: OembedCall["ctx"],
  page: NonNullable<ReturnType<typeof pageOf>>,
  origin: string,
): Promise<{ card: ShareCard; imageKey: string | null }> {
  const reader = { db: ctx.db, actor: null };
  if (page.kind === "content") {
    const item = await getItem({ ctx: { ...reader, env: ctx.env }, input: { id: page.id, nowMs: Date.now() } });
    return { card: itemCard(origin, contentItemJson(item, ctx.thumbsOrigin)), imageKey: item.item.thumbnailKey };
  }
  if (page.kind === "creator") {
    const creator = await getCreatorPage({ ctx: reader, input: { id: page.id } });
    return { card: creatorCard(origin, creatorPageJson(creator)), imageKey: creator.user.avatarKey };
  }
  const list = await getPlaylist({ ctx: reader, input: { id: page.id } });
  return {
    card: playlistCard(origin, playlistJson(list, ctx.thumbsOrigin)),
    imageKey: list.items[0]?.thumbnailKey ?? null,
  };
}

/**
 * The card's picture with its size, which oEmbed 1.0 wants with it (docs/decisions/105): read from the image's
 * header, in one ranged read of its first bytes; all three left out when the size cannot be read (or no image).
 */
async function thumbnailOf(media: R2Bucket, url: string | null, key: string | null) {
  if (!url || !key) return {};
  const head = await media.get(key, { range: { offset: 0, length: IMAGE_HEAD_BYTES } });
  const size = head ? imageSize(new Uint8Array(await head.arrayBuffer())) : null;
  return size ? { thumbnail_url: url, thumbnail_width: size.width, thumbnail_height: size.height } : {};
}

export async function getOembed({ ctx, input }: OembedCall): Promise<OembedJson> {
  const page = pageOf(input.url, input.origin);
  if (!page) throw notFound(NOT_OURS);
  const { card, imageKey } = await cardOf(ctx, page, input.origin);
  const common = {
    version: "1.0" as const,
    title: card.title,
    author_name: card.authorName,
    author_url: card.authorUrl,
    provider_name: "Reelpay" as const,
    provider_url: `${input.origin}/`,
    ...(await thumbnailOf(ctx.env.MEDIA, card.image, imageKey)),
  };
  if (!card.item) return { type: "link", ...common };
  const size = embedSize(input.maxwidth, input.maxheight);
  const html = embedCode({ origin: input.origin, id: card.item.id, title: card.title, ...size });
  return { type: "video", ...common, html, ...size };
}
