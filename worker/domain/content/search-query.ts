import type { SearchTerms } from "../../db/queries/content/content-search";

// Turns whatever a person typed into safe FTS5 queries: every word becomes a quoted term of letters and digits,
// so quotes, `*`, `NEAR`, `OR`, parentheses or column filters in the input are plain text, never FTS syntax.
const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 64;

/** Returns null when the text holds no searchable word (only punctuation or emoji, say). */
export function ftsQuery(text: string): SearchTerms | null {
  const words =
    text
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms = words.slice(0, MAX_TERMS).map((w) => `"${w.slice(0, MAX_TERM_LENGTH)}"`);
  if (!terms.length) return null;
  const whole = terms.join(" ");
  return { whole, prefix: `${whole}*` };
}
