import { applyD1Migrations, env, reset } from "cloudflare:test";
import { afterEach, beforeEach, expect, vi } from "vitest";

// Runs before each test file. When the runtime served an earlier file (WORKER_TESTS_SHARE_RUNTIME=1 in
// vitest.config.ts, docs/decisions/071-ci-under-fifteen-minutes.md), this file first gets what a runtime of its own
// gives it: the Durable Objects gone with their storage and alarms, an empty database and empty buckets. Then the
// migrations.
const { n: objects } = (await env.DB.prepare(
  "select count(*) as n from sqlite_master where substr(name, 1, 4) <> '_cf_'",
).first<{ n: number }>())!;
if (objects > 0) {
  await reset();
  // `reset()` deletes the Durable Objects' storage, D1's and R2's included; what an earlier file's background
  // work may still have written since is dropped here, so the migrations always start from an empty database.
  await emptyDatabase();
  await Promise.all([emptyBucket(env.MEDIA), emptyBucket(env.ARCHIVE)]);
}
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

/** Drops every table, view and trigger (D1's own `_cf_` tables aside): what the migrations start from. */
async function emptyDatabase() {
  const { results } = await env.DB.prepare(
    `select type, name, sql like 'CREATE VIRTUAL TABLE%' as virtual from sqlite_master
     where type in ('table', 'view', 'trigger') and name not like 'sqlite_%' and substr(name, 1, 4) <> '_cf_' order by rowid desc`,
  ).all<{ type: "table" | "view" | "trigger"; name: string; virtual: number }>();
  if (!results.length) return;
  const rank = (o: (typeof results)[number]) => (o.type === "trigger" ? 0 : o.type === "view" ? 1 : o.virtual ? 2 : 3);
  const ordered = [...results].sort((a, b) => rank(a) - rank(b));
  // Triggers first (some refuse deletes), then views, then FTS tables (which drop their own shadow tables), then
  // the rest, newest first (children before the parents they reference); foreign keys are checked at the end.
  await env.DB.batch([
    env.DB.prepare("PRAGMA defer_foreign_keys = on"),
    ...ordered.map((o) => env.DB.prepare(`drop ${o.type} if exists "${o.name.replaceAll('"', '""')}"`)),
  ]);
}

/** Deletes every object of a bucket. */
async function emptyBucket(bucket: R2Bucket) {
  for (let listed = await bucket.list(); listed.objects.length; listed = await bucket.list()) {
    await bucket.delete(listed.objects.map((o) => o.key));
  }
}

// The error handler logs every unexpected failure with console.error (a 500 in production), so any
// console.error a test did not ask for fails that test. A test that expects one mocks console.error itself.
let errorSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, "error");
});
afterEach(() => {
  const calls = errorSpy.getMockImplementation() ? [] : errorSpy.mock.calls;
  errorSpy.mockRestore();
  expect(calls, "unexpected console.error (an unhandled server error?)").toEqual([]);
});
