// Byte ranges for streaming (RFC 9110 §14): one range per request, which is what media players send.
// Syntax we do not serve (several ranges, other units) is ignored and the whole object is sent, as the RFC allows.

export type ByteRange = { offset: number; length: number };
export type RangeResult = ByteRange | "unsatisfiable" | null;

export function resolveRange(header: string | undefined | null, size: number): RangeResult {
  const m = header?.trim().match(/^bytes=(\d*)-(\d*)$/i);
  if (!m) return null;
  const [, first, last] = m;
  if (!first && !last) return null;
  if (!first) {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    const offset = Math.max(0, size - suffix);
    return { offset, length: size - offset };
  }
  const start = Number(first);
  if (start >= size) return "unsatisfiable";
  const end = last ? Math.min(Number(last), size - 1) : size - 1;
  if (end < start) return null;
  return { offset: start, length: end - start + 1 };
}

/** Strong comparison of an ETag header value (possibly a list or `*`) with an object's ETag. */
export function etagMatches(header: string, etag: string): boolean {
  const bare = etag.replace(/^W\//, "");
  return header
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .some((t) => t === "*" || t === bare);
}
