// The `visits` and `page-days` datasets of the data lifecycle (docs/decisions/051, 054). A UTC day's sessions
// and page visits leave D1 after the visits window (2 days at least: only the ingest reads them, for a live
// session); its page-day rollups and its source, device and campaign counts stay while a dashboard range or the
// page totals may still read them (91 days at least), so they are a dataset of their own, with the same key
// format (the counts since decision 056). A day's keys fall in these spaces, in this order:
//   day-count:<scope>␁<dimension>␁<value>     traffic_day_counts of the day         (dataset page-days)
//   page-day:<scope>␁<page_path>              traffic_page_days of the day          (dataset page-days)
//   session:<scope>␁<session_id>              traffic_sessions whose first_at is in the day, every scope (visits)
//   visit:<created_at>␁<id>                   page_visits whose created_at is in the day                (visits)
//   batch:<name>␁<created_at>␁<id>            the raw visits of the day's R2 objects, object by object  (visits)
// (Since decision 085 sessions are walked along their primary key, reading past the other days' rows, and new raw
// visits are in R2, named by traffic_visit_batches; page_visits holds only what was stored before.)
// (␁ is U+0001, below any character of an id or a timestamp, so the keys sort as text exactly as the
// columns sort as tuples, which is what SQLite compares: the parts' key ranges and their check constraint agree.)
// The other spaces are read along an index that starts with their day column, so a part costs its own rows.
import { PAGE_DAYS_WINDOW_DAYS_SQL, VISITS_WINDOW_DAYS_SQL } from "./archive-settings";
import { prepareShared } from "../audit/audited-change";

const SEP = "\u0001";

type Space = { prefix: string; table: string; order: readonly string[]; inDay: string; columns?: string };

const PAGE_DAY_SPACES: readonly Space[] = [
  { prefix: "day-count:", table: "traffic_day_counts", order: ["scope", "dimension", "value"], inDay: "day = ?1" },
  { prefix: "page-day:", table: "traffic_page_days", order: ["scope", "page_path"], inDay: "day = ?1" },
];
const VISIT_SPACES: readonly Space[] = [
  {
    prefix: "session:",
    table: "traffic_sessions",
    order: ["scope", "session_id"],
    inDay: "first_at >= ?2 and first_at < ?3",
    // The ingest's counted visit ids are bookkeeping, not the session's figures: the archive keeps what it did.
    columns:
      "scope, session_id, first_at, last_at, page_views, max_duration, source, device_type, campaign, tagged, converted",
  },
  {
    prefix: "visit:",
    table: "page_visits",
    order: ["created_at", "id"],
    inDay: "created_at >= ?2 and created_at < ?3",
  },
];

/** The key's space (its index in `spaces`) and column values; "" (before every key) is space -1. */
const BATCH_PREFIX = "batch:";

function parseKey(spaces: readonly Space[], key: string): { space: number; values: string[] } {
  if (key === "") return { space: -1, values: [] };
  const space = spaces.findIndex((s) => key.startsWith(s.prefix));
  if (space < 0) throw new Error(`not a key of this archive dataset: ${key}`);
  const s = spaces[space]!;
  const parts = key.slice(s.prefix.length).split(SEP);
  // Only the last column (a page path) could hold the separator itself.
  const values = [...parts.slice(0, s.order.length - 1), parts.slice(s.order.length - 1).join(SEP)];
  return { space, values };
}

const keyOf = (s: Space, row: Record<string, unknown>) => s.prefix + s.order.map((c) => String(row[c])).join(SEP);

const dayParams = (day: string) => {
  const next = new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
  return [day, `${day}T`, `${next}T`];
};

/** The clause `(cols) > (after)` / `<= (last)` for one space, with its parameters numbered from `from`. */
function bound(s: Space, op: ">" | "<=", values: string[], from: number) {
  const marks = values.map((_, i) => `?${from + i}`).join(", ");
  return { sql: ` and (${s.order.join(", ")}) ${op} (${marks})`, params: values };
}

/** The spaces a key range (afterKey, lastKey] touches, each with its lower and upper bound (if inside it). */
function spansOf(spaces: readonly Space[], afterKey: string, lastKey: string | null) {
  if (afterKey.startsWith(BATCH_PREFIX)) return [];
  if (lastKey?.startsWith(BATCH_PREFIX)) lastKey = null;
  const after = parseKey(spaces, afterKey);
  const last = lastKey === null ? null : parseKey(spaces, lastKey);
  const spans: { s: Space; after: string[] | null; last: string[] | null }[] = [];
  for (let i = Math.max(after.space, 0); i <= (last?.space ?? spaces.length - 1); i++) {
    spans.push({
      s: spaces[i]!,
      after: i === after.space ? after.values : null,
      last: last && i === last.space ? last.values : null,
    });
  }
  return spans;
}

function rangeSql(span: ReturnType<typeof spansOf>[number]) {
  let sql = `from ${span.s.table} where ${span.s.inDay}`;
  const params: string[] = [];
  if (span.after) {
    const b = bound(span.s, ">", span.after, 4);
    sql += b.sql;
    params.push(...b.params);
  }
  if (span.last) {
    const b = bound(span.s, "<=", span.last, 4 + params.length);
    sql += b.sql;
    params.push(...b.params);
  }
  return { sql, params };
}

