// Proof of delivery (docs/decisions/029): the stream route counts the bytes it actually hands to the
// response as the body flows, and reports the range served so far to the viewer's watch-session object.

/** The bytes served so far by one response: [start, end), end exclusive. */
export type ServedRange = { start: number; end: number };

export type DeliveryCounting = {
  /** Sends one report; its failure is swallowed (a lost report only costs the viewer). */
  report: (range: ServedRange) => Promise<void>;
  /** Keeps the copy and its reports alive after the response is handed over (executionCtx.waitUntil). */
  waitUntil: (work: Promise<unknown>) => void;
  /** Report at least every this many bytes while the body flows, so a stalled response still tells. */
  reportEvery: number;
};

/**
 * R2 is copied in pieces of up to this size: few enough JavaScript steps that the stream keeps ≥ 90 % of a
 * bare pass-through's throughput (`npm run bench`), small enough that a download dropped midway loses at
 * most this much of what went out. Measured: 256 KiB pieces kept 0.79 of bare, 1 MiB 0.88, 4 MiB 0.91.
 */
const PIECE_BYTES = 2 * 1024 * 1024;

/**
 * The response body for the `length` bytes of R2's `body`, which start at byte `start` of the object. A
 * small copy loop writes R2's pieces into a runtime-native FixedLengthStream (so the socket side stays
 * native and Content-Length is kept), reading the next piece while the current one is written. The stream
 * has no buffer of its own: a write completes only once the client side has taken the piece, so `sent` is
 * what went out, not what was read. The served range is reported every `reportEvery` bytes, at the end,
 * and when the client goes away (a seek, a closed tab, a bot dropping the download after 64 KiB: the piece
 * in flight then does not count). Reports go one after another, each covering the whole range so far, so a
 * later one supersedes an earlier one. The body ends only after the last report (every byte is out by then;
 * only the end-of-stream signal waits), so a player's next event finds the delivery recorded.
 */
export function countedBody(body: ReadableStream, start: number, length: number, counting: DeliveryCounting): ReadableStream {
  const { readable, writable } = new FixedLengthStream(length);
  let sent = 0;
  let reported = 0;
  let reports: Promise<void> = Promise.resolve();
  const report = () => {
    if (sent === reported) return reports;
    reported = sent;
    const range = { start, end: start + sent };
    reports = reports.then(() => counting.report(range)).catch(() => undefined);
    return reports;
  };

  const copy = async () => {
    const reader = body.getReader({ mode: "byob" });
    const writer = writable.getWriter();
    // Two buffers take turns (one being read into while the other is written): no new 2 MiB per piece.
    const spare: ArrayBuffer[] = [];
    const read = () => {
      const piece = reader.readAtLeast(PIECE_BYTES, new Uint8Array(spare.pop() ?? new ArrayBuffer(PIECE_BYTES)));
      // A read still pending when the client leaves fails on cancel; nobody waits for it any more.
      piece.catch(() => undefined);
      return piece;
    };
    try {
      let next = read();
      for (;;) {
        const piece = await next;
        if (piece.done) break;
        next = read();
        await writer.write(piece.value);
        sent += piece.value.byteLength;
        if (piece.value.buffer.byteLength === PIECE_BYTES) spare.push(piece.value.buffer);
        if (sent - reported >= counting.reportEvery) void report();
      }
      await report();
      await writer.close();
    } catch (error) {
      // The client went away (or R2 failed): what went out still counts.
      await report();
      await Promise.allSettled([writer.abort(error), reader.cancel(error)]);
    }
  };
  counting.waitUntil(copy());
  return readable;
}
