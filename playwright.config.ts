import { defineConfig, devices } from "@playwright/test";

// End-to-end tests drive Debian's Chromium (Playwright's own browser download cannot work here).
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const port = Number(process.env.E2E_PORT ?? 5174);

/** Journeys that change what every member sees while they run: ad settings, the active sign-on challenges. */
const SITE_SETTINGS = ["**/player.spec.ts", "**/challenges.spec.ts"];

const browser = {
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
};

export default defineConfig({
  testDir: "e2e",
  // Journeys run three at a time: most of a journey is waiting for real media, ads and countdowns, and without the
  // trace's screencast two journeys kept about one core busy of two. Journeys that change what every member sees
  // (ad settings, the sign-on challenges) run after them, one at a time (the "site settings" project).
  // docs/decisions/076-ci-where-the-cpu-goes.md
  fullyParallel: false,
  workers: 3,
  retries: 0,
  // The limits guard against a hang, not a slow machine: what a test waits for still has to happen, only later.
  // (On a busy machine the accessibility journeys ran out of 60 s after 11 of the 12 admin tabs.)
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    // A failed journey keeps its trace: every action with the page's DOM before and after it, its network and
    // console. Not the screencast: encoding and shipping its frames took half of Chromium's CPU in the suite
    // (docs/decisions/076-ci-where-the-cpu-goes.md); the failure's own screenshot stays.
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "journeys", testIgnore: SITE_SETTINGS, use: browser },
    { name: "site settings", testMatch: SITE_SETTINGS, use: browser, workers: 1, dependencies: ["journeys"] },
  ],
  // The production build (what deploys: bundled, with the Worker's CSP) served by `vite preview`, on its own port
  // and with its own fresh local state, so a running dev server and earlier runs do not interfere (CI starts from
  // nothing too). A built page loads in one request where the dev server transforms each module on first use.
  webServer: {
    // scripts/e2e-server.mjs: migrations, seed and build into a fresh state (or waits for .ci/run's, made ahead), then
    // `vite preview` on it.
    command: `node scripts/e2e-server.mjs serve ${port}`,
    url: `http://localhost:${port}`,
    reuseExistingServer: !process.env.CI,
    // Migrations, seed and the build: 105 s measured on a busy 2-core machine.
    timeout: 360_000,
    stdout: "pipe",
  },
});
