import { NOTIFICATIONS_LISTED, UNREAD_COUNTED } from "../../../../common/notifications";
import type { Db } from "../../client";
import { prepareShared } from "../audit/audited-change";
import { CREATOR_NAME_SQL } from "../content/content";
import { publicNowSql } from "../content/visibility";
import { memberNumSql } from "../archive/kept-numbers";

// The bell's read (docs/decisions/046): one batch, one round trip. The member's own rows (notifications_event_unique,
// sorted: decision 059; the unread count on the same rows: decision 086) merged with the uploads of the creators they follow, read
// at the time of asking (fan-out on read): follows by primary key, then each followed creator's newest items
// on content_creator_published_idx, by when each became public (docs/decisions/094: a scheduled item is told at its
// time, and once: published_at never moves once past). An upload writes nothing per follower, so it costs the
// same with 10 or 100k.
// ?1 the member, ?2 now, ?3 the oldest upload told (now less UPLOAD_NOTICE_DAYS).

// The member asking, by number (notifications name members by number: docs/decisions/060).
const ME = memberNumSql("?1");
const MUTED = (group: string) =>
  `instr(',' || coalesce((select muted from notification_settings where user_id = ?1), '') || ',', ',' || ${group} || ',') > 0`;
const MARK = "coalesce((select uploads_read_at from notification_settings where user_id = ?1), '')";
const OWN = `from notifications n where n.user_num = ${ME} and n.at <= ?2 and n.kind <> 'upload' and n.count > 0 and not ${MUTED("n.grp")}`;
const FOLLOWED_UPLOADS = `from follows f
  join content c on c.created_by = f.creator_id and c.published_at > f.created_at and c.published_at > ?3 and c.published_at <= ?2
  join users u on u.id = c.created_by
  where f.follower_id = ?1 and c.deleted_at is null and c.removed_at is null and u.suspended_at is null
    and ${publicNowSql("c")} and not ${MUTED("'uploads'")}`;
const UPLOAD_READ = `(c.published_at <= ${MARK} or exists (select 1 from notifications r where r.user_num = ${ME} and r.kind = 'upload' and r.ref = c.id))`;

/**
 * The bell counts the upload `c` (a listed item of the creator `f` follows: f.follower_id = ?1) as unread: it
 * appeared after the follow and within the window (?3 to ?2), uploads are not turned off, and neither the read mark
 * nor a read row covers it. The rule, once: the bell's count and the following feed's `unread` (docs/decisions/101).
 */
export const UPLOAD_UNREAD_SQL = `(c.published_at > f.created_at and c.published_at > ?3 and c.published_at <= ?2
  and not ${MUTED("'uploads'")} and not ${UPLOAD_READ})`;

/** The uploads the bell merges in, newest published first: each followed creator's items on content_creator_published_idx. */
export const FOLLOWED_UPLOADS_SQL = `select 'u-' || c.id as id, 'upload' as kind, 'uploads' as grp, c.published_at as at, ${UPLOAD_READ} as read,
    1 as count, 0 as amountMicros, c.id as subjectId, c.title as detail, c.created_by as creatorId, ${CREATOR_NAME_SQL} as creatorName
  ${FOLLOWED_UPLOADS} order by c.published_at desc limit ${NOTIFICATIONS_LISTED}`;

/** The member's own unread rows, counted up to the cap: on notifications_event_unique, no index of its own (086). */
export const OWN_UNREAD_COUNT_SQL = `select count(*) as n from (select 1 ${OWN} and n.read_at is null limit ${UNREAD_COUNTED})`;

export type NotificationRow = {
  id: string;
  kind: string;
  grp: string;
  at: string;
  read: number;
  count: number;
  amountMicros: number;
  subjectId: string | null;
  detail: string;
  creatorId: string | null;
  creatorName: string | null;
};

