// The one interface the data lifecycle drives (docs/decisions/051): a dataset says which UTC day may
// leave D1 next, reads that day's rows in key order, and gives the statements that remove (and fold) a key range
// of them. The core (run-lifecycle.ts) does the rest: parts in R2, the permit rows, the manifest and its chain.

export type ArchiveRow = { key: string; line: unknown }; // key: the row's sort key within the day (its id)

export type ArchiveDataset = {
  name: "visits" | "page-days" | "views" | "member-days";
  /** The oldest day that may be archived now (older than its window, every row final), or null. */
  nextDay(d1: D1Database, nowMs: number): Promise<string | null>;
  /** Up to `limit` rows of `day` with key > afterKey, in key order; each with the JSON line to archive. `archive`
   *  is the bucket, for a dataset whose rows wait in R2 (the raw visits, decision 085). */
  readRows(d1: D1Database, day: string, afterKey: string, limit: number, archive: R2Bucket): Promise<ArchiveRow[]>;
  /** Statements that fold and delete exactly the rows of `day` with afterKey < key <= lastKey; they run in
   *  ONE D1 batch right after the archive_parts insert (which the permanence triggers check). `nowMs` is the
   *  run's clock, the same one keptIn and nextDay were given, so all three agree on what is still evidence. */
  removeStatements(
    d1: D1Database,
    day: string,
    afterKey: string,
    lastKey: string,
    nowMs: number,
  ): D1PreparedStatement[];
  /** After the day's manifest is stored: removes what the dataset kept outside D1 for the day (decision 085). */
  afterDone?(archive: R2Bucket, day: string): Promise<void>;
  /** How many rows of the key range stay in D1 on purpose (kept evidence) as of `nowMs`; 0 for visits. */
  keptIn?(d1: D1Database, day: string, afterKey: string, lastKey: string, nowMs: number): Promise<number>;
};
