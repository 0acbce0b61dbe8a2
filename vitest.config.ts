import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import react from "@vitejs/plugin-react";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const migrationsDir = fileURLToPath(new URL("./migrations", import.meta.url));

// Real media files for the worker tests (which cannot read the disk): name → base64.
function readFixtures(...dirs: string[]) {
  const out: Record<string, string> = {};
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) out[name] = readFileSync(`${dir}/${name}`).toString("base64");
  }
  return out;
}

type QueueConsumer = { queue: string; max_batch_size?: number; max_retries?: number; dead_letter_queue?: string };

/** The queue consumers wrangler.jsonc declares (JSON with comments and trailing commas). */
function wranglerQueueConsumers(): QueueConsumer[] {
  const text = readFileSync("wrangler.jsonc", "utf8")
    .replace(/^\s*\/\/.*$/gm, "")
    .replace(/,(\s*[}\]])/g, "$1");
  return (JSON.parse(text) as { queues: { consumers: QueueConsumer[] } }).queues.consumers;
}

export default defineConfig({
  test: {
    // Two files at a time even on two cores (vitest's default there is one): a worker test file spends much of its
    // time waiting on its runtime's D1 and R2, so one core sat idle through the unit tests. Each vitest worker has a
    // workerd runtime of its own (docs/decisions/076-ci-where-the-cpu-goes.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        // Worker integration tests: run inside workerd with the real D1 and R2 of the test runtime.
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: "./wrangler.jsonc" },
            miniflare: {
              // wrangler.jsonc's consumers, delivering each message at once (a batch timeout of 0): a test waits for
              // the queue's work (worker/test/traffic-queue.ts) without waiting out the deployed batch timeout. The
              // credit queue has none here: the money tests judge the poll and the cron, which a consumer crediting
              // in the background would race; its consumer is tested by handing it batches
              // (worker/queue-credit.test.ts, docs/decisions/079).
              queueConsumers: Object.fromEntries(
                wranglerQueueConsumers()
                  .filter((c) => c.queue !== "reelpay-credit")
                  .map((c) => [
                    c.queue,
                    {
                      maxBatchSize: c.max_batch_size,
                      maxBatchTimeout: 0,
                      maxRetries: c.max_retries,
                      deadLetterQueue: c.dead_letter_queue,
                    },
                  ]),
              ),
              bindings: {
                TEST_MIGRATIONS: await readD1Migrations(migrationsDir),
                TEST_FIXTURES: readFixtures("e2e/fixtures", "worker/test/fixtures"),
                // Every trigger and view after all migrations (`npm run db:objects`), held to the database by
                // worker/db/schema/triggers-and-views.test.ts.
                TEST_DB_OBJECTS: readFileSync("worker/db/schema/triggers-and-views.sql", "utf8"),
                GOOGLE_CLIENT_ID: "test-client-id.apps.googleusercontent.com",
                GOOGLE_CLIENT_SECRET: "test-client-secret",
                SESSION_SECRET: "test-session-secret-0123456789abcdef0123456789",
                ADMIN_EMAILS: "admin@example.com",
                DEV_LOGIN: "true",
                // Every JSON answer is parsed by the schema its route declares (worker/openapi/responds.ts).
                CHECK_RESPONSES: "true",
                // Each visit and beacon its own message at once (wrangler.jsonc gathers for a second): a test waits
                // for the queue's work, not for a window; traffic-outbox.test.ts gathers on purpose.
                TRAFFIC_GATHER_MS: "0",
              },
            },
          })),
        ],
        test: {
          name: "worker",
          include: ["worker/**/*.test.ts"],
          setupFiles: ["./worker/test/setup.ts"],
          // Every file in one workerd runtime: a new runtime, and the whole Worker's modules evaluated again, cost
          // several seconds a file, more than most files' tests. The setup file gives each file what its own runtime
          // gave it (docs/decisions/076-ci-where-the-cpu-goes.md). WORKER_TESTS_ISOLATE=1 gives each file its own
          // runtime again, to tell whether a failure depends on an earlier file.
          isolate: process.env.WORKER_TESTS_ISOLATE === "1",
          // A hang guard, not a speed target: a test that archives a world run after run took over vitest's default
          // 5 s on a busy two-core CI machine and failed a landing for it. The property tests and other long worlds carry
          // their own guards, at several times what they take under a full run's load (held-ledger took 151 s of 120).
          testTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: "app",
          environment: "happy-dom",
          include: ["src/**/*.test.{ts,tsx}"],
          setupFiles: ["./src/test/setup.ts"],
          // A hang guard, not a speed target: a test that opens a lazily loaded screen transforms its modules first,
          // which passed vitest's default 5 s on a busy two-core machine.
          testTimeout: 15_000,
          // The default pool: happy-dom is created per file. vmThreads (one per worker) was three times faster
          // but let a fake-timer test fail after other files in the full run, never alone
          // (docs/decisions/076-ci-where-the-cpu-goes.md).
        },
      },
    ],
  },
});
