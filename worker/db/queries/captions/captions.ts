import { and, eq, sql } from "drizzle-orm";
import { CAPTION_LANGUAGES_MAX } from "../../../../common/captions";
import type { Db } from "../../client";
import { content, contentCaptions, users } from "../../schema";
import { type ContentRow, SELECT_ROW } from "../content/content";
import { ITEM_STANDING_COLUMNS } from "../content/content";

type CaptionTrackRow = { lang: string; r2Key: string; updatedAt: string };

// The item's caption tracks as one JSON array, by language: read in the statement that reads the item, so the
// item's page costs no extra round trip for them (docs/architecture.md §6).
const TRACKS = sql`(select coalesce(json_group_array(json_object('lang', t.lang, 'r2Key', t.r2_key, 'updatedAt', t.updated_at)), '[]')
  from (select lang, r2_key, updated_at from content_captions where content_id = c.id order by lang) t)`;

// The item's seek previews (docs/decisions/102) as one JSON object, or null: in the same statement, too.
const STORYBOARD = sql`(select json_object('intervalMs', s.interval_ms, 'columns', s.columns, 'rows', s.rows,
  'frameWidth', s.frame_width, 'frameHeight', s.frame_height, 'count', s.count, 'updatedAt', s.updated_at)
  from content_storyboards s where s.content_id = c.id)`;

type StoryboardLayoutRow = {
  intervalMs: number;
  columns: number;
  rows: number;
  frameWidth: number;
  frameHeight: number;
  count: number;
  updatedAt: string;
};

/** An item (as findContent reads it) with its caption tracks and its seek previews' layout. */
export async function findContentWithCaptions(
  db: Db,
  id: string,
): Promise<(ContentRow & { captions: CaptionTrackRow[]; storyboard: StoryboardLayoutRow | null }) | null> {
  const rows = await db.all<
    ContentRow & { tracks: string; storyboard: string | null }
  >(sql`select ${SELECT_ROW}, ${TRACKS} as tracks, ${STORYBOARD} as storyboard from content c
    join users u on u.id = c.created_by where c.id = ${id}`);
  const row = rows[0];
  if (!row) return null;
  const { tracks, storyboard, ...item } = row;
  return {
    ...item,
    captions: JSON.parse(tracks) as CaptionTrackRow[],
    storyboard: storyboard === null ? null : (JSON.parse(storyboard) as StoryboardLayoutRow),
  };
}

/** One track with what serving it needs to know about its item's standing (docs/decisions/027, 028). */
export async function findCaptionTrack(db: Db, contentId: string, lang: string) {
  const [row] = await db
    .select({
      r2Key: contentCaptions.r2Key,
      ...ITEM_STANDING_COLUMNS,
    })
    .from(contentCaptions)
    .innerJoin(content, eq(content.id, contentCaptions.contentId))
    .innerJoin(users, eq(users.id, content.createdBy))
    .where(and(eq(contentCaptions.contentId, contentId), eq(contentCaptions.lang, lang)));
  return row ?? null;
}

type CaptionTrackWrite = {
  contentId: string;
  lang: string;
  r2Key: string;
  size: number;
  cueCount: number;
  searchText: string;
  createdBy: string;
  now: string;
};

/**
 * Adds or replaces one language's track; a new language only while the item has fewer than
 * CAPTION_LANGUAGES_MAX. One statement, so two racing uploads cannot pass the limit together. Returns whether
 * it was written. The search index follows by trigger (migration 0021).
 */
export async function upsertCaptionTrack(db: Db, w: CaptionTrackWrite): Promise<boolean> {
  const rows = await db.all(sql`insert into content_captions
      (content_id, lang, r2_key, size, cue_count, search_text, created_by, created_at, updated_at)
    select ${w.contentId}, ${w.lang}, ${w.r2Key}, ${w.size}, ${w.cueCount}, ${w.searchText}, ${w.createdBy}, ${w.now}, ${w.now}
    where (select count(*) from content_captions where content_id = ${w.contentId} and lang <> ${w.lang}) < ${CAPTION_LANGUAGES_MAX}
    on conflict (content_id, lang) do update set r2_key = excluded.r2_key, size = excluded.size, cue_count = excluded.cue_count,
      search_text = excluded.search_text, created_by = excluded.created_by, updated_at = excluded.updated_at
    returning 1 as written`);
  return rows.length > 0;
}

/** Removes one language's track; its R2 key, or null when the item had none in that language. */
export async function deleteCaptionTrack(db: Db, contentId: string, lang: string): Promise<string | null> {
  const [row] = await db
    .delete(contentCaptions)
    .where(and(eq(contentCaptions.contentId, contentId), eq(contentCaptions.lang, lang)))
    .returning({ r2Key: contentCaptions.r2Key });
  return row?.r2Key ?? null;
}
