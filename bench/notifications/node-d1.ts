// A D1Database over Node's built-in SQLite (node:sqlite), enough for the Worker's own query functions
// (prepare → bind → all/first/run/raw, batch as one transaction), so bench:notifications times the SQL the
// Worker ships without starting workerd. The numbers are SQLite's work, not D1's network.
import { DatabaseSync, type SQLInputValue } from "node:sqlite";

type Row = Record<string, unknown>;
const value = (v: unknown): SQLInputValue =>
  v === undefined ? null : typeof v === "boolean" ? Number(v) : (v as SQLInputValue);

class Statement {
  readonly db: DatabaseSync;
  readonly sql: string;
  readonly params: unknown[];
  constructor(db: DatabaseSync, sql: string, params: unknown[] = []) {
    this.db = db;
    this.sql = sql;
    this.params = params;
  }
  bind(...params: unknown[]) {
    return new Statement(this.db, this.sql, params);
  }
  private exec() {
    const stmt = this.db.prepare(this.sql);
    const args = this.params.map(value);
    if (stmt.columns().length === 0) {
      const r = stmt.run(...args);
      return { results: [] as Row[], meta: { changes: Number(r.changes) } };
    }
    const results = stmt.all(...args) as Row[];
    return { results, meta: { changes: 0 } };
  }
  async all() {
    return { success: true, ...this.exec() };
  }
  async run() {
    return { success: true, ...this.exec() };
  }
  async first(column?: string) {
    const row = this.exec().results[0];
    return row === undefined ? null : column ? row[column] : row;
  }
  async raw() {
    return this.exec().results.map((r) => Object.values(r));
  }
}

export function nodeD1(db: DatabaseSync) {
  return {
    prepare: (sql: string) => new Statement(db, sql),
    async batch(statements: Statement[]) {
      db.exec("begin");
      try {
        const out = [];
        for (const s of statements) out.push(await s.all());
        db.exec("commit");
        return out;
      } catch (error) {
        db.exec("rollback");
        throw error;
      }
    },
    async exec(sql: string) {
      db.exec(sql);
      return { count: 1, duration: 0 };
    },
  };
}
