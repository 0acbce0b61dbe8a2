import type { Db } from "../../db/client";
import { storageUse } from "../../db/queries/storage-quota";
import { tooLarge } from "../../lib/errors";
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
      `${spokenStorage(quotaBytes)}. Delete items you no longer need, or finish or cancel uploads in progress, then try again.`,
    "storage_quota",
  );
}

/** Whether a file of `fileSize` bytes still fits in the member's quota (checked again when it is recorded). */
export async function fitsInQuota(db: Db, userId: string, fileSize: number) {
  const { usedBytes, quotaBytes } = await storageUse(db, userId);
  return usedBytes + fileSize <= quotaBytes;
}
