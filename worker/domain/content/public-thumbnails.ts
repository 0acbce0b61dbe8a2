import type { Db } from "../../db/client";
import {
  forgetHiddenThumbnails,
  recordPublishedThumbnail,
  unpublishedThumbnailsOf,
} from "../../db/queries/content/public-thumbnails";
import { imageHash } from "./thumbnail-version";

// The public copies of visible items' thumbnails (docs/decisions/083): the THUMBS bucket, which production exposes
// on its own domain so a page's thumbnails cost no Worker request. A copy's key changes with the image (the item
// and a digest of the image's key), never with an edit of the text. A copy is written before the row names it and
// removed after the row stops naming it, so an answer never points at a missing copy; when a copy fails, pages
// name the Worker's route, which publishes the image the next time it serves it.

/** The buckets a publication reads from and writes to. */
export type ThumbnailStores = { media: R2Bucket; thumbs: R2Bucket };

export const thumbnailStores = (env: Pick<Env, "MEDIA" | "THUMBS">): ThumbnailStores => ({
  media: env.MEDIA,
  thumbs: env.THUMBS,
});

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
};

/**
 * What the copy is served with from the bucket's domain: browsers keep it a year (the key changes with the image),
 * Cloudflare's cache a day, which bounds how long a copy removed by a takedown stays in a colo that served it.
 */
export const PUBLIC_COPY_CACHE_CONTROL = "public, max-age=31536000, s-maxage=86400, immutable";

/** The copy's key: `{contentId}/{digest of the image's key}.{ext}`. */
const publicThumbnailKey = (id: string, thumbnailKey: string, contentType: string | undefined) =>
  `${id}/${imageHash(thumbnailKey)}.${EXTENSIONS[contentType ?? ""] ?? "img"}`;

/** Whether `publicKey` is a copy of this image of this item (a row's column is only ever its current image's). */
export const isCopyOf = (publicKey: string, id: string, thumbnailKey: string) =>
  publicKey.startsWith(`${id}/${imageHash(thumbnailKey)}.`);

/**
 * Writes the public copy of an item's image; its key, or null when it could not be written (the image is gone,
 * or the bucket failed): the caller then records no copy and pages keep naming the route.
 */
export async function copyThumbnail(stores: ThumbnailStores, item: { id: string; thumbnailKey: string }) {
  try {
    const source = await stores.media.get(item.thumbnailKey);
    if (!source) return null;
    const contentType = source.httpMetadata?.contentType;
    const publicKey = publicThumbnailKey(item.id, item.thumbnailKey, contentType);
    await stores.thumbs.put(publicKey, source.body, {
      httpMetadata: { contentType, cacheControl: PUBLIC_COPY_CACHE_CONTROL },
    });
    return publicKey;
  } catch (err) {
    console.warn(`thumbnail ${item.id}: no public copy, pages name the route`, err);
    return null;
  }
}

/** Removes public copies, best effort: a failure is logged with the keys (they name no visible item). */
export async function removeCopies(thumbs: R2Bucket, keys: readonly string[]) {
  // R2 deletes up to 1,000 keys in one call.
  for (let i = 0; i < keys.length; i += 1000) {
    const chunk = keys.slice(i, i + 1000);
    await thumbs.delete(chunk).catch((err: unknown) => {
      console.error(`thumbnails: public copies not removed: ${chunk.join(", ")}`, err);
    });
  }
}

/**
 * Publishes items' current images: the copies first, then one D1 batch records each where the image is still the
 * item's and the item visible; a copy that is refused (a change came first) is removed again.
 */
export async function publishThumbnails(
  db: Db,
  stores: ThumbnailStores,
  items: readonly { id: string; thumbnailKey: string }[],
) {
  const copies = await Promise.all(
    items.map(async (item) => ({ ...item, publicKey: await copyThumbnail(stores, item) })),
  );
  const written = copies.filter((c): c is typeof c & { publicKey: string } => c.publicKey !== null);
  if (written.length === 0) return;
  const recorded = await recordPublishedThumbnail(db, written);
  await removeCopies(
    stores.thumbs,
    written.filter((c) => !recorded.has(c.id)).map((c) => c.publicKey),
  );
}

/** Removes the public copies of the item, or every item of the creator, that a change hid or deleted. */
export async function unpublishHiddenThumbnails(db: Db, thumbs: R2Bucket, of: { id: string } | { creator: string }) {
  await removeCopies(thumbs, await forgetHiddenThumbnails(db, of));
}

/**
 * How many of a reinstated creator's images are copied in the request: two R2 calls each, within the smallest
 * plan's 50 subrequests. The others are published by the route the first time it serves them.
 */
const REPUBLISH_LIMIT = 20;

/** A reinstatement: the creator's newest visible items get their public copies back. */
export async function republishCreatorThumbnails(db: Db, stores: ThumbnailStores, creator: string) {
  await publishThumbnails(db, stores, await unpublishedThumbnailsOf(db, creator, REPUBLISH_LIMIT));
}
