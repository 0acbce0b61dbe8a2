// Proof of delivery (docs/decisions/029): the stream route counts the bytes it actually hands to the
// response as the body flows, and reports the range served so far to the viewer's watch-session object.

/** The bytes served so far by one response: [start, end), end exclusive. */
type ServedRange = { start: number; end: number };

export type DeliveryCounting = {
  /** Sends one report; its failure is swallowed (a lost report only costs the viewer). */
  report: (range: ServedRange) => Promise<void>;
  /** Keeps the copy and its reports alive after the response is handed over (executionCtx.waitUntil). */
  waitUntil: (work: Promise<unknown>) => void;
};

/**
 * R2 is copied in pieces of up to this size: small enough that a download dropped midway loses at most this
 * much of what went out (and that a stalled one reports within a piece of what the client took), large enough
 * that the JavaScript steps per piece do not show. The copy itself is the price of counting: this body takes
 * 1.15–1.27× the CPU per byte of R2's own body and 0.77–0.92 of its throughput on the bench machine; a native
 * pipe would cost what R2's body costs but tells nothing of what went out before it ends, and an R2 read per
 * piece costs more than the copy (`npm run bench:stream-variants`, docs/decisions/082). Pieces of 1, 4 and 16
 * MiB measured within the machine's spread of 2 MiB.
 */
const PIECE_BYTES = 2 * 1024 * 1024;

/** A piece the client has not taken for this long means the response stalled: report what went out. */
const STALL_MS = 1000;
/**
 * While the body flows, at most one report this often. Reports are object calls that cost the stream more
 * than the copy does (one every 1/20 of the item kept 0.75 of bare throughput), so a download that flows
 * reports at its end only; a long one that keeps flowing (a slow link) still tells every few seconds.
 */
const FLOWING_REPORT_MS = 5000;

/**
 * The response body for the `length` bytes of R2's `body`, which start at byte `start` of the object. A
 * small copy loop writes R2's pieces into a runtime-native FixedLengthStream (so the socket side stays
 * native and Content-Length is kept), reading the next piece while the current one is written. The stream
 * has no buffer of its own: a write completes only once the client side has taken the piece, so `sent` is
 * what went out, not what was read. The served range is reported when a piece stalls (the client stopped
 * taking bytes: a paused player with a full buffer), at most every FLOWING_REPORT_MS while it flows, at the end,
 * and when the client goes away (a seek, a closed tab, a bot dropping the download after 64 KiB: the piece
 * in flight then does not count, nor the last one taken: docs/decisions/064). Reports go one after another, each covering the whole range so far, so a
 * later one supersedes an earlier one. The body ends only after the last report (every byte is out by then;
 * only the end-of-stream signal waits), so a player's next event finds the delivery recorded.
 */
export function countedBody(
  body: ReadableStream,
  start: number,
  length: number,
  counting: DeliveryCounting,
): ReadableStream {
  const { readable, writable } = new FixedLengthStream(length);
  let sent = 0;
  let reported = 0;
  let reports: Promise<void> = Promise.resolve();
  let reportedAt = Date.now();
  // Until the body ends normally, the last piece that went out does not count (docs/decisions/064): a write
  // completes once the bytes sit in the buffers between this stream and the client (socket buffers, proxies,
  // the edge), not once the client read them. A piece counts when the client side pulls the next one.
  let ended = false;
  let lastPiece = 0;
  const report = () => {
    const counted = ended ? sent : sent - lastPiece;
    if (counted <= reported) return reports;
    reported = counted;
    reportedAt = Date.now();
    const range = { start, end: start + counted };
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
        // A write the client does not take within STALL_MS (a paused player, a slow link) reports what went
        // out so far; a download that flows reports only at its end, one object call per response.
        const stalled = setTimeout(() => void report(), STALL_MS);
        try {
          await writer.write(piece.value);
        } finally {
          clearTimeout(stalled);
        }
        sent += piece.value.byteLength;
        lastPiece = piece.value.byteLength;
        if (Date.now() - reportedAt >= FLOWING_REPORT_MS) void report();
        if (piece.value.buffer.byteLength === PIECE_BYTES) spare.push(piece.value.buffer);
      }
      ended = true;
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
