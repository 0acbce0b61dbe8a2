import type { StoryboardBody } from "../../../common/schemas/storyboards";
import { STORYBOARD_MAX_BYTES } from "../../../common/storyboard";
import {
  deleteStoryboardRow,
  findStoryboard,
  storyboardOf,
  takeUpload,
  upsertStoryboard,
} from "../../db/queries/storyboards/storyboards";
import { badRequest, conflict, notFound, tooLarge } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/time";
import { contentTheUserMayChange } from "../content/ownership";
import { isHidden, mayOpen } from "../content/visibility";
import type { SessionUser } from "../../app-env";
import type { Db } from "../../db/client";
import type { ReaderCall } from "../member-context";
import { usableUpload } from "../uploads/usable-upload";
import { jpegSize } from "./jpeg-size";

type StoryboardCall<Input> = { ctx: { db: Db; actor: SessionUser; bucket: R2Bucket }; input: Input };

// An item's seek previews (docs/decisions/102), as services `verbEntity({ ctx, input })` (docs/decisions/041):
// set and removed by its creator or an admin, read by whoever may open the item. The browser draws the sprite and
// uploads it as an image; the Worker checks it against the layout it claims (its JPEG header, the item's duration)
// and keeps its own copy under the item's prefix, so the member's upload is used once and the purge of a deleted
// item finds it.

/** Where an item's storyboard images live in R2 (the media purge removes them with the item's media). */
export const storyboardsPrefix = (contentId: string) => `storyboards/${contentId}/`;

/** The version in a storyboard's address: a new image is a new address, so the old one may be kept for good. */
export const storyboardVersion = (updatedAt: string) => String(Date.parse(updatedAt));

/** The numbers of a layout against the item: the frames start within it and reach its end. */
function layoutMismatch(b: StoryboardBody, durationMs: number): string | null {
  if (b.count > 1 && (b.count - 1) * b.interval_ms >= durationMs) {
    return `count: ${b.count} frames every ${b.interval_ms} ms run past the item's end (${durationMs} ms)`;
  }
  if (b.count * b.interval_ms < durationMs) {
    return `count: ${b.count} frames every ${b.interval_ms} ms stop before the item's end (${durationMs} ms)`;
  }
  return null;
}

/**
 * Adds or replaces a video item's storyboard from a JPEG the caller uploaded: the layout must fit the item (400),
 * the image must be a JPEG of at most STORYBOARD_MAX_BYTES (413) whose real size is the grid's (400), and the
 * upload unused (409 `upload_used`). The replaced image is deleted.
 */
export async function putStoryboard({
  ctx: { db, actor, bucket },
  input: { contentId, body },
}: StoryboardCall<{ contentId: string; body: StoryboardBody }>) {
  const item = await contentTheUserMayChange(db, actor, contentId);
  if (item.type !== "video") {
    throw badRequest("Seek previews are made for video items only; this item is audio", "storyboard_audio");
  }
  const mismatch = layoutMismatch(body, item.durationMs);
  if (mismatch) throw badRequest(mismatch);
  const upload = await usableUpload(db, actor, body.image_key, "thumbnail", "image_key");
  if (upload.contentType !== "image/jpeg") throw badRequest("image_key: seek previews must be a JPEG image");
  if (upload.size > STORYBOARD_MAX_BYTES) {
    throw tooLarge(`image_key: seek previews can be at most ${STORYBOARD_MAX_BYTES / 1024 / 1024} MiB`, "too_large");
  }
  const object = await bucket.get(body.image_key);
  if (!object) throw badRequest("image_key: no such upload");
  const bytes = new Uint8Array(await object.arrayBuffer());
  const size = jpegSize(bytes);
  if (!size) throw badRequest("image_key: this image is not a JPEG whose size can be read");
  const wantW = body.columns * body.frame_width;
  const wantH = body.rows * body.frame_height;
  if (size.width !== wantW || size.height !== wantH) {
    throw badRequest(
      `image_key: the image is ${size.width} × ${size.height} pixels, but ${body.columns} columns of ` +
        `${body.frame_width} and ${body.rows} rows of ${body.frame_height} make ${wantW} × ${wantH}`,
    );
  }
  if (!(await takeUpload(db, body.image_key))) throw conflict("image_key: this upload is already used", "upload_used");
  const before = await storyboardOf(db, item.id);
  const key = `${storyboardsPrefix(item.id)}${newId()}.jpg`;
  await bucket.put(key, bytes, { httpMetadata: { contentType: "image/jpeg" } });
  const row = {
    contentId: item.id,
    r2Key: key,
    intervalMs: body.interval_ms,
    columns: body.columns,
    rows: body.rows,
    frameWidth: body.frame_width,
    frameHeight: body.frame_height,
    count: body.count,
    size: bytes.length,
    createdBy: actor.id,
    updatedAt: nowIso(),
  };
  await upsertStoryboard(db, row);
  // The upload row stays `finalized` (never usable again); its bytes now live under the item's prefix.
  await bucket.delete([body.image_key, ...(before ? [before.r2Key] : [])]);
  return row;
}

/** Removes the item's storyboard (404 when it has none) and its image. */
export async function deleteStoryboard({ ctx: { db, actor, bucket }, input }: StoryboardCall<{ contentId: string }>) {
  const item = await contentTheUserMayChange(db, actor, input.contentId);
  const key = await deleteStoryboardRow(db, item.id);
  if (!key) throw notFound("This item has no seek previews", "storyboard_not_found");
  await bucket.delete(key);
}

/**
 * The storyboard image, for whoever may open its item (a hidden item's only for its creator and admins, a deleted
 * item's for nobody: docs/decisions/094): where it is, its version, and whether the item is hidden.
 */
export async function getStoryboard({ ctx, input }: ReaderCall<{ contentId: string }>) {
  const row = await findStoryboard(ctx.db, input.contentId);
  if (!row || !mayOpen(row, ctx.actor)) throw notFound("This item has no seek previews", "storyboard_not_found");
  return { r2Key: row.r2Key, version: storyboardVersion(row.updatedAt), hidden: isHidden(row) };
}
