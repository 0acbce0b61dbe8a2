/**
 * The longest search GET /api/content takes (common/schemas/content.ts `contentListQuery.search`; a test
 * keeps the two equal). Held here rather than read from the schema so the home page does not load zod.
 */
export const SEARCH_MAX = 200;

/** What the page says when a search is longer than that (docs/product-spec.md §2 Home). */
export const SEARCH_TOO_LONG = `Search for at most ${SEARCH_MAX} characters`;
