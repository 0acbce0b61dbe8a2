// Turns whatever a person typed into safe FTS5 queries: every word becomes a quoted term of letters and digits,
// so quotes, `*`, `NEAR`, `OR`, parentheses or column filters in the input are plain text, never FTS syntax.
const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 64;

/**
 * The two readings of a search (docs/decisions/021). Only the last word is still being typed, so only it may
 * be the start of a longer word: `prefix` ends in `"word"*`; `whole` takes every word as a whole word. The
 * `*` costs FTS5 a merge of the doclists of every word with that start, in proportion to their matches, so
 * the query asks for it only where whole words do not already fill the search window.
 */
export type SearchTerms = { whole: string; prefix: string };

/** Returns null when the text holds no searchable word (only punctuation or emoji, say). */
export function ftsQuery(text: string): SearchTerms | null {
  const words = text.normalize("NFKC").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms = words.slice(0, MAX_TERMS).map((w) => `"${w.slice(0, MAX_TERM_LENGTH)}"`);
  if (!terms.length) return null;
  const whole = terms.join(" ");
  return { whole, prefix: `${whole}*` };
}

/** FTS5 column sets in rank order: a match's rank is the first set that holds every word of the query. */
const RANK_COLUMNS = ["{title}", "{title tags}", "{title tags creator_name}"] as const;

/**
 * One FTS5 query per rank tier, best first, for whole-word matches; together they cover every match of
 * `whole` exactly once. The weights are today's bm25 column weights (title 10, tags 5, creator 4,
 * description 2), used as tier scores: which column holds the words decides, then the newest.
 */
export function rankTiers(whole: string): { weight: number; query: string }[] {
  const within = (i: number) => `${RANK_COLUMNS[i]} : (${whole})`;
  return [
    { weight: 10, query: within(0) },
    { weight: 5, query: `${within(1)} NOT ${within(0)}` },
    { weight: 4, query: `${within(2)} NOT ${within(1)}` },
    { weight: 2, query: `(${whole}) NOT ${within(2)}` },
  ];
}
