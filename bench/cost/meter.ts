// The cost meter's counts: every request it sends goes to the bench Worker (bench/worker-entry.ts), which answers
// with D1's rows read and written (`x-d1-rows-read`, `x-d1-rows-written`) and the R2 operations by class
// (`x-r2-class-a`, `x-r2-class-b`) of that request; the watch-session objects' requests, SQLite rows and D1 rows
// are read from the objects themselves (`GET /bench/watch-sessions?viewer=…`) before and after each measured unit.
import type { WatchSessionCounters } from "../load/object-counters.ts";
import { USD_PER_MILLION } from "./prices.ts";

export type Counts = {
  workerRequests: number;
  d1RowsRead: number;
  d1RowsWritten: number;
  doRequests: number;
  doRowsRead: number;
  doRowsWritten: number;
  r2ClassA: number;
  r2ClassB: number;
  /** Queue operations (not read from the runtime: three per message the consumers took, prices.ts). */
  queueOps: number;
};

export const zeroCounts = (): Counts => ({
  workerRequests: 0,
  d1RowsRead: 0,
  d1RowsWritten: 0,
  doRequests: 0,
  doRowsRead: 0,
  doRowsWritten: 0,
  r2ClassA: 0,
  r2ClassB: 0,
  queueOps: 0,
});

const KEYS = Object.keys(zeroCounts()) as (keyof Counts)[];

export function add(a: Counts, b: Counts, times = 1): Counts {
  const out = zeroCounts();
  for (const k of KEYS) out[k] = a[k] + b[k] * times;
  return out;
}

function scale(a: Counts, by: number): Counts {
  const out = zeroCounts();
  for (const k of KEYS) out[k] = a[k] * by;
  return out;
}

/** $ per million of these units: each count per unit times its price per million. */
export function usdPerMillion(c: Counts): number {
  const p = USD_PER_MILLION;
  return (
    c.workerRequests * p.workerRequests +
    c.d1RowsRead * p.d1RowsRead +
    c.d1RowsWritten * p.d1RowsWritten +
    c.doRequests * p.doRequests +
    c.doRowsRead * p.doRowsRead +
    c.doRowsWritten * p.doRowsWritten +
    c.r2ClassA * p.r2ClassA +
    c.r2ClassB * p.r2ClassB +
    c.queueOps * p.queueOps
  );
}

/** Measured units of one path: the counts summed over them, and whether any D1 call reported no rows. */
export class Bucket {
  units = 0;
  sums = zeroCounts();
  /** Calls whose D1 rows were not reported (`+` in the headers, or the objects' unmetered calls): a lower bound. */
  unmetered = 0;
  mean(): Counts {
    return this.units ? scale(this.sums, 1 / this.units) : zeroCounts();
  }
}

export type Answer = { status: number; json: unknown; bytes: number; headers: Headers };

type Cost = WatchSessionCounters["cost"];

export class Meter {
  /** The bucket requests are counted into while a unit is measured (units run one at a time). */
  private current: Bucket | null = null;
  readonly origin: string;
  constructor(origin: string) {
    this.origin = origin;
  }

  private async objectCost(viewerIds: string[]): Promise<Cost[]> {
    return Promise.all(
      viewerIds.map(async (id) => {
        const res = await fetch(`${this.origin}/bench/watch-sessions?viewer=${encodeURIComponent(id)}`);
        return ((await res.json()) as WatchSessionCounters).cost;
      }),
    );
  }

  /**
   * One unit of a path: `work` runs its requests (through `send`); the objects of `viewerIds` are read before
   * and after (after a short wait: the stream route reports deliveries to the object as the body ends).
   * `workerRequests` replaces the count of requests sent (a page's in-process API calls are not requests).
   */
  async unit<T>(
    into: Bucket,
    viewerIds: string[],
    work: () => Promise<T>,
    o: { workerRequests?: number } = {},
  ): Promise<T> {
    const before = await this.objectCost(viewerIds);
    const unit = new Bucket();
    this.current = unit;
    let out: T;
    try {
      out = await work();
    } finally {
      this.current = null;
    }
    await new Promise((r) => setTimeout(r, 150));
    const after = await this.objectCost(viewerIds);
    const c = unit.sums;
    after.forEach((a, i) => {
      const b = before[i]!;
      c.doRequests += a.requests - b.requests;
      c.doRowsRead += a.sqlRowsRead - b.sqlRowsRead;
      c.doRowsWritten += a.sqlRowsWritten - b.sqlRowsWritten;
      c.d1RowsRead += a.d1RowsRead - b.d1RowsRead;
      c.d1RowsWritten += a.d1RowsWritten - b.d1RowsWritten;
      unit.unmetered += a.d1Unmetered - b.d1Unmetered;
    });
    if (o.workerRequests !== undefined) c.workerRequests = o.workerRequests;
    into.sums = add(into.sums, c);
    into.unmetered += unit.unmetered;
    into.units++;
    return out;
  }

  /** One request to the Worker, counted into the unit being measured (if any). */
  async send(
    method: string,
    path: string,
    o: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { origin: this.origin, ...o.headers };
    if (o.cookie) headers.cookie = o.cookie;
    if (o.body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(this.origin + path, {
      method,
      headers,
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
    const buf = Buffer.from(await res.arrayBuffer());
    const unit = this.current;
    if (unit) {
      const read = res.headers.get("x-d1-rows-read") ?? "";
      const written = res.headers.get("x-d1-rows-written") ?? "";
      if (!read) throw new Error(`${method} ${path}: no x-d1-rows-read header (not the bench Worker?)`);
      if (read.endsWith("+")) unit.unmetered++;
      unit.sums.workerRequests++;
      unit.sums.d1RowsRead += parseInt(read, 10);
      unit.sums.d1RowsWritten += parseInt(written, 10) || 0;
      unit.sums.r2ClassA += Number(res.headers.get("x-r2-class-a") ?? 0);
      unit.sums.r2ClassB += Number(res.headers.get("x-r2-class-b") ?? 0);
    }
    const json = (res.headers.get("content-type") ?? "").includes("json") ? JSON.parse(buf.toString()) : null;
    return { status: res.status, json, bytes: buf.length, headers: res.headers };
  }
}
