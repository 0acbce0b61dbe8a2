// The watch-session object's tables are WITHOUT ROWID tables keyed by what their statements look up
// (docs/decisions/084-rows-of-the-watch-session-object.md): a row is stored once, in its key's own b-tree, so an
// insert writes 1 row where a rowid table with a text primary key writes 2 (the row and the key's autoindex).
// Objects made before that hold rowid tables; the first instance after it rebuilds each one, copying its rows.

/**
 * Creates `name` as a WITHOUT ROWID table of `columns`, or rebuilds an older rowid table of that name: `copy`
 * (an `insert into <name>_rebuilt … select … from <name>`) moves its rows, then the old table and its indexes go.
 * Run it inside the constructor's transaction (WatchSessions), so a rebuild stores all of it or none of it. A
 * rebuild is once per object and writes its rows once (at most a few hundred), plus about a dozen for the schema.
 */
export function withoutRowidTable(sql: SqlStorage, name: string, columns: string, copy: (rebuilt: string) => string) {
  const existing = sql
    .exec<{ sql: string }>("select sql from sqlite_master where type = 'table' and name = ?", name)
    .toArray()[0];
  if (existing && /without\s+rowid\s*$/i.test(existing.sql)) return;
  if (!existing) {
    sql.exec(`create table ${name} (${columns}) without rowid`);
    return;
  }
  const rebuilt = `${name}_rebuilt`;
  sql.exec(`create table ${rebuilt} (${columns}) without rowid`);
  sql.exec(copy(rebuilt));
  sql.exec(`drop table ${name}`);
  sql.exec(`alter table ${rebuilt} rename to ${name}`);
}
