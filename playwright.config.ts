import { defineConfig, devices } from "@playwright/test";

// End-to-end tests drive Debian's Chromium (Playwright's own browser download cannot work here).
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const port = Number(process.env.E2E_PORT ?? 5174);

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // CI runs this suite beside the unit tests on two cores (.ci/run, docs/decisions/071-ci-under-fifteen-minutes.md),
  // where a journey can take twice its time on a quiet machine and the dev server's first transform of a lazily
  // loaded screen can take longer than the default 5 s. The limits guard against a hang, not a slow machine: what
  // a test waits for still has to happen, only later. (Measured on a busy machine, the accessibility journeys
  // ran out of 60 s after 11 of the 12 admin tabs.)
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: chromium,
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
        },
      },
    },
  ],
  // The same command a developer runs, on its own port and with its own fresh local state, so a running
  // dev server and earlier runs do not interfere (CI starts from nothing too).
  webServer: {
    command: `rm -rf .wrangler/e2e-state && REELPAY_STATE_DIR=.wrangler/e2e-state npm run dev -- --port ${port}`,
    url: `http://localhost:${port}`,
    reuseExistingServer: !process.env.CI,
    // Migrations, seed and Vite's first dependency scan: 221 s measured on a busy 2-core machine.
    timeout: 360_000,
    stdout: "pipe",
  },
});
