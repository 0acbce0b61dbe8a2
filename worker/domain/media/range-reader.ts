/**
 * Random access to a stored file. The duration parsers only need a few headers of a file that may be
 * gigabytes large, so they ask for byte ranges instead of streaming the whole object out of R2.
 */
export type RangeReader = {
  /** Total size of the file in bytes (callers know it from the upload or an R2 head()). */
  size: number;
  /** Bytes [offset, offset + length). Returns fewer bytes only when the range runs past the end of the file. */
  read(offset: number, length: number): Promise<Uint8Array>;
};

/** The part of a requested range that lies inside a file of `size` bytes, or null when nothing does. */
function clampRange(size: number, offset: number, length: number): { offset: number; length: number } | null {
  if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length <= 0) return null;
  if (offset >= size) return null;
  return { offset, length: Math.min(length, size - offset) };
}

/**
 * Reads an R2 object by ranges. `size` must be the object's real size: ranges are clamped to it before
 * asking R2, because R2 rejects a range that starts at or past the end of the object.
 */
export function r2RangeReader(bucket: R2Bucket, key: string, size: number): RangeReader {
  return {
    size,
    async read(offset, length) {
      const range = clampRange(size, offset, length);
      if (!range) return new Uint8Array(0);
      const object = await bucket.get(key, { range });
      // A missing object is a storage problem, not bad media: let it surface as an ordinary error.
      if (!object) throw new Error(`R2 object ${key} disappeared while reading it`);
      return new Uint8Array(await object.arrayBuffer());
    },
  };
}

/** An in-memory file, for tests and for bytes that are already at hand. */
export function bytesRangeReader(bytes: Uint8Array): RangeReader {
  return {
    size: bytes.length,
    async read(offset, length) {
      const range = clampRange(bytes.length, offset, length);
      if (!range) return new Uint8Array(0);
      return bytes.subarray(range.offset, range.offset + range.length);
    },
  };
}
