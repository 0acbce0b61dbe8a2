import { sql, type SQL } from "drizzle-orm";

/** How many of the newest matches a search ranks (docs/decisions/012). */
export const SEARCH_WINDOW = 500;

// A search row's sortKey is `weight × ROWID_SPAN + rowid`: one integer, larger first, that orders by rank tier
// and then newest, and is its own keyset cursor. 2^40 rowids leave 10 × 2^40 well inside a double's 2^53.
const ROWID_SPAN = 2 ** 40;
/**
 * Words only found as the start of a longer word rank after every whole-word match: first where the item's own
 * text holds them, then where only its captions do (docs/decisions/049).
 */
const COMPLETION = { text: 1, captions: 0 } as const;
/** The tiers whose matches need the captions: a result says "in captions" (docs/decisions/049). */
const CAPTION_WEIGHTS: ReadonlySet<number> = new Set([2, COMPLETION.captions]);

/**
 * The two readings of a search (docs/decisions/021), as domain/content/search-query.ts makes them from what a
 * person typed. Only the last word is still being typed, so only it may be the start of a longer word: `prefix`
 * ends in `"word"*`; `whole` takes every word as a whole word. The `*` costs FTS5 a merge of the doclists of
 * every word with that start, in proportion to their matches, so the query asks for it only where whole words
 * do not already fill the search window.
 */
export type SearchTerms = { whole: string; prefix: string };

/** FTS5 column sets in rank order: a match's rank is the first set that holds every word of the query. */
const RANK_COLUMNS = [
  "{title}",
  "{title tags}",
  "{title tags creator_name}",
  "{title tags creator_name description}",
] as const;

/**
 * One FTS5 query per rank tier, best first, for whole-word matches; together they cover every match of
 * `whole` exactly once. The weights are the former bm25 column weights doubled (title 20, tags 10, creator 8,
 * description 4), used as tier scores, with the captions (2) last (docs/decisions/049): which column holds the
 * words decides, then the newest.
 */
export function rankTiers(whole: string): { weight: number; query: string }[] {
  const within = (i: number) => `${RANK_COLUMNS[i]} : (${whole})`;
  return [
    { weight: 20, query: within(0) },
    { weight: 10, query: `${within(1)} NOT ${within(0)}` },
    { weight: 8, query: `${within(2)} NOT ${within(1)}` },
    { weight: 4, query: `${within(3)} NOT ${within(2)}` },
    { weight: 2, query: `(${whole}) NOT ${within(3)}` },
  ];
}

/** Whether a search row (by its sortKey) matched only with its captions' words. */
export const matchedInCaptions = (sortKey: string | number) =>
  CAPTION_WEIGHTS.has(Math.floor(Number(sortKey) / ROWID_SPAN));

export type RankedParams = {
  terms: SearchTerms;
  /** Conditions on `content c` (type, creator, visibility): applied before the window is counted. */
  filters: SQL[];
  /**
   * Conditions that narrow the window once counted (length, upload date: docs/decisions/100), so a rare one
   * never walks past the window's floor to fill a page.
   */
  within?: SQL[];
  /** The sortKey of the last row of the previous page. */
  afterKey: number | null;
  limit: number;
};

/** A match's place in the results, larger first; also the keyset cursor of the page it ends. */
export const SEARCH_SORT_KEY = sql.raw(`ranked.weight * ${ROWID_SPAN} + ranked.r`);

/**
 * `with … ranked(r, weight)`: the content rowids of one page of search results, at most `limit + 1`, for the
 * caller to join and order by SEARCH_SORT_KEY desc; null when the cursor is past the last tier
 * (docs/decisions/021). Nothing here needs corpus statistics or visits a match
 * outside the window: FTS5 walks each query newest-first from its index, and every walk stops at the window's
 * floor (the SEARCH_WINDOW-th newest match) or after one page of rows. The word being typed is a prefix only
 * when its whole word does not fill the window by itself, since a prefix costs FTS5 a merge of all its matches.
 */
