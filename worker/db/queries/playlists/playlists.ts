import { sql } from "drizzle-orm";
import type { Db } from "../../client";
import { PLAYLIST_ITEMS_MAX, PLAYLISTS_PER_MEMBER_MAX } from "../../../../common/playlists";
import { CREATOR_NAME_SQL, SELECT_ROW, type ContentRow } from "../content/content";
import { itemUnavailableSql, VISIBLE_ROW } from "../content/visibility";

// Playlists and Watch later (docs/decisions/090). Items are read through the content visibility rule: an item
// deleted, taken down or by a suspended creator stays in its place but is never shown, to anyone.

export type PlaylistRow = {
  id: string;
  ownerId: string;
  ownerName: string;
  ownerSuspended: number;
  kind: "playlist" | "watch_later";
  title: string;
  description: string;
  visibility: "public" | "unlisted" | "private";
  createdAt: string;
  updatedAt: string;
};

export type PlaylistSummaryRow = Omit<PlaylistRow, "ownerName" | "ownerSuspended" | "ownerId" | "createdAt"> & {
  itemCount: number;
  firstContentId: string | null;
  hasItem: number | null;
};

const VISIBLE_ITEM = `not ${itemUnavailableSql("c")}`;

/** Makes the member's Watch later (its id is theirs) unless it exists. */
export async function ensureWatchLater(db: Db, ownerId: string, now: string) {
  await db.$client
    .prepare(
      `insert into playlists (id, owner_id, kind, title, description, visibility, created_at, updated_at)
      values (?1, ?1, 'watch_later', 'Watch later', '', 'private', ?2, ?2) on conflict (id) do nothing`,
    )
    .bind(ownerId, now)
    .run();
}

/** Inserts a playlist unless the member has PLAYLISTS_PER_MEMBER_MAX already; false when refused. */
export async function insertPlaylist(
  db: Db,
  p: { id: string; ownerId: string; title: string; description: string; visibility: string; now: string },
) {
  const res = await db.$client
    .prepare(
      `insert into playlists (id, owner_id, kind, title, description, visibility, created_at, updated_at)
      select ?1, ?2, 'playlist', ?3, ?4, ?5, ?6, ?6
      where (select count(*) from playlists where owner_id = ?2 and kind = 'playlist') < ?7`,
    )
    .bind(p.id, p.ownerId, p.title, p.description, p.visibility, p.now, PLAYLISTS_PER_MEMBER_MAX)
    .run();
  return res.meta.changes > 0;
}

export async function findPlaylist(db: Db, id: string): Promise<PlaylistRow | null> {
  return db.$client
    .prepare(
      `select p.id, p.owner_id as ownerId, ${CREATOR_NAME_SQL} as ownerName, (u.suspended_at is not null) as ownerSuspended,
        p.kind, p.title, p.description, p.visibility, p.created_at as createdAt, p.updated_at as updatedAt
      from playlists p join users u on u.id = p.owner_id where p.id = ?1`,
    )
    .bind(id)
    .first<PlaylistRow>();
}

export type PlaylistItemRow = ContentRow & { position: number; addedAt: string; available: number };

/** Every item of a list in its order (the primary key's range, 500 rows at most), each saying whether it is shown. */
export async function listPlaylistItems(db: Db, playlistId: string): Promise<PlaylistItemRow[]> {
  return db.all(sql`select ${SELECT_ROW}, pi.position as position, pi.added_at as addedAt, ${VISIBLE_ROW} as available
    from playlist_items pi join content c on c.id = pi.content_id join users u on u.id = c.created_by
    where pi.playlist_id = ${playlistId} order by pi.position, pi.added_at`);
}

/**
 * A member's lists, Watch later first then the most recently changed, each with its shown items' count and
 * first item; `publicOnly` for their creator page. `contentId`: whether each list holds that item.
 */
export async function listPlaylistsOf(
  db: Db,
  o: { ownerId: string; publicOnly: boolean; contentId: string | null },
): Promise<PlaylistSummaryRow[]> {
  const { results } = await db.$client
    .prepare(
      `select p.id, p.kind, p.title, p.description, p.visibility, p.updated_at as updatedAt,
        (select count(*) from playlist_items pi join content c on c.id = pi.content_id
          where pi.playlist_id = p.id and ${VISIBLE_ITEM}) as itemCount,
        (select pi.content_id from playlist_items pi join content c on c.id = pi.content_id
          where pi.playlist_id = p.id and ${VISIBLE_ITEM} order by pi.position limit 1) as firstContentId,
        case when ?3 is null then null
          else exists (select 1 from playlist_items pi where pi.playlist_id = p.id and pi.content_id = ?3) end as hasItem
      from playlists p where p.owner_id = ?1 and (?2 = 0 or p.visibility = 'public')
      order by p.kind = 'watch_later' desc, p.updated_at desc, p.id desc`,
    )
    .bind(o.ownerId, o.publicOnly ? 1 : 0, o.contentId)
    .all<PlaylistSummaryRow>();
  return results;
}