/**
 * The oldest day with sessions or page visits, once the whole day is older than the visits window (decision
 * 054): nothing but the ingest reads them, and it reads a live session's row only. A session's first day holds its
 * first visit, stored in page_visits before decision 085 and named by traffic_visit_batches since, so the two
 * indexed minimums find every day with sessions without a scan of the sessions.
 */
export const nextVisitsDay = (d1: D1Database, nowIso: string) =>
  d1
    .prepare(
      `with oldest as (select min(d) as day from (
           select substr(min(created_at), 1, 10) as d from page_visits
           union all select min(day) from traffic_visit_batches))
       select day from oldest where day <= date(?1, '-' || (${VISITS_WINDOW_DAYS_SQL} + 1) || ' days')`,
    )
    .bind(nowIso)
    .first<string>("day");

/**
 * The oldest day of page-day rollups, once it is older than its window (the longest dashboard range, never less
 * than the visits window) and the cron's page totals no longer read it: every range's totals have already taken
 * that day out again (as_of - (range - 2) days is past it). A roll that catches up after the cron was down
 * subtracts the days that left, so they must still be there until then.
 */
export const nextPageDaysDay = (d1: D1Database, nowIso: string) =>
  d1
    .prepare(
      `with oldest as (select min(d) as day from (select min(day) as d from traffic_page_days union all select min(day) from traffic_day_counts))
       select day from oldest
       where day <= date(?1, '-' || (${PAGE_DAYS_WINDOW_DAYS_SQL} + 1) || ' days')
         and exists (select 1 from traffic_page_totals_state)
         and not exists (select 1 from traffic_page_totals_state where day >= date(as_of, '-' || (range_days - 2) || ' days'))`,
    )
    .bind(nowIso)
    .first<string>("day");

/** Up to `limit` rows of the day after `afterKey`, in key order, each with its table named in its line. */
async function readSpaceRows(spaces: readonly Space[], d1: D1Database, day: string, afterKey: string, limit: number) {
  const out: { key: string; line: unknown }[] = [];
  for (const span of spansOf(spaces, afterKey, null)) {
    if (out.length >= limit) break;
    const { sql, params } = rangeSql(span);
    const { results } = await prepareShared(
      d1,
      `select ${span.s.columns ?? "*"} ${sql} order by ${span.s.order.join(", ")} limit ?${4 + params.length}`,
      [...dayParams(day), ...params, limit - out.length],
    ).all<Record<string, unknown>>();
    for (const row of results) out.push({ key: keyOf(span.s, row), line: { table: span.s.table, ...row } });
  }
  return out;
}

/** Deletes exactly the day's rows with afterKey < key <= lastKey, one statement per space touched. */
function removeSpaceStatements(
  spaces: readonly Space[],
  d1: D1Database,
  day: string,
  afterKey: string,
  lastKey: string | null,
) {
  return spansOf(spaces, afterKey, lastKey).map((span) => {
    const { sql, params } = rangeSql(span);
    return prepareShared(d1, `delete ${sql}`, [...dayParams(day), ...params]);
  });
}

export const readVisitsRows = (d1: D1Database, day: string, afterKey: string, limit: number) =>
  readSpaceRows(VISIT_SPACES, d1, day, afterKey, limit);

/** The object name a batch-space key names ("" before the batch space). */
export const batchNameOf = (key: string) => (key.startsWith(BATCH_PREFIX) ? key.slice(6).split(SEP)[0]! : "");
export const batchKeyOf = (name: string, line: { created_at: string; id: string }) =>
  BATCH_PREFIX + [name, line.created_at, line.id].join(SEP);

/** The day's raw visits objects after `afterName`, in name order. */
export const visitBatchesAfter = (d1: D1Database, day: string, afterName: string, limit: number) =>
  prepareShared(
    d1,
    `select name, rows from traffic_visit_batches where day = ?1 and name > ?2 order by name limit ?3`,
    [day, afterName, limit],
  )
    .all<{ name: string; rows: number }>()
    .then((r) => r.results);

/**
 * Deletes exactly the day's rows with afterKey < key <= lastKey: the D1 spaces' rows, and the rows naming the
 * objects whose visits the range holds (a part holds whole objects, so lastKey is an object's last visit).
 */
export function removeVisitsStatements(d1: D1Database, day: string, afterKey: string, lastKey: string) {
  const statements = removeSpaceStatements(VISIT_SPACES, d1, day, afterKey, lastKey);
  if (lastKey.startsWith(BATCH_PREFIX))
    statements.push(
      prepareShared(d1, `delete from traffic_visit_batches where day = ?1 and name > ?2 and name <= ?3`, [
        day,
        batchNameOf(afterKey),
        batchNameOf(lastKey),
      ]),
    );
  return statements;
}
export const readPageDaysRows = (d1: D1Database, day: string, afterKey: string, limit: number) =>
  readSpaceRows(PAGE_DAY_SPACES, d1, day, afterKey, limit);
export const removePageDaysStatements = (d1: D1Database, day: string, afterKey: string, lastKey: string) =>
  removeSpaceStatements(PAGE_DAY_SPACES, d1, day, afterKey, lastKey);
