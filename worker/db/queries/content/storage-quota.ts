import type { Db } from "../../client";
import type { NewUpload } from "../uploads/uploads";

// The per-member storage quota (docs/decisions/030): a setting in GiB (settings table, key
// `storage_quota_gib`, default 20; a stored value that is not a whole number ≥ 0 reads as the default), read
// inside the statements below so a change applies from the next upload signed.

const STORAGE_QUOTA_DEFAULTS = { storage_quota_gib: "20" } as const;
const GiB = 1024 * 1024 * 1024;

const QUOTA_BYTES_SQL = `(coalesce((select cast(value as integer) from settings where key = 'storage_quota_gib'
  and cast(value as integer) >= 0 and cast(cast(value as integer) as text) = value), ${STORAGE_QUOTA_DEFAULTS.storage_quota_gib}) * ${GiB})`;

/**
 * Bytes the member ?1 holds or has been granted: the media and thumbnail of every item they created, and
 * every upload signed but not yet finalized (its announced size, which the token binds). A deleted item
 * counts until the cron purges its media (docs/decisions/028): the bytes are still stored, and a member who
 * could upload, delete and upload again at once would store without bound.
 */
const USED_BYTES_SQL = `(
  (select coalesce(sum(c.media_size + coalesce((select t.size from uploads t where t.key = c.thumbnail_key), 0)), 0)
     from content c where c.created_by = ?1 and c.media_purged_at is null)
  + (select coalesce(sum(u.size), 0) from uploads u where u.user_id = ?1 and u.status in ('signed', 'uploading', 'uploaded')))`;

/** The member's storage in use and their quota, in bytes. */
export async function storageUse(db: Db, userId: string) {
  const row = await db.$client
    .prepare(`select ${USED_BYTES_SQL} as used, ${QUOTA_BYTES_SQL} as quota`)
    .bind(userId)
    .first<{ used: number; quota: number }>();
  return {
    usedBytes: row?.used ?? 0,
    quotaBytes: row?.quota ?? Number(STORAGE_QUOTA_DEFAULTS.storage_quota_gib) * GiB,
  };
}

/**
 * Records a signed upload only if it fits in the member's quota, in one statement, so concurrent signatures
 * cannot each see the same free space. False when it did not fit.
 */
export async function createUploadWithinQuota(db: Db, row: NewUpload) {
  const result = await db.$client
    .prepare(
      `insert into uploads (key, user_id, kind, content_type, size, status, multipart_upload_id, created_at)
       select ?2, ?1, ?3, ?4, ?5, 'signed', ?6, ?7 where ${USED_BYTES_SQL} + ?5 <= ${QUOTA_BYTES_SQL}`,
    )
    .bind(row.userId, row.key, row.kind, row.contentType, row.size, row.multipartUploadId ?? null, row.createdAt)
    .run();
  return result.meta.changes === 1;
}
