import { findMedia } from "../../db/queries/content/content";
import { notFound } from "../../lib/errors";
import type { ReaderCall } from "../member-context";
import { isCopyOf } from "./public-thumbnails";
import { thumbnailVersion } from "./thumbnail-version";
import { isHidden, mayOpen } from "./visibility";

// The files of an item the routes serve from R2 (docs/decisions/029, 044), for whoever may open the item: a
// hidden item's only for its creator and admins, a deleted item's for nobody. `hidden` keeps a file out of shared
// caches.

/** The item's thumbnail image, and the version its address carries now (docs/decisions/074). */
export async function getThumbnail({ ctx, input }: ReaderCall<{ id: string }>) {
  const row = await findMedia(ctx.db, input.id);
  if (!row?.thumbnailKey || !mayOpen(row, ctx.actor)) throw notFound("No thumbnail");
  const hidden = isHidden(row);
  return {
    key: row.thumbnailKey,
    version: thumbnailVersion({ thumbnailKey: row.thumbnailKey, updatedAt: row.updatedAt, hidden }),
    hidden,
    /** Whether the public bucket holds the current image (docs/decisions/083). */
    published: row.thumbnailPublicKey !== null && isCopyOf(row.thumbnailPublicKey, input.id, row.thumbnailKey),
  };
}

/** The item's media file and its size in bytes. */
export async function getMediaFile({ ctx, input }: ReaderCall<{ id: string }>) {
  const row = await findMedia(ctx.db, input.id);
  if (!row || !mayOpen(row, ctx.actor)) throw notFound("Content not found");
  return { key: row.r2Key, size: row.mediaSize };
}
