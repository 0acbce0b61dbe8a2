// The data lifecycle's own records (docs/decisions/051; tables in db/schema/archive.ts): the parts written to R2,
// the days they make up, and the last run's report. The rows a dataset removes are its own queries
// (archive-visits.ts, ...); they run in the same batch as partStatements.

export type ArchiveDatasetName = "visits" | "page-days" | "views" | "member-days";

export type PartRecord = {
  dataset: ArchiveDatasetName;
  day: string;
  part: number;
  afterKey: string;
  lastKey: string;
  rows: number;
  kept: number;
  bytes: number;
  sha256: string;
  objectKey: string;
  createdAt: string;
};

export type ArchivedPartRow = {
  part: number;
  object_key: string;
  after_key: string;
  last_key: string;
  rows: number;
  kept: number;
  bytes: number;
  sha256: string;
};

export type ArchivedDayRow = {
  dataset: ArchiveDatasetName;
  day: string;
  status: "open" | "done";
  parts: number;
  rows: number;
  kept: number;
  bytes: number;
  manifest_key: string | null;
  sha256: string | null;
  prev_sha256: string | null;
  started_at: string;
  done_at: string | null;
};

/** The day a run left unfinished, if any (at most one per dataset: a day is finished before the next starts). */
export const openDay = (d1: D1Database, dataset: ArchiveDatasetName) =>
  d1
    .prepare(`select day from archive_days where dataset = ? and status = 'open' order by day limit 1`)
    .bind(dataset)
    .first<string>("day");

export const dayStatus = (d1: D1Database, dataset: ArchiveDatasetName, day: string) =>
  d1
    .prepare(`select status from archive_days where dataset = ? and day = ?`)
    .bind(dataset, day)
    .first<"open" | "done">("status");

/** The day's last written part: the next part reads after its last_key. */
export const lastPart = (d1: D1Database, dataset: ArchiveDatasetName, day: string) =>
  d1
    .prepare(`select part, last_key from archive_parts where dataset = ? and day = ? order by part desc limit 1`)
    .bind(dataset, day)
    .first<{ part: number; last_key: string }>();

/**
 * The permit for one part and the day's running counts. They go first in the removal batch: the part's primary
 * key makes a second run of the same batch fail whole, before anything is removed.
 */
export function partStatements(d1: D1Database, p: PartRecord): D1PreparedStatement[] {
  return [
    d1
      .prepare(
        `insert into archive_parts (dataset, day, part, after_key, last_key, rows, kept, bytes, sha256, object_key, created_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        p.dataset,
        p.day,
        p.part,
        p.afterKey,
        p.lastKey,
        p.rows,
        p.kept,
        p.bytes,
        p.sha256,
        p.objectKey,
        p.createdAt,
      ),
    d1
      .prepare(
        `insert into archive_days (dataset, day, status, parts, rows, kept, bytes, started_at) values (?, ?, 'open', 1, ?, ?, ?, ?)
         on conflict (dataset, day) do update set parts = parts + 1, rows = rows + excluded.rows, kept = kept + excluded.kept,
           bytes = bytes + excluded.bytes`,
      )
      .bind(p.dataset, p.day, p.rows, p.kept, p.bytes, p.createdAt),
  ];
}

export async function dayParts(d1: D1Database, dataset: ArchiveDatasetName, day: string): Promise<ArchivedPartRow[]> {
  const { results } = await d1
    .prepare(
      `select part, object_key, after_key, last_key, rows, kept, bytes, sha256 from archive_parts
       where dataset = ? and day = ? order by part`,
    )
    .bind(dataset, day)
    .all<ArchivedPartRow>();
  return results;
}

/** When the day's last part was written: the manifest's created_at, so every run writes the same manifest. */
export const dayLastPartAt = (d1: D1Database, dataset: ArchiveDatasetName, day: string) =>
  d1
    .prepare(`select max(created_at) as at from archive_parts where dataset = ? and day = ?`)
    .bind(dataset, day)
    .first<string>("at");

/** The manifest hash of the dataset's latest finished day before `day`: the link the day's manifest carries. */
export const previousDoneSha = (d1: D1Database, dataset: ArchiveDatasetName, day: string) =>
  d1
    .prepare(
      `select sha256 from archive_days where dataset = ? and status = 'done' and day < ? order by day desc limit 1`,
    )
    .bind(dataset, day)
    .first<string>("sha256");

/** Finishes a day once its manifest is in R2. Only an open day changes, so a finished day is never rewritten. */
export async function markDayDone(
  d1: D1Database,
  m: {
    dataset: ArchiveDatasetName;
    day: string;
    manifestKey: string;
    sha256: string;
    prevSha256: string | null;
    doneAt: string;
  },
): Promise<boolean> {
  const r = await d1
    .prepare(
      `update archive_days set status = 'done', manifest_key = ?, sha256 = ?, prev_sha256 = ?, done_at = ?
       where dataset = ? and day = ? and status = 'open'`,
    )
    .bind(m.manifestKey, m.sha256, m.prevSha256, m.doneAt, m.dataset, m.day)
    .run();
  return r.meta.changes > 0;
}

export const archivedDay = (d1: D1Database, dataset: ArchiveDatasetName, day: string) =>
  d1.prepare(`select * from archive_days where dataset = ? and day = ?`).bind(dataset, day).first<ArchivedDayRow>();

/** The dataset's archived days, newest first. */
export async function archivedDays(
  d1: D1Database,
  dataset: ArchiveDatasetName,
  limit: number,
): Promise<ArchivedDayRow[]> {
  const { results } = await d1
    .prepare(`select * from archive_days where dataset = ? order by day desc limit ?`)
    .bind(dataset, limit)
    .all<ArchivedDayRow>();
  return results;
}

// The last run's report lives in the settings table (one row, overwritten by each run that did or found something).
const LAST_RUN_KEY = "archive_last_run";

export const saveLastRun = (d1: D1Database, reportJson: string, at: string) =>
  d1
    .prepare(
      `insert into settings (key, value, updated_at) values (?, ?, ?) on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`,
    )
    .bind(LAST_RUN_KEY, reportJson, at)
    .run();

export const readLastRun = (d1: D1Database) =>
  d1.prepare(`select value from settings where key = ?`).bind(LAST_RUN_KEY).first<string>("value");
