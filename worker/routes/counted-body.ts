// Proof of delivery (docs/decisions/029): the stream route counts the bytes it actually hands to the
// response as the body flows, and reports the range served so far to the viewer's watch-session object.

/** The bytes served so far by one response: [start, end), end exclusive. */
export type ServedRange = { start: number; end: number };

export type DeliveryCounting = {
  /** Sends one report; its failure is the caller's to swallow (a lost report only costs the viewer). */
  report: (range: ServedRange) => Promise<void>;
  /** Keeps reports alive after the response is handed over (the route passes executionCtx.waitUntil). */
  waitUntil: (work: Promise<unknown>) => void;
  /** Report at least every this many bytes while the body flows, so a stalled response still tells. */
  reportEvery: number;
};

/**
 * R2's body, read chunk by chunk only as fast as the client takes it (highWaterMark 0: nothing is read
 * ahead, so "counted" means "handed to the client"), reporting the served range every `reportEvery` bytes,
 * when the body ends, and when the client cancels. Reports go one after another, each covering the whole
 * range served so far, so a later one supersedes an earlier one. The end of the body waits for the last
 * report (every byte is already out by then; only the end-of-stream signal waits), so a player's next
 * event finds the delivery recorded.
 */
export function countedBody(body: ReadableStream<Uint8Array>, start: number, counting: DeliveryCounting): ReadableStream<Uint8Array> {
  const reader = body.getReader();
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
  let settle!: () => void;
  counting.waitUntil(new Promise<void>((resolve) => (settle = resolve)).then(() => reports));

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (error) {
          void report();
          settle();
          throw error;
        }
        if (chunk.done) {
          await report();
          settle();
          controller.close();
          return;
        }
        sent += chunk.value.byteLength;
        controller.enqueue(chunk.value);
        if (sent - reported >= counting.reportEvery) void report();
      },
      cancel(reason) {
        // An aborted download (a seek, a closed tab): what went out still counts.
        void report();
        settle();
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