export function rankedSearch(p: RankedParams): SQL | null {
  const { terms, filters } = p;
  const n = p.limit + 1;
  const walk = (query: SQL, where: SQL[] = []) => {
    // CROSS JOIN keeps the full-text walk outermost, newest first: SQLite would otherwise drive a filter on
    // published_at or the length band from content's indexes and test the match per row.
    const join = filters.length ? sql`cross join content c on c.rowid = s.rowid` : sql``;
    const conds = [sql`content_search match ${query}`, ...filters, ...where];
    return sql`from content_search s ${join} where ${sql.join(conds, sql` and `)}`;
  };
  const nth = (query: string) =>
    sql`(select s.rowid ${walk(sql`${query}`)} order by s.rowid desc limit 1 offset ${SEARCH_WINDOW - 1})`;
  const after =
    p.afterKey === null ? null : { weight: Math.floor(p.afterKey / ROWID_SPAN), rowid: p.afterKey % ROWID_SPAN };
  const ownText = `${RANK_COLUMNS[3]} : (${terms.prefix})`;
  const tiers = [
    ...rankTiers(terms.whole),
    { weight: COMPLETION.text, query: `${ownText} NOT (${terms.whole})` },
    { weight: COMPLETION.captions, query: `(${terms.prefix}) NOT (${ownText} OR (${terms.whole}))` },
  ];
  // Best tier first, each newest first: the union is already in page order, so its LIMIT stops SQLite before
  // the lower tiers once the page is full.
  const parts = tiers
    // Keyset paging over (weight desc, rowid desc): tiers above the cursor's are done, its own resumes below it.
    .filter((t) => !after || t.weight <= after.weight)
    .map((t) => {
      const where = [sql`s.rowid >= (select m from floor)`, ...(p.within ?? [])];
      if (after && t.weight === after.weight) where.push(sql`s.rowid < ${after.rowid}`);
      // Completions are only looked at when whole words leave room in the window (limit 0 skips the walk).
      const completion = t.weight === COMPLETION.text || t.weight === COMPLETION.captions;
      const limit = completion ? sql`(select case when whole_fills then 0 else ${n} end from floor)` : sql`${n}`;
      return sql`select * from (select s.rowid as r, ${t.weight} as weight ${walk(sql`${t.query}`, where)}
        order by s.rowid desc limit ${limit})`;
    });
  if (!parts.length) return null;
  // The window's floor: the SEARCH_WINDOW-th newest whole-word match, or none when whole words do not fill
  // the window (then all of them rank, and completions follow newest first, one page at a time).
  return sql`with floor as materialized (
      select coalesce(f, 0) as m, f is not null as whole_fills from (select ${nth(terms.whole)} as f)
    ), ranked as (${unionInOrder(parts)} limit ${n}) `;
}

/**
 * `with floor …, win(r)`: the content rowids of the search window itself, unordered, for a search sorted by
 * newest or views (docs/decisions/100): the SEARCH_WINDOW newest whole-word matches, or when whole words do not
 * fill it, all of them and then the newest completions up to the window's size. The same set the ranking pages
 * through, at most SEARCH_WINDOW rows, which the caller narrows (length, upload date) and sorts in memory: every
 * walk stops at the window's size.
 */
export function searchWindow(terms: SearchTerms, filters: SQL[]): SQL {
  // CROSS JOIN: the full-text walk stays outermost (see rankedSearch).
  const walk = (query: string, limit: SQL) =>
    sql`select s.rowid as r from content_search s cross join content c on c.rowid = s.rowid
      where ${sql.join([sql`content_search match ${query}`, ...filters], sql` and `)}
      order by s.rowid desc limit ${limit}`;
  // The prefix's merge is paid only when whole words leave room (limit 0 skips the walk), as in rankedSearch.
  return sql`with whole as materialized (${walk(terms.whole, sql`${SEARCH_WINDOW}`)}),
    win as (select r from whole union all select * from (${walk(
      `(${terms.prefix}) NOT (${terms.whole})`,
      sql`(select ${SEARCH_WINDOW} - count(*) from whole)`,
    )})) `;
}

/** D1 allows at most this many terms in one compound SELECT. */
const COMPOUND_MAX = 5;

/**
 * `a union all b union all …` in that order, nested in groups when there are more parts than D1 takes in one
 * compound SELECT (seven tiers since the captions, docs/decisions/049); each group is its own compound.
 */
function unionInOrder(parts: SQL[]): SQL {
  if (parts.length <= COMPOUND_MAX) return sql.join(parts, sql` union all `);
  const groups: SQL[] = [];
  for (let i = 0; i < parts.length; i += COMPOUND_MAX)
    groups.push(sql`select * from (${sql.join(parts.slice(i, i + COMPOUND_MAX), sql` union all `)})`);
  return unionInOrder(groups);
}
