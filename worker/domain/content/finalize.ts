import type { z } from "zod";
import type { contentFinalizeBody } from "../../../common/schemas/content";
import type { SessionUser } from "../../app-env";
import { itemEarnBlock } from "../../../common/media-floor";
import { isUniqueViolation } from "../../db/errors";
import { EARNING_RULE_DEFAULTS } from "../../db/queries/earnings/earning-rule-settings";
import { insertFinalizedContent } from "../../db/queries/uploads/finalize";
import { readSettings } from "../../db/queries/settings/settings";
import { badRequest, conflict, unsupportedMedia } from "../../lib/errors";
import { copyThumbnail, removeCopies } from "./public-thumbnails";
import { nextPublishState } from "./publishing";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/time";
import { refreshChallenges } from "../challenges/refresh";
import type { StorageContext } from "../member-context";
import { MediaError } from "../media/media-duration";
import { mediaVerdict, type MediaVerdict } from "../media/media-floor";
import { measureMedia } from "../media/media-measure";
import { mediaTypeOf, PART_SIZE } from "../uploads/limits";
import { pinObject } from "../uploads/pinned-object";
import { usableUpload } from "../uploads/usable-upload";
import { earningRulesJson } from "../views/earning-rules";

export type FinalizeInput = z.output<typeof contentFinalizeBody>;

/**
 * Turns the caller's uploaded file into content; the duration is read from the file, never trusted. The
 * access check is usableUpload's: the uploads must be the caller's own, stored and not used yet.
 */
export async function finalizeContent({
  ctx,
  input,
}: {
  ctx: StorageContext & { actor: SessionUser; thumbs: R2Bucket };
  input: FinalizeInput;
}) {
  const { db, bucket, actor: user } = ctx;
  // Public unless asked otherwise; a schedule is checked (future, within a year) before any work is done. A draft
  // is private and never published until a PATCH publishes it (docs/decisions/094).
  const publish = input.draft
    ? ({ visibility: "private", publishAt: null, publishedAt: null } as const)
    : nextPublishState(
        { visibility: "public", publishAt: null, publishedAt: null },
        { visibility: input.visibility, publish_at: input.publish_at },
        Date.now(),
      );
  const media = await usableUpload(db, user, input.r2_key, "media");
  const actualType = mediaTypeOf(media.contentType);
  if (actualType !== input.type)
    throw badRequest(`type: the file is ${actualType === "video" ? "a video" : "audio"}, not ${input.type}`);
  const thumb = input.thumbnail_key ? await usableUpload(db, user, input.thumbnail_key, "thumbnail") : null;

  // Every read of the measurement is of one object (its ETag), and that object must still be the one
  // stored when the content is written: the duration belongs to exactly the bytes the content points to.
  const stored = await pinObject(bucket, media.key, media.size);
  let durationMs: number;
  let verdict: MediaVerdict;
  try {
    const kind = media.contentType === "video/mp4" ? "mp4" : "mp3";
    // The bytes after the first part were never sniffed (docs/decisions/030): the whole object is checked
    // here, and its samples measured against the media floor (docs/decisions/063).
    const measure = await measureMedia(stored.reader, kind, PART_SIZE);
    durationMs = measure.durationMs;
    verdict = mediaVerdict(measure);
  } catch (err) {
    if (err instanceof MediaError) throw unsupportedMedia(err.message, "unplayable_media");
    throw err;
  }
  await stored.assertUnchanged();
  const id = newId();
  const now = nowIso();
  // A public or unlisted item's image is copied to the public bucket before the row names the copy (docs/decisions/083);
  // a private or scheduled one's is not, until it is public (docs/decisions/094).
  const copy =
    thumb && publish.visibility !== "private"
      ? await copyThumbnail({ media: bucket, thumbs: ctx.thumbs }, { id, thumbnailKey: thumb.key })
      : null;
  try {
    await insertFinalizedContent(
      db,
      {
        id,
        title: input.title,
        description: input.description,
        type: actualType,
        tags: input.tags.join(","),
        r2Key: media.key,
        mediaSize: media.size,
        mediaContentType: media.contentType,
        thumbnailKey: thumb?.key ?? null,
        thumbnailPublicKey: copy,
        durationMs,
        // Measured, never from the client; an item under the floor is published all the same, and earns nothing.
        ...verdict,
        createdBy: user.id,
        createdAt: now,
        updatedAt: now,
        ...publish,
        draft: input.draft ? 1 : 0,
        // Published the moment it is created, when it is public at once.
        publishedAt: publish.visibility === "public" ? now : publish.publishedAt,
      },
      [media.key, ...(thumb ? [thumb.key] : [])],
    );
  } catch (err) {
    if (copy) await removeCopies(ctx.thumbs, [copy]);
    if (isUniqueViolation(err)) throw conflict("r2_key: this upload is already used", "upload_used");
    throw err;
  }
  const [rules] = await Promise.all([readSettings(db, EARNING_RULE_DEFAULTS), refreshChallenges(db, [user.id], now)]);
  return { id, earnBlock: itemEarnBlock(durationMs, verdict.earnBlock, earningRulesJson(rules).min_earning_seconds) };
}
