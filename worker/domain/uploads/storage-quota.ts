import type { Db } from "../../db/client";
import { storageUse } from "../../db/queries/content/storage-quota";
import { tooLarge } from "../../lib/errors";
import { MEDIA_GRACE_DAYS } from "../content/purge-media";
import { spokenStorage } from "../media/human-units";

/**
 * The refusal of an upload that does not fit in the member's storage quota (docs/decisions/030), saying how
 * much is left in words an uploader reads.
 */
export async function storageQuotaRefusal(db: Db, userId: string, fileSize: number) {
  const { usedBytes, quotaBytes } = await storageUse(db, userId);
  const left = Math.max(0, quotaBytes - usedBytes);
  return tooLarge(
    `Not enough storage left for this file (${spokenStorage(fileSize)}): you have ${spokenStorage(left)} left of your ` +
      `${spokenStorage(quotaBytes)}. Finish or cancel uploads in progress, or delete items you no longer need ` +
      `(a deleted item's space is freed ${MEDIA_GRACE_DAYS} days after you delete it), then try again.`,
    "storage_quota",
  );
}

/** Whether a file of `fileSize` bytes still fits in the member's quota (checked again when it is recorded). */
export async function fitsInQuota(db: Db, userId: string, fileSize: number) {
  const { usedBytes, quotaBytes } = await storageUse(db, userId);
  return usedBytes + fileSize <= quotaBytes;
}