export async function readBell(db: Db, userId: string, now: string, uploadsSince: string) {
  const d1 = db.$client;
  const q = (text: string) => prepareShared(d1, text, [userId, now, uploadsSince]);
  const [own, ownUnread, uploads, uploadsUnread, settings] = await d1.batch([
    q(`select cast(n.id as text) as id, n.kind, n.grp, n.at, (n.read_at is not null) as read, n.count, n.amount_micros as amountMicros,
         n.subject_id as subjectId, n.detail, null as creatorId, null as creatorName
       ${OWN} order by n.at desc limit ${NOTIFICATIONS_LISTED}`),
    q(OWN_UNREAD_COUNT_SQL),
    q(FOLLOWED_UPLOADS_SQL),
    q(`select count(*) as n from (select 1 ${FOLLOWED_UPLOADS} and ${UPLOAD_UNREAD_SQL} limit ${UNREAD_COUNTED})`),
    d1.prepare("select muted from notification_settings where user_id = ?1").bind(userId),
  ]);
  const count = (r: D1Result | undefined) => (r?.results[0] as { n: number } | undefined)?.n ?? 0;
  const items = [...(own!.results as NotificationRow[]), ...(uploads!.results as NotificationRow[])]
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
    .slice(0, NOTIFICATIONS_LISTED);
  const muted = ((settings!.results[0] as { muted: string } | undefined)?.muted ?? "").split(",").filter(Boolean);
  return { unread: Math.min(UNREAD_COUNTED, count(ownUnread) + count(uploadsUnread)), items, muted };
}

/**
 * Marks the member's notifications read: everything up to now (`all`: own rows, and the uploads mark moves to
 * now), or the listed ids — own rows by id, uploads ("u-" and the item's id) by a row that records the read.
 * Only the member's own rows change; an id of someone else's row matches nothing.
 */
export async function markRead(
  db: Db,
  userId: string,
  now: string,
  target: { all: true } | { rowIds: number[]; contentIds: string[] },
) {
  const d1 = db.$client;
  if ("all" in target) {
    await d1.batch([
      d1
        .prepare(`update notifications set read_at = ?2 where user_num = ${ME} and read_at is null and at <= ?2`)
        .bind(userId, now),
      d1
        .prepare(
          `insert into notification_settings (user_id, uploads_read_at) values (?1, ?2)
          on conflict (user_id) do update set uploads_read_at = max(uploads_read_at, excluded.uploads_read_at)`,
        )
        .bind(userId, now),
    ]);
    return;
  }
  await d1.batch([
    d1
      .prepare(
        `update notifications set read_at = ?2 where user_num = ${ME} and read_at is null and at <= ?2
        and id in (select value from json_each(?3))`,
      )
      .bind(userId, now, JSON.stringify(target.rowIds)),
    // Only items of creators the member follows: a list of guessed ids writes nothing.
    d1
      .prepare(
        `insert into notifications (user_num, kind, ref, grp, subject_id, count, at, day, read_at)
        select ${ME}, 'upload', c.id, 'uploads', c.id, 0, coalesce(c.published_at, c.created_at),
          substr(coalesce(c.published_at, c.created_at), 1, 10), ?2
        from content c join follows f on f.follower_id = ?1 and f.creator_id = c.created_by
        where c.id in (select value from json_each(?3))
        on conflict (user_num, kind, ref) do nothing`,
      )
      .bind(userId, now, JSON.stringify(target.contentIds)),
  ]);
}

/**
 * Moves the member's uploads read mark up to the item `contentId` (the newest the following feed showed): every
 * upload of a followed creator published up to it is read, in the bell and the feed alike (docs/decisions/101).
 * One row per member, never one per upload. Only an item of a creator the member follows, published by now, moves
 * it, and never backwards: a guessed or future id writes nothing.
 */
export async function markUploadsReadThrough(db: Db, userId: string, now: string, contentId: string) {
  await db.$client
    .prepare(
      `insert into notification_settings (user_id, uploads_read_at)
      select ?1, c.published_at from content c join follows f on f.follower_id = ?1 and f.creator_id = c.created_by
      where c.id = ?3 and c.published_at <= ?2
      on conflict (user_id) do update set uploads_read_at = max(uploads_read_at, excluded.uploads_read_at)`,
    )
    .bind(userId, now, contentId)
    .run();
}

/** Sets the groups the member turned off. */
export async function setMuted(db: Db, userId: string, muted: readonly string[]) {
  await db.$client
    .prepare(
      `insert into notification_settings (user_id, muted) values (?1, ?2) on conflict (user_id) do update set muted = excluded.muted`,
    )
    .bind(userId, muted.join(","))
    .run();
}
