import type { Db } from "../../client";
import { CREATOR_NAME_SQL, SELECT_ROW_SQL, type ContentRow } from "../content/content";
import { LISTED_ROW_SQL, publicNowSql } from "../content/visibility";
import { UPLOAD_UNREAD_SQL } from "../notifications/notifications";

// Follows (docs/decisions/046). A creator that can be followed exists and is not suspended (a suspended
// creator's page and items are hidden, docs/decisions/027).

const FOLLOWABLE = "exists (select 1 from users where id = ?2 and suspended_at is null)";
const STATE = `select exists (select 1 from users where id = ?2) as found, ${FOLLOWABLE} as followable,
    exists (select 1 from follows where follower_id = ?1 and creator_id = ?2) as following,
    coalesce((select followers from follow_counts where creator_id = ?2), 0) as followers`;

export type FollowState = { found: number; followable: number; following: number; followers: number };

/**
 * Follows or unfollows, then reads the state back, in one batch. Following again, or unfollowing when not
 * following, changes nothing. ?1 the member, ?2 the creator, ?3 now.
 */
export async function setFollow(db: Db, o: { followerId: string; creatorId: string; now: string }, follow: boolean) {
  const d1 = db.$client;
  const write = follow
    ? d1
        .prepare(
          `insert into follows (follower_id, creator_id, created_at) select ?1, ?2, ?3 where ?1 <> ?2 and ${FOLLOWABLE}
        on conflict (follower_id, creator_id) do nothing`,
        )
        .bind(o.followerId, o.creatorId, o.now)
    : d1.prepare("delete from follows where follower_id = ?1 and creator_id = ?2").bind(o.followerId, o.creatorId);
  const [, read] = await d1.batch([write, d1.prepare(STATE).bind(o.followerId, o.creatorId)]);
  return read!.results[0] as FollowState;
}

/** A creator's follower count and whether the caller (null: a visitor) follows them: the creator page's part. */
export async function followStateOf(db: Db, creatorId: string, callerId: string | null) {
  const row = await db.$client
    .prepare(STATE)
    .bind(callerId ?? "", creatorId)
    .first<FollowState>();
  return { followers: row?.followers ?? 0, following: Boolean(row?.following) };
}

export type FollowedCreatorRow = { id: string; username: string | null; displayName: string; followedAt: string };
export type Keyset = { key: string; id: string } | null;

/** The creators the member follows, most recently followed first (follows_follower_created_idx), one extra row. */
export async function listFollowing(
  db: Db,
  userId: string,
  after: Keyset,
  limit: number,
): Promise<FollowedCreatorRow[]> {
  const { results } = await db.$client
    .prepare(
      `select u.id, u.username, ${CREATOR_NAME_SQL} as displayName, f.created_at as followedAt
      from follows f join users u on u.id = f.creator_id
      where f.follower_id = ?1 and u.suspended_at is null and (?2 is null or (f.created_at, f.creator_id) < (?2, ?3))
      order by f.created_at desc, f.creator_id desc limit ?4`,
    )
    .bind(userId, after?.key ?? null, after?.id ?? null, limit + 1)
    .all<FollowedCreatorRow>();
  return results;
}

export type FollowedUploadRow = ContentRow & { unread: number };

/**
 * The following feed (/following, Home's "From creators you follow"; docs/decisions/046, 101): the newest listed
 * items of the creators the member follows, one extra row: for each followed creator at most a page of its newest
 * published items below the cursor (content_creator_published_idx), merged newest first; a scheduled item is new
 * at its time (docs/decisions/094). A page costs (creators followed × page) rows at most, whatever their histories
 * hold, and never grows with how many follow a creator. `unread` is the bell's own rule (UPLOAD_UNREAD_SQL).
 */
export async function listFollowedUploads(
  db: Db,
  o: { userId: string; now: string; uploadsSince: string; after: Keyset; limit: number },
): Promise<FollowedUploadRow[]> {
  const { results } = await db.$client
    .prepare(FOLLOWED_UPLOADS_PAGE_SQL)
    .bind(o.userId, o.now, o.uploadsSince, o.after?.key ?? null, o.after?.id ?? null, o.limit + 1)
    .all<FollowedUploadRow>();
  return results;
}

/**
 * The statement of listFollowedUploads (tests read its plan). ?1 the member, ?2 now, ?3 the oldest upload the bell
 * tells (the names UPLOAD_UNREAD_SQL reads), ?4 and ?5 the cursor's published_at and id (null: the first page),
 * ?6 the page and one.
 */
export const FOLLOWED_UPLOADS_PAGE_SQL = `select ${SELECT_ROW_SQL}, ${UPLOAD_UNREAD_SQL} as unread from follows f
    join content c on c.id in (select c2.id from content c2 where c2.created_by = f.creator_id
        and c2.deleted_at is null and c2.removed_at is null and ${publicNowSql("c2")}
        and (?4 is null or (c2.published_at, c2.id) < (?4, ?5))
        order by c2.published_at desc, c2.id desc limit ?6)
    join users u on u.id = c.created_by
    where f.follower_id = ?1 and ${LISTED_ROW_SQL}
    order by c.published_at desc, c.id desc limit ?6`;
