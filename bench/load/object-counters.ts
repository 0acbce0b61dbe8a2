// The watch-session objects' D1 counts, as the bench Worker (bench/worker-entry/watch-sessions.ts) keeps them and the load
// suite (bench/load/objects.ts) reads them: types only, so both the Worker and the Node side can import it.

export type Tally = { calls: number; statements: number; roundTrips: number };

/** What one viewer's object did with D1, by kind of call (GET /bench/watch-sessions?viewer=<userId>). */
export type WatchSessionCounters = {
  /** Times the object was constructed (more than once: it was evicted and came back; the counts live on). */
  instances: number;
  starts: Tally;
  /** event() calls that did not turn a view qualified: progress, refused positions, unknown views (404). */
  events: Tally & { refused: number; notFound: number };
  /** event() calls that turned a view qualified: the one D1 batch of a qualified view. */
  qualifying: Tally;
  alarms: Tally;
  /** Sessions that ended without qualifying, whichever call ended them: one `views` row each, in batches. */
  ended: { views: number; roundTrips: number };
  /** D1 calls outside any counted call (none expected). */
  unattributed: { statements: number; roundTrips: number };
  errors: number;
  /**
   * What the object is billed for (`npm run bench:cost`): requests (RPC calls and alarms), its own SQLite rows
   * (cursor `rowsRead`/`rowsWritten`, as Cloudflare bills them) and the D1 rows its calls read and wrote
   * (`meta`; `d1Unmetered` counts calls that reported none).
   */
  cost: {
    requests: number;
    sqlStatements: number;
    sqlRowsRead: number;
    sqlRowsWritten: number;
    d1RowsRead: number;
    d1RowsWritten: number;
    d1Unmetered: number;
  };
};
