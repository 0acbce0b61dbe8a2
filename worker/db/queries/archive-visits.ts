// The `visits` dataset of the data lifecycle (docs/decisions/051): a UTC day's page-day rollups, sessions and
// page visits, read and removed in one key order. A day's keys fall in three spaces, in this order:
//   page-day:<scope>␁<page_path>         traffic_page_days of the day
//   session:<first_at>␁<scope>␁<session_id>  traffic_sessions whose first_at is in the day (every scope)
//   visit:<created_at>␁<id>              page_visits whose created_at is in the day
// (␁ is U+0001, below any character of an id or a timestamp, so the keys sort as text exactly as the
// columns sort as tuples, which is what SQLite compares: the parts' key ranges and their check constraint agree.)
// Each space is read along an index that starts with its day column, so a part costs its own rows, not a scan.
import { VISITS_WINDOW_DAYS_SQL } from "./archive-settings";
import { prepareShared } from "./audited-change";

const SEP = "\u0001";

type Space = { prefix: string; table: string; order: readonly string[]; inDay: string };

const SPACES: readonly Space[] = [
  { prefix: "page-day:", table: "traffic_page_days", order: ["scope", "page_path"], inDay: "day = ?1" },
  { prefix: "session:", table: "traffic_sessions", order: ["first_at", "scope", "session_id"], inDay: "first_at >= ?2 and first_at < ?3" },
  { prefix: "visit:", table: "page_visits", order: ["created_at", "id"], inDay: "created_at >= ?2 and created_at < ?3" },
];

/** The key's space (its index in SPACES) and column values; "" (before every key) is space -1. */
function parseKey(key: string): { space: number; values: string[] } {
  if (key === "") return { space: -1, values: [] };
  const space = SPACES.findIndex((s) => key.startsWith(s.prefix));
  if (space < 0) throw new Error(`not a visits archive key: ${key}`);
  const s = SPACES[space]!;
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
function spansOf(afterKey: string, lastKey: string | null) {
  const after = parseKey(afterKey);
  const last = lastKey === null ? null : parseKey(lastKey);
  const spans: { s: Space; after: string[] | null; last: string[] | null }[] = [];
  for (let i = Math.max(after.space, 0); i <= (last?.space ?? SPACES.length - 1); i++) {
    spans.push({ s: SPACES[i]!, after: i === after.space ? after.values : null, last: last && i === last.space ? last.values : null });
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
 * The oldest day with visits rows, once it is older than the window and the cron's page totals no longer read
 * it: every range's totals have already taken that day out again (as_of - (range - 2) days is past it).
 */
export const nextVisitsDay = (d1: D1Database, nowIso: string) =>
  d1
    .prepare(
      `with oldest as (select min(d) as day from (
           select substr(min(created_at), 1, 10) as d from page_visits
           union all select substr(min(first_at), 1, 10) from traffic_sessions
           union all select min(day) from traffic_page_days))
       select day from oldest
       where day <= date(?1, '-' || (${VISITS_WINDOW_DAYS_SQL} + 1) || ' days')
         and exists (select 1 from traffic_page_totals_state)
         and not exists (select 1 from traffic_page_totals_state where day >= date(as_of, '-' || (range_days - 2) || ' days'))`,
    )
    .bind(nowIso)
    .first<string>("day");

/** Up to `limit` rows of the day after `afterKey`, in key order, each with its table named in its line. */
export async function readVisitsRows(d1: D1Database, day: string, afterKey: string, limit: number) {
  const out: { key: string; line: unknown }[] = [];
  for (const span of spansOf(afterKey, null)) {
    if (out.length >= limit) break;
    const { sql, params } = rangeSql(span);
    const { results } = await prepareShared(
      d1,
      `select * ${sql} order by ${span.s.order.join(", ")} limit ?${4 + params.length}`,
      [...dayParams(day), ...params, limit - out.length],
    ).all<Record<string, unknown>>();
    for (const row of results) out.push({ key: keyOf(span.s, row), line: { table: span.s.table, ...row } });
  }
  return out;
}

/** Deletes exactly the day's rows with afterKey < key <= lastKey, one statement per space touched. */
export function removeVisitsStatements(d1: D1Database, day: string, afterKey: string, lastKey: string): D1PreparedStatement[] {
  return spansOf(afterKey, lastKey).map((span) => {
    const { sql, params } = rangeSql(span);
    return prepareShared(d1, `delete ${sql}`, [...dayParams(day), ...params]);
  });
}

/** Rows of each table per day, for tests and checks: what is still in D1. */
export async function countVisitsRows(d1: D1Database, day: string) {
  const [p, s, v] = await Promise.all(
    SPACES.map((s) => prepareShared(d1, `select count(*) as n from ${s.table} where ${s.inDay}`, dayParams(day)).first<number>("n")),
  );
  return { page_days: p ?? 0, sessions: s ?? 0, visits: v ?? 0 };
}
