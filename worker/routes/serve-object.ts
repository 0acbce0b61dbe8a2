import type { Context } from "hono";
import { etagMatches, resolveRange, type ByteRange } from "../domain/content/byte-range";
import { notFound } from "../lib/errors";
import { countedBody, type DeliveryCounting } from "./counted-body";

export type ServeParams = {
  bucket: R2Bucket;
  key: string;
  cacheControl: string;
  /** When the caller knows the size (from D1), ranges are resolved without an extra R2 call. */
  size?: number;
  /** Request headers the answer depends on (`Vary`), e.g. the session cookie for per-member media. */
  vary?: string;
  /**
   * Count the bytes each body sends and report them (the media stream: docs/decisions/029). HEAD and 416
   * send none; If-None-Match is ignored (no 304), since only bytes that went out prove a delivery.
   */
  countDelivery?: DeliveryCounting;
};

/**
 * Streams an R2 object with HEAD, Range (206/416), ETag, If-None-Match (304, except for the counted media
 * stream) and If-Range support.
 * The body is R2's stream handed straight to the response: nothing is buffered in the Worker.
 */
export async function serveObject(c: Context, p: ServeParams): Promise<Response> {
  const rangeHeader = c.req.header("range");
  // A 304 carries no bytes, so it proves no delivery: the counted media stream always sends what is asked
  // for (docs/decisions/029). Thumbnails keep their 304s.
  const ifNoneMatch = p.countDelivery ? undefined : c.req.header("if-none-match");
  const ifRange = c.req.header("if-range");

  let size = p.size;
  if (c.req.method === "HEAD" || (rangeHeader && size === undefined)) {
    const head = await p.bucket.head(p.key);
    if (!head) throw notFound("Media not found");
    if (c.req.method === "HEAD") {
      if (ifNoneMatch && etagMatches(ifNoneMatch, head.httpEtag)) return notModified(head, p);
      const range = usableRange(rangeHeader, ifRange, head.size, head.httpEtag);
      if (range === "unsatisfiable") return unsatisfiable(head.size);
      return new Response(null, { status: range ? 206 : 200, headers: objectHeaders(head, p, range) });
    }
    size = head.size;
  }

  // If-Range needs the ETag before choosing; ask R2 to check it so the common case stays one call.
  const wanted = size === undefined ? null : resolveRange(rangeHeader, size);
  if (wanted === "unsatisfiable") return unsatisfiable(size!);
  const onlyIf: R2Conditional = {};
  if (ifNoneMatch) onlyIf.etagDoesNotMatch = stripQuotes(ifNoneMatch);
  if (wanted && ifRange) onlyIf.etagMatches = stripQuotes(ifRange);
  let obj = await p.bucket.get(p.key, { range: wanted ?? undefined, onlyIf });
  if (!obj) throw notFound("Media not found");
  let range: ByteRange | null = wanted;
  if (!("body" in obj)) {
    if (ifNoneMatch && etagMatches(ifNoneMatch, obj.httpEtag)) return notModified(obj, p);
    // If-Range did not match: the client's copy is stale, so it gets the whole current object.
    obj = await p.bucket.get(p.key);
    if (!obj || !("body" in obj)) throw notFound("Media not found");
    range = null;
  }
  const r2Body = (obj as R2ObjectBody).body;
  const body = p.countDelivery
    ? countedBody(r2Body, range?.offset ?? 0, range?.length ?? obj.size, p.countDelivery)
    : r2Body;
  return new Response(body, { status: range ? 206 : 200, headers: objectHeaders(obj, p, range) });
}

function usableRange(header: string | undefined, ifRange: string | undefined, size: number, etag: string) {
  if (ifRange && !etagMatches(ifRange, etag)) return null;
  return resolveRange(header, size);
}

const stripQuotes = (etag: string) =>
  etag
    .trim()
    .replace(/^W\//, "")
    .replace(/^"(.*)"$/, "$1");

function objectHeaders(obj: R2Object, p: ServeParams, range: ByteRange | null) {
  const h = new Headers();
  h.set("Content-Type", obj.httpMetadata?.contentType ?? "application/octet-stream");
  h.set("ETag", obj.httpEtag);
  h.set("Last-Modified", obj.uploaded.toUTCString());
  h.set("Accept-Ranges", "bytes");
  h.set("Cache-Control", p.cacheControl);
  if (p.vary) h.set("Vary", p.vary);
  if (range) {
    h.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${obj.size}`);
    h.set("Content-Length", String(range.length));
  } else {
    h.set("Content-Length", String(obj.size));
  }
  return h;
}

function notModified(obj: R2Object, p: ServeParams) {
  return new Response(null, {
    status: 304,
    headers: { ETag: obj.httpEtag, "Cache-Control": p.cacheControl, ...(p.vary ? { Vary: p.vary } : {}) },
  });
}

function unsatisfiable(size: number) {
  return new Response(null, { status: 416, headers: { "Content-Range": `bytes */${size}` } });
}
