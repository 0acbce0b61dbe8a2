import { env } from "cloudflare:test";
import { expect, it } from "vitest";

// The current-state file of the database's logic (docs/decisions/068-database-logic-in-sight.md) must be
// what the migrations leave: the test runtime has applied them all (worker/test/setup.ts), and
// vitest.config.ts passes the file in as TEST_DB_OBJECTS (workerd cannot read the disk).

type DbObject = { type: string; name: string; table: string; sql: string };

const OBJECT_HEADER = /^-- (trigger|view) (\S+) on (\S+) \(since migrations\/[\w.-]+\)$/gm;

/** The objects scripts/db-objects.mjs wrote: each header line, then the object's SQL and ";". */
function objectsInFile(text: string): DbObject[] {
  const headers = [...text.matchAll(OBJECT_HEADER)];
  return headers.map((header, i) => {
    const body = text.slice(header.index + header[0].length + 1, headers[i + 1]?.index ?? text.length);
    return { type: header[1], name: header[2], table: header[3], sql: body.replace(/;\n\n?$/, "") };
  });
}

it("worker/db/schema/triggers-and-views.sql holds every trigger and view of the migrated database, as written", async () => {
  const { results } = await env.DB.prepare(
    "SELECT type, name, tbl_name AS \"table\", sql FROM sqlite_master WHERE type IN ('trigger', 'view') ORDER BY name",
  ).all<DbObject>();
  expect(results.length).toBeGreaterThan(0);
  expect(
    objectsInFile(env.TEST_DB_OBJECTS),
    "worker/db/schema/triggers-and-views.sql lags the migrations: run `npm run db:objects`",
  ).toEqual(results);
});
