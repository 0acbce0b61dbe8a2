// The `member-days` dataset of the data lifecycle (docs/decisions/061): a day's member_view_days rows (each member's
// "reason for every view" summary of that day, per side) follow the day's views to R2 once the views dataset has
// finished the day, so D1 keeps per member and day only the days whose views it still holds. A row stays in D1 while
// its member has a view of that day kept as evidence (a reversal may still change it); the archive has it too, and
// readers take D1's row first. Keys: printf('%010d:%d', member number, side), the order member_view_days_day_idx
// walks a day in.
import { dayNumberOf, dayNumberSql } from "./kept-numbers";

/** A row's key (SQL expressions of the member number and side); the permanence trigger of migration 0033 spells it out. */
export const memberDayKeySql = (num: string, side: string) => `printf('%010d:%d', ${num}, ${side})`;
const KEY = memberDayKeySql("m.user_num", "m.side");

/** The member number and side of a key ('' is before every key). */
function parseMemberDayKey(key: string): [num: number, side: number] {
  if (key === "") return [-1, -1];
  return [Number(key.slice(0, 10)), Number(key.slice(11))];
}

/**
 * The oldest day whose views the views dataset has finished and whose member days have not left yet (and has
 * any): days go in the views' order, each manifest naming the one before.
 */
export async function nextMemberDaysDay(d1: D1Database): Promise<string | null> {
  return d1
    .prepare(
      `select d.day from archive_days d
       where d.dataset = 'views' and d.status = 'done'
         and not exists (select 1 from archive_days m where m.dataset = 'member-days' and m.day = d.day)
         and exists (select 1 from member_view_days x where x.day = ${dayNumberSql("d.day")})
       order by d.day limit 1`,
    )
    .first<string>("day");
}

/** Up to `limit` rows of `day` after `afterKey`, in key order, each as the line the part stores. */
export async function readMemberDayRows(d1: D1Database, day: string, afterKey: string, limit: number) {
  const [num, side] = parseMemberDayKey(afterKey);
  const { results } = await d1
    .prepare(
      `select ${KEY} as key, json_object('user_num', m.user_num, 'side', m.side, 'day', ?1, 'views', m.views,
         'qualified', m.qualified, 'credited', m.credited, 'micros', m.micros, 'reversed', m.reversed) as line
       from member_view_days m where m.day = ?2 and (m.user_num, m.side) > (?3, ?4)
       order by m.user_num, m.side limit ?5`,
    )
    .bind(day, dayNumberOf(day), num, side, limit)
    .all<{ key: string; line: string }>();
  return results.map((r) => ({ key: r.key, line: JSON.parse(r.line) as MemberDayLine }));
}

export type MemberDayLine = {
  user_num: number;
  side: number;
  day: string;
  views: number;
  qualified: number;
  credited: number;
  micros: number;
  reversed: number;
};

// Members with a view of day ?1 still in D1 (views kept as evidence), per side: their rows stay.
const KEPT = `(select u.num, 0 from views v join users u on u.id = v.viewer_id where substr(v.started_at, 1, 10) = ?1
  union select u.num, 1 from views v join users u on u.id = v.creator_id where substr(v.started_at, 1, 10) = ?1)`;
const IN_RANGE = "m.day = ?2 and (m.user_num, m.side) > (?3, ?4) and (m.user_num, m.side) <= (?5, ?6)";

const rangeParams = (day: string, afterKey: string, lastKey: string) => [
  day,
  dayNumberOf(day),
  ...parseMemberDayKey(afterKey),
  ...parseMemberDayKey(lastKey),
];

/** How many rows of the range stay in D1 (their member has a view of the day kept as evidence). */
export async function keptMemberDaysIn(
  d1: D1Database,
  day: string,
  afterKey: string,
  lastKey: string,
): Promise<number> {
  const row = await d1
    .prepare(`select count(*) as n from member_view_days m where ${IN_RANGE} and (m.user_num, m.side) in ${KEPT}`)
    .bind(...rangeParams(day, afterKey, lastKey))
    .first<{ n: number }>();
  return Number(row?.n ?? 0);
}

/** Deletes the range's rows but the kept ones; the permanence trigger (migration 0033) checks the part's permit. */
export function deleteMemberDaysStatement(
  d1: D1Database,
  day: string,
  afterKey: string,
  lastKey: string,
): D1PreparedStatement {
  return d1
    .prepare(
      `delete from member_view_days where (user_num, side, day) in (
         select m.user_num, m.side, m.day from member_view_days m where ${IN_RANGE} and (m.user_num, m.side) not in ${KEPT})`,
    )
    .bind(...rangeParams(day, afterKey, lastKey));
}
