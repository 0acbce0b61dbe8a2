// `npm run bench:stream-variants`: ways of making the stream route's counted body (decision 082), each against
// R2's own body in one run: whole 64 MiB downloads, the variants rotating round by round so outside load hits all
// alike; per variant the median MB/s over rounds and the median CPU time per 10⁹ bytes of the whole local stack
// (this process and its workerd processes, from /proc), each as a ratio to the first variant (the baseline).
//
// Options: --variants=bare,bare,counted,native (a name, or name:<piece MiB>; the first is the baseline, a second
// `bare` is the A/A control)  --rounds=12  --concurrency=1  --port=8796 (8790–8799)
// Variants (bench/worker-entry/stream-variants.ts): bare (R2's body), counted (the route's countedBody),
// native (a runtime pipe, nothing counted), pull (a JavaScript byte stream), reads (an R2 read per piece,
// each piped natively), chunks (R2's chunks as they come).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { treeCpuMs } from "./lib/cpu.ts";
import { pool, postJson, timedRequest } from "./lib/http.ts";
import { freshDatabase, startBenchWorker } from "./lib/server.ts";
import { percentile, round } from "./lib/stats.ts";

process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
process.env.WRANGLER_SEND_METRICS = "false";
process.env.WRANGLER_LOG ??= "warn";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const VARIANTS = (arg("variants") ?? "bare,bare,counted,native").split(",");
const ROUNDS = Number(arg("rounds") ?? 12);
const CONCURRENCY = Number(arg("concurrency") ?? 1);
const PORT = Number(arg("port") ?? 8796);
if (PORT < 8790 || PORT > 8799) throw new Error("--port must be within 8790–8799");
const SIZE = 64 * 1024 * 1024;
const KEY = "bench/stream-64MiB.bin";
const PERSIST = ".wrangler/bench-stream-variants";

freshDatabase(PERSIST);
const server = await startBenchWorker(PORT, PERSIST);
try {
  await postJson(`${server.origin}/bench/media?key=${encodeURIComponent(KEY)}&size=${SIZE}`);
  const url = (variant: string) => {
    const [v, piece] = variant.split(":");
    return `${server.origin}/bench/stream-variant?key=${encodeURIComponent(KEY)}&v=${v}${piece ? `&piece=${piece}` : ""}`;
  };
  const samples = VARIANTS.map(() => ({ mbPerSec: [] as number[], cpuMsPerGB: [] as number[] }));
  // Round -1 warms every path and is not kept.
  for (let r = -1; r < ROUNDS; r++) {
    for (let j = 0; j < VARIANTS.length; j++) {
      const i = (r + 1 + j) % VARIANTS.length;
      const cpu0 = treeCpuMs();
      const t0 = performance.now();
      const got = await pool(CONCURRENCY, CONCURRENCY, () => timedRequest(url(VARIANTS[i]!)));
      const ms = performance.now() - t0;
      const cpu1 = treeCpuMs();
      for (const g of got)
        if (g.status !== 200 || g.bytes !== SIZE) throw new Error(`${VARIANTS[i]}: HTTP ${g.status}, ${g.bytes} bytes`);
      if (r < 0) continue;
      const bytes = SIZE * CONCURRENCY;
      samples[i]!.mbPerSec.push(round(bytes / 1e6 / (ms / 1000), 1));
      if (cpu0 !== null && cpu1 !== null) samples[i]!.cpuMsPerGB.push(round((cpu1 - cpu0) / (bytes / 1e9), 0));
    }
  }
  const median = (xs: number[]) => (xs.length ? percentile(xs, 50) : NaN);
  const base = { mb: median(samples[0]!.mbPerSec), cpu: median(samples[0]!.cpuMsPerGB) };
  const rows = VARIANTS.map((variant, i) => {
    const mb = round(median(samples[i]!.mbPerSec), 1);
    const cpu = median(samples[i]!.cpuMsPerGB);
    // cpuRatio as bench/run.ts reports it: baseline CPU per byte ÷ this variant's (1 = the same work per byte).
    return {
      variant,
      mbPerSec: mb,
      ratio: round(mb / base.mb, 2),
      cpuMsPerGB: cpu,
      cpuRatio: round(base.cpu / cpu, 2),
    };
  });
  for (const row of rows)
    console.log(
      `${row.variant.padEnd(12)} ${String(row.mbPerSec).padStart(7)} MB/s  ratio ${row.ratio.toFixed(2)}  CPU ${row.cpuMsPerGB} ms/GB  CPU ratio ${row.cpuRatio.toFixed(2)}`,
    );
  // One entry per concurrency, so a run at one download and one at four sit side by side.
  const file = "bench/stream-variants-results.json";
  const kept = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>) : {};
  kept[`concurrency ${CONCURRENCY}`] = {
    date: new Date().toISOString(),
    command: `npm run bench:stream-variants -- --variants=${VARIANTS.join(",")} --rounds=${ROUNDS} --concurrency=${CONCURRENCY}`,
    objectBytes: SIZE,
    rows,
    samples: VARIANTS.map((variant, i) => ({ variant, ...samples[i]! })),
  };
  writeFileSync(file, JSON.stringify(kept, null, 2) + "\n");
} finally {
  await server.stop();
}
