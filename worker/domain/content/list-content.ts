import { matchedInCaptions } from "../../db/queries/content/content-search";
import { publicCommentCounts } from "../../db/queries/comments/comments";
import { listByCreator, listContentPage, listLikedBy, type ContentRow } from "../../db/queries/content/content";
import type { MemberCall, ReaderCall } from "../member-context";
import { badRequest } from "../../lib/errors";
import { decodeCursor, encodeCursor } from "./cursor";
import { ftsQuery } from "./search-query";
import type { ContentLength, ContentSort, ContentUploaded } from "../../../common/schemas/content";

/** The caller's own lists (My Content, Liked) come in one page of at most this many. */
export const OWN_LIST_LIMIT = 500;

/** A page of content and the cursor of the next (null on the last); `inCaptions` only for a search. */
export type ContentPage = {
  items: ContentRow[];
  nextCursor: string | null;
  inCaptions?: string[];
  /** My Content only: each item's public comment count (docs/decisions/095). */
  commentCounts?: Map<string, number>;
};

type GalleryInput = {
  type?: "video" | "audio";
  creator?: string;
  search?: string;
  sort?: ContentSort;
  length?: ContentLength;
  uploaded?: ContentUploaded;
  cursor?: string;
  limit: number;
};

const LENGTH_BANDS = { short: 0, medium: 1, long: 2 } as const;
/** "Today" is the last 24 hours, not a calendar day: the same for every viewer's time zone (docs/decisions/100). */
const UPLOADED_DAYS = { today: 1, week: 7, month: 30, year: 365 } as const;
const DAY_MS = 86_400_000;

/**
 * The gallery, newest first, or the matches of a search, a keyset page; hidden and deleted items are left out
 * in SQL (db/queries/content/visibility.ts), so the caller does not change the list.
 */
export async function listContent({ ctx, input }: ReaderCall<GalleryInput>): Promise<ContentPage> {
  const match = input.search?.trim() ? ftsQuery(input.search) : undefined;
  // Text with no searchable word (only punctuation or emoji) matches nothing rather than everything.
  if (match === null) return { items: [], nextCursor: null };
  // Relevance needs words to weigh: a browse asked for it is newest, the order it would otherwise have.
  const sort =
    input.sort === undefined || (input.sort === "relevance" && !match) ? (match ? "relevance" : "newest") : input.sort;
  // A page loaded before cursors named their sort asked for the default one: its cursor still pages it.
  const after = decodeCursor(input.cursor, sort, input.sort === undefined);
  // Each order's key has one type (published_at text for newest, a number for the others); any other is not ours.
  if (after && typeof after.key !== (sort === "newest" ? "string" : "number")) {
    throw badRequest("cursor: invalid pagination cursor");
  }
  const rows = await listContentPage(ctx.db, {
    type: input.type,
    creator: input.creator,
    sort,
    lengthBand: input.length && LENGTH_BANDS[input.length],
    since: input.uploaded && new Date(Date.now() - UPLOADED_DAYS[input.uploaded] * DAY_MS).toISOString(),
    match,
    after,
    limit: input.limit,
  });
  const items = rows.slice(0, input.limit);
  const last = items.at(-1);
  const nextCursor = rows.length > input.limit && last ? encodeCursor({ key: last.sortKey, id: last.id }, sort) : null;
  if (!match || sort !== "relevance") return { items, nextCursor };
  return { items, nextCursor, inCaptions: items.filter((r) => matchedInCaptions(r.sortKey)).map((r) => r.id) };
}

/**
 * The caller's own uploads, newest first, in one page (My Content), with each item's public comment count: one
 * more statement for the whole page, never one per item.
 */
export async function listMyContent({ ctx }: MemberCall<Record<string, never>>): Promise<ContentPage> {
  const items = await listByCreator(ctx.db, ctx.actor.id, OWN_LIST_LIMIT);
  const commentCounts = await publicCommentCounts(
    ctx.db,
    items.map((i) => i.id),
  );
  return { items, nextCursor: null, commentCounts };
}

/** The items the caller likes, the latest liked first, in one page. */
export async function listLikedContent({ ctx }: MemberCall<Record<string, never>>): Promise<ContentPage> {
  return { items: await listLikedBy(ctx.db, ctx.actor.id, OWN_LIST_LIMIT), nextCursor: null };
}
