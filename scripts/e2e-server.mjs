#!/usr/bin/env node
// The browser suite's web server (playwright.config.ts's webServer): a fresh local state (migrations, then the
// seed) and the production build, then `vite preview` serving them on the port given.
//
//   node scripts/e2e-server.mjs serve <port>   prepares, then serves (what `npm run test:e2e` starts)
//   node scripts/e2e-server.mjs prepare        prepares only (`npm run e2e:prepare`)
//
// .ci/run starts `prepare` beside the unit tests and sets E2E_PREPARED_AHEAD=1, so that `serve` only waits for it
// instead of spending the first minute of the browser suite on migrations and the build
// (docs/decisions/076-ci-where-the-cpu-goes.md). Plain JavaScript, run under Node 24 by the npm scripts.
import { execSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";

const STATE = ".wrangler/e2e-state";
const DONE = ".wrangler/e2e-prepare.done";
const FAILED = ".wrangler/e2e-prepare.failed";
const [mode, port] = process.argv.slice(2);

function prepare() {
  mkdirSync(".wrangler", { recursive: true });
  rmSync(DONE, { force: true });
  rmSync(FAILED, { force: true });
  try {
    rmSync(STATE, { recursive: true, force: true });
    const env = { ...process.env, REELPAY_STATE_DIR: STATE };
    execSync("npm run db:migrate:local", { stdio: "inherit", env });
    execSync("npm run seed", { stdio: "inherit", env });
    execSync("npx vite build --logLevel warn", { stdio: "inherit" });
    writeFileSync(DONE, new Date().toISOString());
  } catch (error) {
    writeFileSync(FAILED, error instanceof Error ? error.message : String(error));
    throw error;
  }
}

/** Waits for the `prepare` that .ci/run started; its failure is this server's. */
async function preparedAhead() {
  for (;;) {
    if (existsSync(FAILED)) throw new Error(`preparing ahead failed: ${readFileSync(FAILED, "utf8")}`);
    if (existsSync(DONE)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

if (mode === "prepare") {
  prepare();
} else if (mode === "serve" && port) {
  try {
    if (process.env.E2E_PREPARED_AHEAD === "1") await preparedAhead();
    else prepare();
  } catch (error) {
    console.error(`e2e server: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
  const child = spawn(`npx vite preview --port ${port} --strictPort`, {
    shell: true,
    stdio: "inherit",
    env: { ...process.env, REELPAY_STATE_DIR: STATE },
  });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  console.error("usage: node scripts/e2e-server.mjs serve <port> | prepare");
  process.exit(2);
}
