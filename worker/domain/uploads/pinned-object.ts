import { conflict } from "../../lib/errors";
import type { RangeReader } from "../media/range-reader";

/*
 * Finalize measures an upload by many ranged reads and then points the content at the key. Pinning every
 * read to the ETag of one head() makes the measurement one object's; `assertUnchanged` right before the
 * content is written proves that object is still the one stored. The short gap between that check and the
 * insert needs no lock: an `uploaded` upload's claim is spent, so nothing of ours writes to the key again.
 */

const uploadChanged = () =>
  conflict("r2_key: the uploaded file changed while it was being checked; please upload it again", "upload_changed");
const uploadGone = () =>
  conflict("r2_key: the uploaded file is no longer stored; please upload it again", "upload_missing");

export type PinnedObject = { etag: string; reader: RangeReader; assertUnchanged(): Promise<void> };

/** The object at `key` as it is now, which must be the `size` bytes that were signed. */
export async function pinObject(bucket: R2Bucket, key: string, size: number): Promise<PinnedObject> {
  const head = await bucket.head(key);
  if (!head) throw uploadGone();
  if (head.size !== size) throw uploadChanged();
  const { etag } = head;
  return {
    etag,
    reader: pinnedReader(bucket, key, size, etag),
    async assertUnchanged() {
      const now = await bucket.head(key);
      if (!now) throw uploadGone();
      if (now.etag !== etag) throw uploadChanged();
    },
  };
}

/**
 * Ranged reads that R2 answers only from the object with `etag` (If-Match). Like r2RangeReader, ranges are
 * clamped to `size` first, because R2 rejects a range that starts at or past the end of the object.
 */
function pinnedReader(bucket: R2Bucket, key: string, size: number, etag: string): RangeReader {
  return {
    size,
    async read(offset, length) {
      if (
        !Number.isSafeInteger(offset) ||
        !Number.isSafeInteger(length) ||
        offset < 0 ||
        length <= 0 ||
        offset >= size
      ) {
        return new Uint8Array(0);
      }
      const range = { offset, length: Math.min(length, size - offset) };
      const object = await bucket.get(key, { range, onlyIf: { etagMatches: etag } });
      if (!object) throw uploadGone();
      // A failed precondition returns the object's metadata without a body.
      if (!("body" in object)) throw uploadChanged();
      return new Uint8Array(await object.arrayBuffer());
    },
  };
}
