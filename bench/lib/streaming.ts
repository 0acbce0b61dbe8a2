// Streaming throughput: whole-object downloads and 1 MiB Range requests, through the app's stream route
// and through the bench Worker's bare R2 pass-through, in the same runtime and over the same loopback.
// The two routes alternate (round by round, request by request) so outside load hits both alike.
import { treeCpuMs } from "./cpu.ts";
import { pool, timedRequest } from "./http.ts";
import { percentile, round, summarize } from "./stats.ts";

/** "control" is the bare R2 route again under another URL: its ratio to "r2" shows the noise (A/A). */
export type Route = { name: "stream" | "r2" | "control"; url: string; headers: Record<string, string> };

type Downloads = {
  downloads: number;
  concurrency: number;
  bytes: number;
  wallMs: number;
  /** All bytes over all wall time. */
  meanMbPerSec: number;
  /** Median over rounds of one round's MB/s: robust to a round that outside load slowed down. */
  medianMbPerSec: number;
  roundMbPerSec: number[];
  perDownloadMs: number[];
  /** CPU time of the whole local stack (runner + workerd) per 10⁹ bytes; null without /proc. */
  cpuMsPerGB: number | null;
};

const MB = 1e6;

async function download(route: Route, expectBytes: number) {
  const r = await timedRequest(route.url, { headers: route.headers });
  if (r.status !== 200 || r.bytes !== expectBytes) throw new Error(`${route.url}: HTTP ${r.status}, ${r.bytes} bytes`);
  return r;
}

/** `rounds` rounds; in each, every route downloads the object `concurrency` times at once. */
export async function downloadRounds(routes: Route[], size: number, rounds: number, concurrency: number) {
  const acc = new Map(
    routes.map((r) => [r.name, { wallMs: 0, cpuMs: 0, roundMbPerSec: [] as number[], perDownloadMs: [] as number[] }]),
  );
  for (let round_ = 0; round_ < rounds; round_++) {
    const order = routes.map((_, j) => routes[(round_ + j) % routes.length]!);
    for (const route of order) {
      const cpu0 = treeCpuMs();
      const start = performance.now();
      const results = await pool(concurrency, concurrency, () => download(route, size));
      const ms = performance.now() - start;
      const cpu1 = treeCpuMs();
      const a = acc.get(route.name)!;
      a.wallMs += ms;
      a.cpuMs = cpu0 === null || cpu1 === null ? NaN : a.cpuMs + (cpu1 - cpu0);
      a.roundMbPerSec.push(round((size * concurrency) / MB / (ms / 1000), 1));
      a.perDownloadMs.push(...results.map((x) => round(x.ms)));
    }
  }
  const out = {} as Partial<Record<Route["name"], Downloads>>;
  for (const route of routes) {
    const a = acc.get(route.name)!;
    const bytes = size * concurrency * rounds;
    out[route.name] = {
      downloads: rounds * concurrency,
      concurrency,
      bytes,
      wallMs: round(a.wallMs),
      meanMbPerSec: round(bytes / MB / (a.wallMs / 1000), 1),
      medianMbPerSec: round(percentile(a.roundMbPerSec, 50), 1),
      roundMbPerSec: a.roundMbPerSec,
      perDownloadMs: a.perDownloadMs,
      cpuMsPerGB: Number.isNaN(a.cpuMs) ? null : round(a.cpuMs / (bytes / 1e9), 0),
    };
  }
  return out;
}

/** 1 MiB ranges across the whole object in order (as a player reading through it asks), routes alternating. */
export async function rangeSweep(routes: Route[], size: number, chunk: number) {
  const samples = new Map(routes.map((r) => [r.name, [] as number[]]));
  let k = 0;
  for (let offset = 0; offset < size; offset += chunk, k++) {
    const end = Math.min(size, offset + chunk) - 1;
    for (const route of k % 2 ? [...routes].reverse() : routes) {
      const r = await timedRequest(route.url, { headers: { ...route.headers, range: `bytes=${offset}-${end}` } });
      if (r.status !== 206 || r.bytes !== end - offset + 1)
        throw new Error(`${route.url} range ${offset}: HTTP ${r.status}, ${r.bytes} bytes`);
      samples.get(route.name)!.push(round(r.ms));
    }
  }
  const out = {} as Partial<
    Record<Route["name"], ReturnType<typeof summarize> & { chunkBytes: number; mbPerSec: number; samples: number[] }>
  >;
  for (const route of routes) {
    const s = samples.get(route.name)!;
    const totalMs = s.reduce((a, b) => a + b, 0);
    out[route.name] = {
      ...summarize(s),
      chunkBytes: chunk,
      mbPerSec: round(size / MB / (totalMs / 1000), 1),
      samples: s,
    };
  }
  return out;
}
