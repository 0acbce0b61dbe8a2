// Tags are a comma-separated string on content (docs/product-spec.md §3). People type "Jazz", "jazz " and "JAZZ": to the
// recommender they are one tag.

/** Distinct tags of one item, lower-cased, trimmed, inner spaces collapsed, empties dropped. */
export function parseTags(tags: string): string[] {
  const out = tags.split(",").map((t) => t.normalize("NFKC").trim().toLowerCase().replace(/\s+/g, " "));
  return [...new Set(out.filter(Boolean))];
}

/** For each tag, the share of the given items that carry it (0..1): the viewer's taste in tags. */
export function tagWeights(tagLists: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const list of tagLists) for (const t of parseTags(list)) counts.set(t, (counts.get(t) ?? 0) + 1);
  return new Map([...counts].map(([t, n]) => [t, n / tagLists.length]));
}

/**
 * How well an item's tags match a taste (0..1): the taste weight of its tags, divided by √(its tag count) so an
 * item cannot match everything by carrying every tag, capped at 1.
 */
export function tagSimilarity(taste: Map<string, number>, tags: string): number {
  if (taste.size === 0) return 0;
  const own = parseTags(tags);
  if (own.length === 0) return 0;
  const sum = own.reduce((s, t) => s + (taste.get(t) ?? 0), 0);
  return Math.min(1, sum / Math.sqrt(own.length));
}

const MAX_QUERY_TAGS = 8;

/**
 * An FTS5 query over the `tags` column for the strongest tags of a taste, or null when there are none. Every tag
 * becomes one quoted phrase of letters and digits only (as search-query.ts does for typed text), so nothing in
 * a tag can act as FTS syntax. The index stores tags with commas turned into spaces, so a phrase matches a
 * whole multi-word tag.
 */
export function tagMatchQuery(taste: Map<string, number>): string | null {
  const strongest = [...taste].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, MAX_QUERY_TAGS);
  const phrases = strongest
    .map(([t]) => (t.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(" "))
    .filter(Boolean)
    .map((p) => `"${p}"`);
  return phrases.length ? `tags : (${[...new Set(phrases)].join(" OR ")})` : null;
}
