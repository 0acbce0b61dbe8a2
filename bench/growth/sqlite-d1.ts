// The growth bench's D1: a SQLite file on disk with every migration applied, driven through the same small D1
// adapter as bench:notifications (bench/notifications/node-d1.ts), so the Worker's own query functions, and the
// lifecycle job, run on it unchanged. Compiled statements are cached by their SQL: the ingest runs the same few
// statements millions of times, and compiling each again would measure the compiler, not the database.
// The file's size is what D1 bills and caps (10 GB), so it is measured from disk (measureD1).
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { nodeD1 } from "../notifications/node-d1.ts";

type D1 = ReturnType<typeof nodeD1>;
export type Opened = { sqlite: DatabaseSync; d1: D1; file: string };

export function openFresh(file: string): Opened {
  for (const tail of ["", "-wal", "-shm", "-journal"]) rmSync(file + tail, { force: true });
  const sqlite = new DatabaseSync(file);
  // D1 keeps its database in WAL mode; its size is the main file's once the WAL is checkpointed.
  sqlite.exec("pragma journal_mode = wal; pragma synchronous = normal; pragma foreign_keys = on");
  for (const name of readdirSync("migrations")
    .filter((f) => f.endsWith(".sql"))
    .sort())
    sqlite.exec(readFileSync(`migrations/${name}`, "utf8"));
  const cache = new Map<string, StatementSync>();
  const cached = {
    prepare(sql: string) {
      let st = cache.get(sql);
      if (!st) cache.set(sql, (st = sqlite.prepare(sql)));
      return st;
    },
    exec: (sql: string) => sqlite.exec(sql),
  } as unknown as DatabaseSync;
  return { sqlite, d1: nodeD1(cached), file };
}

/** Runs `fn` in one transaction (bulk ingest: the statements are the product's, the commit is shared). */
export function inTransaction<T>(sqlite: DatabaseSync, fn: () => Promise<T>): Promise<T> {
  sqlite.exec("begin");
  return fn().then(
    (v) => (sqlite.exec("commit"), v),
    (e: unknown) => {
      sqlite.exec("rollback");
      throw e;
    },
  );
}

export type D1Size = {
  /** The database file on disk after a WAL checkpoint (TRUNCATE), no VACUUM: what D1 counts against its 10 GB. */
  fileBytes: number;
  /** Pages in use (page_count − freelist_count) × page size: the file minus the free pages SQLite will reuse. */
  usedBytes: number;
};

export function measureD1({ sqlite, file }: Opened): D1Size {
  sqlite.exec("pragma wal_checkpoint(truncate)");
  const one = (sql: string) => Number(Object.values(sqlite.prepare(sql).get() as Record<string, unknown>)[0]);
  const pageSize = one("pragma page_size");
  const used = one("pragma page_count") - one("pragma freelist_count");
  return { fileBytes: statSync(file).size, usedBytes: used * pageSize };
}

/** Bytes and rows per table, its indexes included (SQLite's dbstat), largest first. */
export function tableBytes({ sqlite }: Opened): { table: string; bytes: number; rows: number }[] {
  const owner = new Map(
    (
      sqlite.prepare("select name, tbl_name from sqlite_master where type in ('table', 'index')").all() as {
        name: string;
        tbl_name: string;
      }[]
    ).map((r) => [r.name, r.tbl_name]),
  );
  const bytes = new Map<string, number>();
  for (const r of sqlite.prepare("select name, sum(pgsize) as bytes from dbstat group by name").all() as {
    name: string;
    bytes: number;
  }[]) {
    const table = owner.get(r.name) ?? r.name;
    bytes.set(table, (bytes.get(table) ?? 0) + r.bytes);
  }
  return [...bytes]
    .filter(([, b]) => b > 64 * 1024)
    .map(([table, b]) => ({
      table,
      bytes: b,
      rows: Number((sqlite.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n),
    }))
    .sort((a, b) => b.bytes - a.bytes);
}
