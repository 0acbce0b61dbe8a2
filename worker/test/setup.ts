import { applyD1Migrations, env, reset } from "cloudflare:test";
import { afterEach, beforeEach, expect, vi } from "vitest";

// Runs before each test file. Worker test files share one workerd runtime (vitest.config.ts,
// docs/decisions/076-ci-where-the-cpu-goes.md), so a file that finds the runtime used first gets what a runtime
// of its own would give it: the Durable Objects gone with their storage and alarms, an empty database and empty
// buckets. Then the schema: the migrations for the runtime's first file, and for every later file the schema those
// migrations left (read back from sqlite_master once), created in one batch, which costs a fraction of replaying
// 39 migrations with their table rebuilds per file.
type SchemaSnapshot = { statements: string[]; rows: { table: string; columns: string[]; values: unknown[][] }[] };
const runtime = globalThis as typeof globalThis & { reelpaySchemaAfterMigrations?: SchemaSnapshot };

const { n: objects } = (await env.DB.prepare(
  "select count(*) as n from sqlite_master where substr(name, 1, 4) <> '_cf_'",
).first<{ n: number }>())!;
if (objects > 0) {
  await reset();
  // `reset()` deletes the Durable Objects' storage, D1's and R2's included; what an earlier file's background
  // work may still have written since is dropped here, so the schema always starts from an empty database.
  await emptyDatabase();
  await Promise.all([emptyBucket(env.MEDIA), emptyBucket(env.ARCHIVE)]);
}
if (runtime.reelpaySchemaAfterMigrations) await restoreSchema(runtime.reelpaySchemaAfterMigrations);
else {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  runtime.reelpaySchemaAfterMigrations = await readSchema();
}

/**
 * The database the migrations leave, as statements and rows: tables, then indexes, views and triggers (each kind
 * in the order the migrations created it), and the rows of every table that has any (`d1_migrations`). A full-text
 * table's shadow tables come with its CREATE VIRTUAL TABLE, so they are left out.
 */
async function readSchema(): Promise<SchemaSnapshot> {
  const { results } = await env.DB.prepare(
    `select type, name, sql, sql like 'CREATE VIRTUAL TABLE%' as virtual from sqlite_master
     where sql is not null and name not like 'sqlite_%' and substr(name, 1, 4) <> '_cf_' order by rowid`,
  ).all<{ type: string; name: string; sql: string; virtual: number }>();
  const virtual = results.filter((o) => o.virtual).map((o) => `${o.name}_`);
  const kept = results.filter((o) => !(o.type === "table" && virtual.some((v) => o.name.startsWith(v))));
  const rank = { table: 0, index: 1, view: 2, trigger: 3 } as Record<string, number>;
  const statements = [...kept].sort((a, b) => rank[a.type]! - rank[b.type]!).map((o) => o.sql);
  const rows: SchemaSnapshot["rows"] = [];
  for (const table of kept.filter((o) => o.type === "table" && !o.virtual)) {
    const found = await env.DB.prepare(`select * from "${table.name}"`).raw({ columnNames: true });
    const [columns, ...values] = found;
    if (values.length) rows.push({ table: table.name, columns, values });
  }
  return { statements, rows };
}

/** Creates what readSchema read, in one batch (the rows before the triggers, as the migrations inserted them). */
async function restoreSchema({ statements, rows }: SchemaSnapshot) {
  const firstTrigger = statements.findIndex((s) => /^CREATE TRIGGER/i.test(s));
  const split = firstTrigger < 0 ? statements.length : firstTrigger;
  const inserts = rows.flatMap(({ table, columns, values }) =>
    values.map((row) =>
      env.DB.prepare(
        `insert into "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) values (${columns.map(() => "?").join(", ")})`,
      ).bind(...row),
    ),
  );
  await env.DB.batch([
    ...statements.slice(0, split).map((s) => env.DB.prepare(s)),
    ...inserts,
    ...statements.slice(split).map((s) => env.DB.prepare(s)),
  ]);
}

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
