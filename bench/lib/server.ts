// Starts the bench Worker (bench/worker-entry.ts) in local workerd with wrangler's unstable_startWorker,
// with the D1 and R2 bindings of wrangler.jsonc but its own persistence folder and no static assets.
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export const PERSIST_DIR = ".wrangler/bench-state";
export const BENCH_VARS = {
  DEV_LOGIN: "true",
  SESSION_SECRET: "bench-only-session-secret-0123456789abcdef",
  ADMIN_EMAILS: "bench-admin@example.com",
};

export type BenchServer = { origin: string; stop: () => Promise<void> };

/**
 * A fresh bench database: wipes the bench persistence folder and applies the migrations to it.
 * `persistDir` lets another bench (e.g. bench/load.ts) keep its own state so two benches never share one.
 */
export function freshDatabase(persistDir = PERSIST_DIR): string {
  rmSync(persistDir, { recursive: true, force: true });
  const args = ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir];
  const wranglerBin = path.join(
    path.dirname(createRequire(import.meta.url).resolve("wrangler/package.json")),
    "bin/wrangler.js",
  );
  execFileSync(process.execPath, [wranglerBin, ...args], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, CI: "1" },
  });
  return `wrangler ${args.join(" ")}`;
}

export async function startBenchWorker(port: number, persistDir = PERSIST_DIR): Promise<BenchServer> {
  const wrangler = await import("wrangler");
  const config = wrangler.unstable_readConfig({ config: "wrangler.jsonc" });
  // The config object rather than its path: the bench has no static assets (with them, /bench/* would be
  // answered by the SPA fallback) and no cron trigger.
  const benchConfig = { ...config, assets: undefined, triggers: { crons: [] } };
  const worker = await wrangler.unstable_startWorker({
    config: benchConfig,
    entrypoint: path.resolve("bench/worker-entry.ts"),
    bindings: Object.fromEntries(Object.entries(BENCH_VARS).map(([k, v]) => [k, { type: "plain_text", value: v }])),
    dev: {
      remote: false,
      persist: persistDir,
      server: { hostname: "127.0.0.1", port },
      inspector: false,
      watch: false,
      liveReload: false,
    },
  });
  await worker.ready;
  const url = await worker.url;
  return { origin: url.origin, stop: () => worker.dispose() };
}
