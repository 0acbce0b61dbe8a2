// The load suite's HTTP client: every request goes through `call`, which times it with bench/lib/http.ts,
// bounds it with a timeout (a hung request must not hang the run), and files it under a request kind as
// ok, expected 4xx (a deliberately invalid request refused as it should be) or error, with the D1 round
// trips and statements the Worker reported for it (`x-d1-round-trips`, `x-d1-statements`).
import http from "node:http";
import { timedRequest } from "../lib/http.ts";
import { percentile, round } from "../lib/stats.ts";

const REQUEST_TIMEOUT_MS = 20_000;
/**
 * The load client's own keep-alive pool: bursts and multi-tab players put more than the shared pool's 16
 * requests in flight at once, which would otherwise queue inside the client and show up as server latency.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

type Bucket = {
  ms: number[];
  ok: number;
  expected4xx: number;
  errors: number;
  statuses: Record<string, number>;
  /** Sums over the answers that carried the D1 headers (`d1Answers` of them). */
  d1RoundTrips: number;
  d1Statements: number;
  d1Answers: number;
};
const bucket = (): Bucket => ({
  ms: [],
  ok: 0,
  expected4xx: 0,
  errors: 0,
  statuses: {},
  d1RoundTrips: 0,
  d1Statements: 0,
  d1Answers: 0,
});

export type ErrorNote = { kind: string; status: number | string; detail: string };
export type KindRow = {
  kind: string;
  count: number;
  perSec: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  expected4xx: number;
  statuses: Record<string, number>;
  /** Mean D1 round trips and statements per request in the Worker (session lookup included; null: none reported). */
  d1RoundTrips: number | null;
  d1Statements: number | null;
};

export type D1Count = { roundTrips: number | null; statements: number | null };

export class Recorder {
  readonly buckets = new Map<string, Bucket>();
  /** The first errors in full, so a failed run says why without rerunning it. */
  readonly errorNotes: ErrorNote[] = [];

  add(
    kind: string,
    ms: number,
    status: number | string,
    outcome: "ok" | "expected4xx" | "error",
    detail = "",
    d1?: D1Count,
  ) {
    let b = this.buckets.get(kind);
    if (!b) this.buckets.set(kind, (b = bucket()));
    b.ms.push(ms);
    b[outcome === "ok" ? "ok" : outcome === "expected4xx" ? "expected4xx" : "errors"]++;
    b.statuses[String(status)] = (b.statuses[String(status)] ?? 0) + 1;
    if (d1?.roundTrips != null && d1.statements != null) {
      b.d1RoundTrips += d1.roundTrips;
      b.d1Statements += d1.statements;
      b.d1Answers++;
    }
    if (outcome === "error" && this.errorNotes.length < 50)
      this.errorNotes.push({ kind, status, detail: detail.slice(0, 300) });
  }

  /** One row per kind plus "all"; throughput over the measured seconds. */
  rows(seconds: number): KindRow[] {
    const row = (kind: string, b: Bucket): KindRow => ({
      kind,
      count: b.ms.length,
      perSec: round(b.ms.length / seconds, 1),
      p50: round(percentile(b.ms, 50), 1),
      p95: round(percentile(b.ms, 95), 1),
      p99: round(percentile(b.ms, 99), 1),
      errors: b.errors,
      expected4xx: b.expected4xx,
      statuses: b.statuses,
      d1RoundTrips: b.d1Answers ? round(b.d1RoundTrips / b.d1Answers, 2) : null,
      d1Statements: b.d1Answers ? round(b.d1Statements / b.d1Answers, 2) : null,
    });
    const all = bucket();
    const out = [...this.buckets.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kind, b]) => {
        all.ms.push(...b.ms);
        all.ok += b.ok;
        all.expected4xx += b.expected4xx;
        all.errors += b.errors;
        all.d1RoundTrips += b.d1RoundTrips;
        all.d1Statements += b.d1Statements;
        all.d1Answers += b.d1Answers;
        for (const [s, n] of Object.entries(b.statuses)) all.statuses[s] = (all.statuses[s] ?? 0) + n;
        return row(kind, b);
      });
    return [...out, row("all", all)];
  }
}

export type CallOptions = {
  cookie?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Statuses that mean success for this request (default 200). */
  ok?: number[];
  /** 4xx statuses this request is meant to get (a deliberately invalid request). */
  expected4xx?: number[];
  /** Keep and parse the JSON body (off for stream ranges: only bytes are counted). */
  json?: boolean;
};

export type Reply<T> = { status: number; ok: boolean; json: T | null; bytes: number; ms: number; d1: D1Count };

export class Client {
  readonly origin: string;
  readonly rec: Recorder;
  constructor(origin: string, rec: Recorder) {
    this.origin = origin;
    this.rec = rec;
  }

  async call<T = unknown>(kind: string, method: string, path: string, o: CallOptions = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...o.headers };
    if (o.cookie) headers.cookie = o.cookie;
    // The CSRF guard wants our own Origin on every state-changing request, as a browser sends it.
    if (method !== "GET" && method !== "HEAD") headers.origin = this.origin;
    if (o.body !== undefined) headers["content-type"] = "application/json";
    const start = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timeout after ${REQUEST_TIMEOUT_MS} ms`)), REQUEST_TIMEOUT_MS);
    });
    try {
      const body = o.body === undefined ? undefined : JSON.stringify(o.body);
      const res = await Promise.race([
        timedRequest(this.origin + path, { method, headers, body, keepBody: o.json !== false, agent }),
        timeout,
      ]);
      const text = res.body?.toString() ?? "";
      const good = (o.ok ?? [200]).includes(res.status);
      const expected = !good && (o.expected4xx ?? []).includes(res.status);
      const d1 = { roundTrips: res.roundTrips, statements: res.statements };
      this.rec.add(
        kind,
        res.ms,
        res.status,
        good ? "ok" : expected ? "expected4xx" : "error",
        `${method} ${path}: ${text}`,
        d1,
      );
      const json = good && o.json !== false && text ? (JSON.parse(text) as T) : null;
      return { status: res.status, ok: good, json, bytes: res.bytes, ms: res.ms, d1 };
    } catch (err) {
      this.rec.add(kind, performance.now() - start, "network", "error", `${method} ${path}: ${String(err)}`);
      return {
        status: 0,
        ok: false,
        json: null,
        bytes: 0,
        ms: performance.now() - start,
        d1: { roundTrips: null, statements: null },
      };
    } finally {
      clearTimeout(timer);
    }
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
