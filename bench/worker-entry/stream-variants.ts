// `GET /bench/stream-variant?key=…&v=…&piece=<MiB>` for `npm run bench:stream-variants` (decision 082): ways to
// make the counted stream body, side by side with R2's own body, in the same runtime. Each counted variant reports
// [start, end) as the route does (at a stall, at the end before the body ends, on cancel); the report here is an
// R2 `head` standing in for the object call, so the variants differ only in how the bytes move.
import { countedBody, type DeliveryCounting } from "../../worker/routes/counted-body.ts";

const STALL_MS = 1000;
const MIB = 1024 * 1024;

/** The route's reporting rules over `sent`: until the body ends, the last piece taken does not count (064). */
function reporter(start: number, counting: DeliveryCounting) {
  const s = { sent: 0, lastPiece: 0, ended: false, reported: 0, reports: Promise.resolve() };
  const report = () => {
    const counted = s.ended ? s.sent : s.sent - s.lastPiece;
    if (counted <= s.reported) return s.reports;
    s.reported = counted;
    const range = { start, end: start + counted };
    s.reports = s.reports.then(() => counting.report(range)).catch(() => undefined);
    return s.reports;
  };
  return { s, report };
}

/** R2's body piped natively into the FixedLengthStream: what a runtime-side copy costs, with nothing counted. */
function nativeUncounted(body: ReadableStream, length: number, counting: DeliveryCounting) {
  const { readable, writable } = new FixedLengthStream(length);
  counting.waitUntil(body.pipeTo(writable).catch(() => undefined));
  return readable;
}

/** A JavaScript byte stream whose pull reads R2 in pieces: a piece counts when the response pulls the next. */
function pulled(body: ReadableStream, start: number, length: number, counting: DeliveryCounting, piece: number) {
  const reader = body.getReader({ mode: "byob" });
  const { s, report } = reporter(start, counting);
  let stall: ReturnType<typeof setTimeout> | undefined;
  return new ReadableStream({
    type: "bytes",
    async pull(controller) {
      clearTimeout(stall);
      const r = await reader.readAtLeast(Math.min(piece, Math.max(1, length - s.sent)), new Uint8Array(piece));
      if (!r.done) {
        s.sent += r.value.byteLength;
        s.lastPiece = r.value.byteLength;
        controller.enqueue(r.value);
      }
      if (r.done || s.sent >= length) {
        s.ended = true;
        await report();
        controller.close();
        return;
      }
      stall = setTimeout(() => void report(), STALL_MS);
    },
    async cancel(reason) {
      clearTimeout(stall);
      await report();
      await reader.cancel(reason).catch(() => undefined);
    },
  });
}

/** One R2 range read per piece, each piped natively; the next read is asked for while the current one flows. */
function piecePerRead(
  bucket: R2Bucket,
  key: string,
  etag: string,
  start: number,
  length: number,
  counting: DeliveryCounting,
  piece: number,
) {
  const { readable, writable } = new FixedLengthStream(length);
  const { s, report } = reporter(start, counting);
  const get = (at: number) =>
    bucket.get(key, {
      range: { offset: start + at, length: Math.min(piece, length - at) },
      onlyIf: { etagMatches: etag },
    });
  const copy = async () => {
    let at = 0;
    let next: Promise<R2Object | null> | null = get(0);
    try {
      while (next) {
        const obj = await next;
        if (!obj || !("body" in obj)) throw new Error("the object changed");
        const n = Math.min(piece, length - at);
        at += n;
        next = at < length ? get(at) : null;
        const stalled = setTimeout(() => void report(), STALL_MS);
        try {
          await (obj as R2ObjectBody).body.pipeTo(writable, { preventClose: true });
        } finally {
          clearTimeout(stalled);
        }
        s.sent = at;
        s.lastPiece = n;
      }
      s.ended = true;
      await report();
      await writable.close();
    } catch (error) {
      await report();
      await writable.abort(error).catch(() => undefined);
    }
  };
  counting.waitUntil(copy());
  return readable;
}

/** R2's chunks as they come (a default reader), each written and counted: no pieces of our own. */
function chunkByChunk(body: ReadableStream, start: number, length: number, counting: DeliveryCounting) {
  const { readable, writable } = new FixedLengthStream(length);
  const { s, report } = reporter(start, counting);
  const copy = async () => {
    const reader = body.getReader();
    const writer = writable.getWriter();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        await writer.write(value);
        s.sent += value.byteLength;
        s.lastPiece = value.byteLength;
      }
      s.ended = true;
      await report();
      await writer.close();
    } catch (error) {
      await report();
      await Promise.allSettled([writer.abort(error), reader.cancel(error)]);
    }
  };
  counting.waitUntil(copy());
  return readable;
}

export async function streamVariant(env: Env, url: URL, ctx: ExecutionContext): Promise<Response> {
  const key = url.searchParams.get("key");
  const v = url.searchParams.get("v") ?? "bare";
  const piece = Number(url.searchParams.get("piece") ?? "2") * MIB;
  if (!key || !(piece >= 64 * 1024)) return new Response("key and piece (MiB, ≥ 1/16) are required", { status: 400 });
  const obj = await env.MEDIA.get(key);
  if (!obj) return new Response("not found", { status: 404 });
  const counting: DeliveryCounting = {
    report: async () => void (await env.MEDIA.head(key)),
    waitUntil: (work) => ctx.waitUntil(work),
  };
  const size = obj.size;
  let body: ReadableStream;
  if (v === "bare") body = obj.body;
  else if (v === "counted") body = countedBody(obj.body, 0, size, counting);
  else if (v === "native") body = nativeUncounted(obj.body, size, counting);
  else if (v === "pull") body = pulled(obj.body, 0, size, counting, piece);
  else if (v === "chunks") body = chunkByChunk(obj.body, 0, size, counting);
  else if (v === "reads") {
    await obj.body.cancel();
    body = piecePerRead(env.MEDIA, key, obj.etag, 0, size, counting, piece);
  } else return new Response(`unknown variant ${v}`, { status: 400 });
  return new Response(body, { headers: { "content-length": String(size), etag: obj.httpEtag } });
}
