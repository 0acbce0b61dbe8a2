// Cloudflare's list prices the cost meter (`npm run bench:cost`) multiplies its counts by, as read on the date
// below from the pages named beside each. Beyond-allowance prices only: the monthly allowances included with
// Workers Paid (requests, CPU time, D1 rows, Durable Object requests and rows, R2 operations) are left out on
// purpose, so every figure is the marginal cost of one more unit at scale, not a bill.

/** When these prices were read. */
export const PRICES_AS_OF = "2026-11-29";

export const PRICE_PAGES = {
  workers: "https://developers.cloudflare.com/workers/platform/pricing/",
  d1: "https://developers.cloudflare.com/d1/platform/pricing/",
  durableObjects: "https://developers.cloudflare.com/durable-objects/platform/pricing/",
  r2: "https://developers.cloudflare.com/r2/pricing/",
  queues: "https://developers.cloudflare.com/queues/platform/pricing/",
} as const;

/** US dollars per million units, beyond the included allowances. */
export const USD_PER_MILLION = {
  /** Workers Paid: requests (workers page). */
  workerRequests: 0.3,
  /** Workers Paid: CPU time, per million CPU milliseconds (workers page). Not metered by the bench: see README. */
  workerCpuMs: 0.02,
  /** D1: rows read (d1 page). */
  d1RowsRead: 0.001,
  /** D1: rows written (d1 page). */
  d1RowsWritten: 1.0,
  /** Durable Objects: requests, RPC calls and alarms included (durable-objects page). Duration is not metered. */
  doRequests: 0.15,
  /** Durable Objects, SQLite storage: rows read, billed like D1 (durable-objects page). */
  doRowsRead: 0.001,
  /** Durable Objects, SQLite storage: rows written, billed like D1 (durable-objects page). */
  doRowsWritten: 1.0,
  /** R2: Class A operations (put, list, multipart create/part/complete) (r2 page). */
  r2ClassA: 4.5,
  /** R2: Class B operations (get, head) (r2 page). */
  r2ClassB: 0.36,
  /**
   * Queues: operations, each 64 KB written, read or deleted (queues page). A delivered message of under 64 KB is
   * three (its write, its read, its delete); each retry reads it once more.
   */
  queueOps: 0.4,
} as const;

/** A message's operations when delivered once: written, read, deleted (queues page). */
export const QUEUE_OPS_PER_MESSAGE = 3;
