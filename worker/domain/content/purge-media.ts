import { findPurgeableMedia, markMediaPurged } from "../../db/queries/content/content-media";
import { addMs } from "../../lib/time";
import { captionsPrefix } from "../captions/captions";
import { storyboardsPrefix } from "../storyboards/storyboards";
import type { MediaJobCall } from "../job-context";

/**
 * How long a deleted item's media and thumbnail stay in R2 (docs/decisions/028): twice the default 7-day
 * earnings hold, so the objects outlive every reward of the item's views that a fraud review or a takedown
 * could still take back, with a week to spare for a review that runs late. The purge also waits while a
 * reward is still pending (a longer hold, an open flag) or a report of the item is open.
 */
export const MEDIA_GRACE_DAYS = 14;
const GRACE_MS = MEDIA_GRACE_DAYS * 24 * 3600_000;
/** Items per cron run: bounded, like every step of the minute's job. */
const BATCH = 25;

/** Removes the media of items deleted more than the grace period ago, once each; returns how many. */
export async function purgeDeletedMedia({ ctx: { db, env }, input: { now } }: MediaJobCall<{ now: string }>) {
  const bucket = env.MEDIA;
  const rows = await findPurgeableMedia(db, { deletedBefore: addMs(now, -GRACE_MS), now, limit: BATCH });
  if (!rows.length) return 0;
  // Objects first, then the mark: a run that dies between the two deletes the (absent) objects again next time.
  // Caption files have a key per version (docs/decisions/049): whatever is under the item's prefix goes too.
  const captions = await Promise.all(rows.map((r) => bucket.list({ prefix: captionsPrefix(r.id) })));
  // So do its seek previews' images (docs/decisions/102).
  const boards = await Promise.all(rows.map((r) => bucket.list({ prefix: storyboardsPrefix(r.id) })));
  const captionKeys = [...captions, ...boards].flatMap((l) => l.objects.map((o) => o.key));
  await bucket.delete([
    ...rows.flatMap((r) => (r.thumbnailKey ? [r.r2Key, r.thumbnailKey] : [r.r2Key])),
    ...captionKeys,
  ]);
  await markMediaPurged(
    db,
    rows.map((r) => r.id),
    now,
  );
  return rows.length;
}