/** Content rows by id (the lists' first items, for their thumbnails). */
export async function contentRowsByIds(db: Db, ids: string[]): Promise<ContentRow[]> {
  if (ids.length === 0) return [];
  return db.all(sql`select ${SELECT_ROW} from content c join users u on u.id = c.created_by
    where c.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
}

/** Where an item is in a list (null: not in it), how many items the list holds, and whether the item may be added. */
export async function itemPlace(db: Db, playlistId: string, contentId: string) {
  const row = await db.$client
    .prepare(
      `select (select position from playlist_items where playlist_id = ?1 and content_id = ?2) as position,
        (select count(*) from playlist_items where playlist_id = ?1) as count,
        exists (select 1 from content c where c.id = ?2 and ${VISIBLE_ITEM}) as addable`,
    )
    .bind(playlistId, contentId)
    .first<{ position: number | null; count: number; addable: number }>();
  return row!;
}

const touch = (db: Db, playlistId: string, now: string) =>
  db.$client.prepare("update playlists set updated_at = ?2 where id = ?1").bind(playlistId, now);

/**
 * Inserts the item at `position` (at most the list's length), moving the ones at and after it down one, unless
 * it is in the list already or the list is full; false when nothing was added.
 */
export async function insertItem(db: Db, o: { playlistId: string; contentId: string; position: number; now: string }) {
  const d1 = db.$client;
  const absent = "not exists (select 1 from playlist_items where playlist_id = ?1 and content_id = ?2)";
  const roomy = `(select count(*) from playlist_items where playlist_id = ?1) < ${PLAYLIST_ITEMS_MAX}`;
  const [, inserted] = await d1.batch([
    d1
      .prepare(
        `update playlist_items set position = position + 1
        where playlist_id = ?1 and position >= ?3 and ${absent} and ${roomy}`,
      )
      .bind(o.playlistId, o.contentId, o.position),
    d1
      .prepare(
        `insert into playlist_items (playlist_id, content_id, position, added_at)
        select ?1, ?2, min(?3, (select count(*) from playlist_items where playlist_id = ?1)), ?4 where ${roomy}
        on conflict (playlist_id, content_id) do nothing`,
      )
      .bind(o.playlistId, o.contentId, o.position, o.now),
    touch(db, o.playlistId, o.now),
  ]);
  return inserted!.meta.changes > 0;
}

/** Moves an item from `from` to `to` (both within the list), shifting only the items between by one. */
export async function moveItem(
  db: Db,
  o: { playlistId: string; contentId: string; from: number; to: number; now: string },
) {
  const d1 = db.$client;
  await d1.batch([
    d1
      .prepare(
        `update playlist_items set position = case
          when content_id = ?2 then ?4
          when ?4 < ?3 then position + 1
          else position - 1 end
        where playlist_id = ?1 and position between min(?3, ?4) and max(?3, ?4)
          and exists (select 1 from playlist_items where playlist_id = ?1 and content_id = ?2 and position = ?3)`,
      )
      .bind(o.playlistId, o.contentId, o.from, o.to),
    touch(db, o.playlistId, o.now),
  ]);
}

/** Removes an item and closes its gap; removing one that is not there changes nothing. */
export async function deleteItem(db: Db, o: { playlistId: string; contentId: string; now: string }) {
  const d1 = db.$client;
  await d1.batch([
    d1
      .prepare(
        `update playlist_items set position = position - 1 where playlist_id = ?1
        and position > (select position from playlist_items where playlist_id = ?1 and content_id = ?2)`,
      )
      .bind(o.playlistId, o.contentId),
    d1.prepare("delete from playlist_items where playlist_id = ?1 and content_id = ?2").bind(o.playlistId, o.contentId),
    touch(db, o.playlistId, o.now),
  ]);
}

/** Changes a playlist's text or visibility (never Watch later's: its kind is in the condition). */
export async function updatePlaylist(
  db: Db,
  o: { id: string; title?: string; description?: string; visibility?: string; now: string },
) {
  await db.$client
    .prepare(
      `update playlists set title = coalesce(?2, title), description = coalesce(?3, description),
        visibility = coalesce(?4, visibility), updated_at = ?5 where id = ?1 and kind = 'playlist'`,
    )
    .bind(o.id, o.title ?? null, o.description ?? null, o.visibility ?? null, o.now)
    .run();
}

/** Deletes a playlist and its items (the cascade); never a Watch later. */
export async function deletePlaylist(db: Db, id: string) {
  await db.$client.prepare("delete from playlists where id = ?1 and kind = 'playlist'").bind(id).run();
}

/** Whether a member exists and is suspended (null: unknown), for their creator page's lists. */
export async function ownerStanding(db: Db, ownerId: string) {
  return db.$client
    .prepare("select suspended_at is not null as suspended from users where id = ?1")
    .bind(ownerId)
    .first<{ suspended: number }>();
}
