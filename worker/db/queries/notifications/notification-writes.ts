import { memberNumSql } from "../archive/kept-numbers";

// The bell's rows, written by the statements that cause them, inside the same batch (docs/decisions/046).
// Every insert is keyed by (member, kind, ref) — a day for the grouped kinds, the cause's own id otherwise — and
// reads only rows its own batch wrote (an id made for this batch, or "done" conditions), so a rerun, a race or
// a retried cron writes nothing twice. SQL text only: each caller binds the parameters its batch already shares.

// A member is named by number (users.num, docs/decisions/060): each insert looks it up by the id it has.
// `day` is the UTC day of `at`, set here and never by an update: a grouped line's `at` stays within its day (ref).
const COLUMNS = "(user_num, kind, ref, grp, subject_id, count, amount_micros, detail, at, day)";

/** One event told once: a second insert of the same (member, kind, ref) does nothing. */
export function notifyOnceSql(
  kind: string,
  grp: string,
  from: { user: string; ref: string; subject: string; amount?: string; detail?: string; at: string; rest: string },
) {
  return `insert into notifications ${COLUMNS}
    select ${memberNumSql(from.user)}, '${kind}', ${from.ref}, '${grp}', ${from.subject}, 1, ${from.amount ?? "0"}, ${from.detail ?? "''"}, ${from.at}, substr(${from.at}, 1, 10) ${from.rest}
    on conflict (user_num, kind, ref) do nothing`;
}

/**
 * View rewards this batch wrote (`earningIds`: a JSON array of the ids it made; a conflicting insert made no
 * row with its id), told per member and UTC day: credited now, and released when their hold ends (the row is
 * dated then, so the bell shows it then, with no job). A day's row adds the new ones and is unread again.
 */
export function creditedNoticeSql(earningIds: string) {
  return rewardsNoticeSql(`e.id in (select value from json_each(${earningIds}))`);
}

/**
 * The same lines for the view rewards `e` that `rows` names (an SQL condition on `e` naming only rows this batch
 * wrote); `creditedTo`, when given, narrows the credited line to the rewards it holds for (the release line tells
 * every one): a granted appeal tells its member what came back in its own line (docs/decisions/096).
 */
export function rewardsNoticeSql(rows: string, creditedTo?: string) {
  const grouped = (kind: string, day: string, at: string, extra: string) => `insert into notifications ${COLUMNS}
    select ${memberNumSql("e.user_id")}, '${kind}', substr(${day}, 1, 10), 'earnings', null, count(*), sum(e.amount_micros), '', max(${at}), substr(${day}, 1, 10)
    from earnings e where ${rows} ${extra}
    group by e.user_id, substr(${day}, 1, 10)
    on conflict (user_num, kind, ref) do update set count = notifications.count + excluded.count,
      amount_micros = notifications.amount_micros + excluded.amount_micros, at = max(notifications.at, excluded.at), read_at = null`;
  return [
    grouped("views_credited", "e.created_at", "e.created_at", creditedTo ? `and ${creditedTo}` : ""),
    grouped("views_released", "e.available_at", "e.available_at", "and e.available_at > e.created_at"),
  ];
}

/**
 * What caused a reversal, as the bell names it (docs/decisions/066): "takedown" (moderators took the item down),
 * "suspension" (a party of the view was suspended) or "review" (a fraud review's rule).
 */
const REVERSAL_CAUSE =
  "case when r.reason = 'takedown' then 'takedown' when r.reason like 'suspended%' then 'suspension' else 'review' end";

/**
 * Reversals one decision wrote (`reversalsOf`: a condition on `r` naming only that decision's rows), told per
 * member and day, with their causes in `detail` (comma-separated, each once: a day's line may gather a review's
 * reversals and a takedown's; a line written before causes were kept has '' and stays so); the release notices
 * of the reversed rewards lose them, so a release never tells money that was taken back before its hold ended.
 */
export function reversedNoticeSql(reversalsOf: string) {
  const released = `select ${memberNumSql("r.user_id")} as user_num, substr(e.available_at, 1, 10) as day, count(*) as n,
      sum(e.amount_micros) as micros
    from reversals r join earnings e on e.id = r.earning_id where ${reversalsOf} group by r.user_id, day`;
  return [
    `insert into notifications ${COLUMNS}
      select ${memberNumSql("r.user_id")}, 'views_reversed', substr(r.created_at, 1, 10), 'earnings', null, count(*), -sum(r.amount_micros),
        min(${REVERSAL_CAUSE}), max(r.created_at), substr(r.created_at, 1, 10)
      from reversals r where ${reversalsOf} group by r.user_id
      on conflict (user_num, kind, ref) do update set count = notifications.count + excluded.count,
        amount_micros = notifications.amount_micros + excluded.amount_micros, at = max(notifications.at, excluded.at), read_at = null,
        detail = case when notifications.detail = '' or instr(',' || notifications.detail || ',', ',' || excluded.detail || ',') > 0
          then notifications.detail else notifications.detail || ',' || excluded.detail end`,
    `update notifications set
        count = count - (select x.n from (${released}) x where x.user_num = notifications.user_num and x.day = notifications.ref),
        amount_micros = amount_micros - (select x.micros from (${released}) x where x.user_num = notifications.user_num and x.day = notifications.ref)
      where kind = 'views_released' and (user_num, ref) in (select x.user_num, x.day from (${released}) x)`,
  ];
}

/**
 * A new comment on an item (docs/decisions/093), told to its creator as one line per item and UTC day ("N new
 * comments on <title>"): the ref is the item's id and the day, so each comment is one upsert of one row, whatever
 * the item's audience. Nothing when the commenter is the creator, or when the comment (`comment`, its id) was not
 * written by this batch. `comment` and `at` are SQL expressions naming bound parameters.
 */
export function newCommentNoticeSql(comment: string, at: string) {
  return `insert into notifications ${COLUMNS}
    select ${memberNumSql("c.created_by")}, 'new_comments', cm.content_id || ':' || substr(${at}, 1, 10), 'comments', cm.content_id, 1, 0, c.title, ${at}, substr(${at}, 1, 10)
    from comments cm join content c on c.id = cm.content_id
    where cm.id = ${comment} and cm.created_at = ${at} and cm.author_id <> c.created_by
    on conflict (user_num, kind, ref) do update set count = notifications.count + 1, detail = excluded.detail,
      at = max(notifications.at, excluded.at), read_at = null`;
}
